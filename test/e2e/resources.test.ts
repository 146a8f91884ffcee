import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminFetch, BASIC_FIXTURE, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator();

interface JournalEntry {
  operation?: string;
  status: number;
}

async function journal(): Promise<JournalEntry[]> {
  const body = (await (await adminFetch(emulator, '/_emulator/journal')).json()) as {
    entries: JournalEntry[];
  };
  return body.entries;
}

async function sentCount(operation: string): Promise<number> {
  return (await journal()).filter((e) => e.operation === operation).length;
}

/** Re-seeds the fixture (it replaces its organizations) so each test starts from it. */
async function reseed(): Promise<void> {
  const res = await adminFetch(emulator, '/_emulator/seed', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: readFileSync(BASIC_FIXTURE, 'utf8'),
  });
  expect(res.status).toBe(200);
}

type Perms = Record<
  string,
  Record<'documents' | 'folders' | 'organization', Record<string, Record<string, unknown>>>
>;

describe('permissions get', () => {
  it('resolves access types, inheritance, overrides, expiry and disabled documents', async () => {
    const r = await svc(
      [
        'permissions',
        'get',
        '--org',
        'acme',
        '--user',
        'alice,bob',
        '--user',
        'carol',
        '--user',
        'dave',
        '--doc',
        'welcome,staff-list,plan,roadmap,contract,archived',
        '--json',
      ],
      emulator.env,
    );
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const p = JSON.parse(r.stdout) as Perms;
    const doc = (user: string, id: string) => p[user]?.documents[id] ?? {};

    // public: anyone
    expect(doc('dave', 'welcome')).toMatchObject({ accessRole: 'editor', accessType: 'public' });
    // organizationPrivate (inherited from the folder): members only
    expect(doc('carol', 'staff-list')).toMatchObject({ accessType: 'organizationPrivate' });
    expect(doc('carol', 'staff-list').errorCode).toBeUndefined();
    expect(doc('dave', 'staff-list')).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'organizationPrivate',
    });
    // restricted folder: a folder grant reaches its document, which reports the folder's type
    expect(doc('alice', 'plan')).toMatchObject({ accessRole: 'editor', accessType: 'restricted' });
    expect(doc('bob', 'plan')).toMatchObject({
      errorCode: 'permission_denied',
      accessType: 'restricted',
    });
    expect(doc('dave', 'plan')).toMatchObject({ accessRole: 'viewer', accessType: 'restricted' });
    // the document's own setting wins over its folder's
    expect(doc('bob', 'roadmap')).toMatchObject({
      accessType: 'organizationPrivate',
      accessRole: 'viewer',
    });
    // a live temporary grant reports its expiry; an expired one grants nothing
    expect(doc('carol', 'contract')).toMatchObject({ accessRole: 'viewer', expiresAt: 4102444800 });
    expect(doc('bob', 'contract')).toMatchObject({ errorCode: 'permission_denied' });
    // a disabled document grants nothing
    expect(doc('alice', 'archived')).toMatchObject({ errorCode: 'permission_denied' });
  });

  it('shows one row per user and resource when piped', async () => {
    const r = await svc(
      ['permissions', 'get', '--org', 'acme', '--user', 'carol', '--doc', 'contract'],
      emulator.env,
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout.split('\n')).toContain(
      'carol\tdocument\tcontract\tviewer\trestricted\t2100-01-01T00:00:00.000Z\t',
    );
  });

  it('exits 4 with details for a missing document', async () => {
    const r = await svc(
      ['permissions', 'get', '--org', 'acme', '--user', 'alice', '--doc', 'nope', '--json'],
      emulator.env,
    );
    expect(r.exitCode).toBe(4);
    expect(r.stdout).toBe('');
    const err = JSON.parse(r.stderr) as {
      error: { status: string; details: Perms };
      exitCode: number;
    };
    expect(err.error.status).toBe('NOT_FOUND');
    expect(err.error.details.alice?.documents.nope).toMatchObject({ errorCode: 'does_not_exist' });
  });

  it('rejects a request without users before sending (exit 2)', async () => {
    const before = await sentCount('permissions.get');
    const r = await svc(['permissions', 'get', '--org', 'acme', '--user', ','], emulator.env);
    expect(r.exitCode).toBe(2);
    expect(await sentCount('permissions.get')).toBe(before);
  });
});

describe('folders', () => {
  it('lists a subtree to a depth with ancestors', async () => {
    const r = await svc(
      ['folders', 'list', '--org', 'acme', '--folder', 'handbook', '--max-depth', '3', '--json'],
      emulator.env,
    );
    expect(r.exitCode).toBe(0);
    const [top] = JSON.parse(r.stdout) as {
      folderId: string;
      ancestors: string[];
      subFolders?: unknown[];
    }[];
    expect(top?.folderId).toBe('handbook');
    const names: string[] = [];
    let node: { folderId: string; ancestors: string[]; subFolders?: unknown[] } | undefined = top;
    while (node) {
      names.push(`${node.folderId}<${node.ancestors.join('/')}`);
      node = node.subFolders?.[0] as typeof node;
    }
    expect(names).toEqual([
      'handbook<root',
      'policies<root/handbook',
      'hr<root/handbook/policies',
      'benefits<root/handbook/policies/hr',
    ]);
  });

  it('adds 10,000 nested folders from NDJSON and lists exactly those', async () => {
    const dir = emulator.env.SVC_CONFIG_DIR ?? '';
    const lines: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      // Every tenth folder is top level; the others nest under an earlier one of its group.
      const top = i - (i % 10);
      const parent = i === top ? 'root' : `bulk-${Math.max(top, i - 1 - (i % 3))}`;
      lines.push(
        JSON.stringify({ folderId: `bulk-${i}`, folderName: `Bulk ${i}`, parentFolderId: parent }),
      );
    }
    const file = join(dir, 'folders.ndjson');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const r = await svc(
      ['folders', 'add', '--org', 'bulk-org', '--file', file, '--json'],
      emulator.env,
    );
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    const results = JSON.parse(r.stdout) as Record<string, { success: boolean }>;
    expect(Object.keys(results)).toEqual(lines.map((_, i) => `bulk-${i}`));
    expect(Object.values(results).every((x) => x.success)).toBe(true);

    const list = await svc(['folders', 'list', '--org', 'bulk-org', '--json'], emulator.env);
    const folders = JSON.parse(list.stdout) as { folderId: string }[];
    expect(folders).toHaveLength(10_000);
    expect(new Set(folders.map((f) => f.folderId)).size).toBe(10_000);
  }, 60_000);

  it('lists every failure first and every success to a pipe; --json has all', async () => {
    const file = join(emulator.env.SVC_CONFIG_DIR ?? '', 'many.ndjson');
    const ids = Array.from({ length: 1_500 }, (_, i) => `many-${i}`);
    // One folder that exists already, in the middle: exit 5, and its row comes first.
    ids[700] = 'handbook';
    writeFileSync(
      file,
      ids.map((id) => JSON.stringify({ folderId: id, folderName: id })).join('\n'),
    );

    const piped = await svc(['folders', 'add', '--org', 'acme', '--file', file], emulator.env);
    expect(piped.exitCode).toBe(5);
    const rows = piped.stdout.trimEnd().split('\n');
    // A script reading the pipe gets every row; a cap is for terminals alone.
    expect(rows).toHaveLength(1_500);
    expect(rows[0]?.split('\t').slice(0, 2)).toEqual(['handbook', 'false']);
    expect(rows[1]?.split('\t').slice(0, 2)).toEqual(['many-0', 'true']);
    expect(piped.stderr).not.toContain('not listed');
    expect(piped.stderr).toContain('1 of 1,500 items failed');

    await reseed();
    const json = await svc(
      ['folders', 'add', '--org', 'acme', '--file', file, '--json'],
      emulator.env,
    );
    expect(json.exitCode).toBe(5);
    const results = JSON.parse(json.stdout) as Record<string, { success: boolean }>;
    expect(Object.keys(results)).toEqual(ids);
    expect(Object.values(results).filter((x) => !x.success)).toHaveLength(1);
    expect(results.handbook?.success).toBe(false);
  });

  it('fails only the duplicate item, exit 5, failed first in the table', async () => {
    const r = await svc(
      ['folders', 'add', '--org', 'acme', '--id', 'handbook', '--name', 'Again'],
      emulator.env,
    );
    expect(r.exitCode).toBe(5);
    expect(r.stdout.split('\t').slice(0, 2)).toEqual(['handbook', 'false']);
    expect(r.stderr).toContain('1 of 1 item failed');
  });

  it('sends nothing when any line of the file is invalid, naming the line', async () => {
    const file = join(emulator.env.SVC_CONFIG_DIR ?? '', 'bad.ndjson');
    writeFileSync(
      file,
      '{"folderId":"ok1","folderName":"OK"}\n{"folderId":"","folderName":"Bad"}\n',
    );
    const before = await sentCount('folders.add');
    const r = await svc(['folders', 'add', '--org', 'acme', '--file', file], emulator.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('line 2');
    expect(r.stderr).toContain('folderId');
    expect(await sentCount('folders.add')).toBe(before);
  });

  it('reads CSV from stdin', async () => {
    const r = await svc(
      ['folders', 'add', '--org', 'csv-org', '--file', '-', '--json'],
      emulator.env,
      'folderId,folderName,parentFolderId\nc1,One,root\nc2,Two,c1\n',
    );
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ c1: { success: true }, c2: { success: true } });
  });
});

describe('documents', () => {
  it('lists, renames, and reports an unknown document per item (exit 4)', async () => {
    await reseed();
    const list = await svc(
      ['docs', 'list', '--org', 'acme', '--doc', 'welcome,notes', '--json'],
      emulator.env,
    );
    expect(list.exitCode).toBe(0);
    expect((JSON.parse(list.stdout) as { id: string }[]).map((d) => d.id).sort()).toEqual([
      'notes',
      'welcome',
    ]);

    const ok = await svc(
      ['docs', 'update', '--org', 'acme', '--doc', 'notes', '--name', 'Meeting notes', '--json'],
      emulator.env,
    );
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ notes: { success: true } });
    const renamed = await svc(
      ['docs', 'list', '--org', 'acme', '--doc', 'notes', '--json'],
      emulator.env,
    );
    expect(JSON.parse(renamed.stdout)).toMatchObject([
      { id: 'notes', documentName: 'Meeting notes' },
    ]);

    const missing = await svc(
      ['docs', 'update', '--org', 'acme', '--doc', 'ghost', '--name', 'X', '--json'],
      emulator.env,
    );
    // Every item failed as not found: exit 4, not a partial failure.
    expect(missing.exitCode).toBe(4);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ghost: { success: false } });
  });

  it('refuses to disable without --yes when it cannot prompt, and sends nothing', async () => {
    const before = await sentCount('documents.setDisabled');
    const r = await svc(['docs', 'disable', '--org', 'acme', '--doc', 'welcome'], emulator.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(await sentCount('documents.setDisabled')).toBe(before);
  });

  it('disables and enables documents, and access follows', async () => {
    await reseed();
    const off = await svc(
      ['docs', 'disable', '--org', 'acme', '--doc', 'welcome', '--yes', '--json'],
      emulator.env,
    );
    expect(off.exitCode).toBe(0);
    expect(JSON.parse(off.stdout)).toMatchObject({ welcome: { success: true, disabled: true } });
    const denied = await svc(
      ['permissions', 'get', '--org', 'acme', '--user', 'alice', '--doc', 'welcome', '--json'],
      emulator.env,
    );
    expect((JSON.parse(denied.stdout) as Perms).alice?.documents.welcome).toMatchObject({
      errorCode: 'permission_denied',
    });

    const on = await svc(
      ['docs', 'enable', '--org', 'acme', '--doc', 'welcome', '--json'],
      emulator.env,
    );
    expect(on.exitCode).toBe(0);
    expect(JSON.parse(on.stdout)).toMatchObject({ welcome: { success: true, disabled: false } });
  });

  it('prints the batches under --dry-run and sends nothing', async () => {
    const before = await sentCount('documents.setDisabled');
    const r = await svc(
      ['docs', 'disable', '--org', 'acme', '--doc', 'a,b,c', '--batch-size', '2', '--dry-run'],
      emulator.env,
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout.match(/^POST /gm)).toHaveLength(2);
    expect(r.stdout).not.toContain(emulator.env.SVC_AUTH_TOKEN ?? 'x');
    expect(await sentCount('documents.setDisabled')).toBe(before);
  });
});

describe('organizations, groups and users', () => {
  it('renames an organization, and reports a missing one per item', async () => {
    await reseed();
    const ok = await svc(
      ['orgs', 'update', '--org', 'acme', '--name', 'Acme Corp', '--json'],
      emulator.env,
    );
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ acme: { success: true } });
    const missing = await svc(['orgs', 'update', '--org', 'nobody', '--name', 'X'], emulator.env);
    expect(missing.exitCode).toBe(4);
  });

  it('disables an existing organization and fails a missing one (exit 5)', async () => {
    await reseed();
    const r = await svc(
      ['orgs', 'disable', '--org', 'acme,nowhere', '--yes', '--json'],
      emulator.env,
    );
    expect(r.exitCode).toBe(5);
    const results = JSON.parse(r.stdout) as Record<string, { success: boolean; message: string }>;
    expect(results.acme?.success).toBe(true);
    expect(results.nowhere?.success).toBe(false);
    expect(results.nowhere?.message).toMatch(/does not exist/i);
    const enable = await svc(['orgs', 'enable', '--org', 'acme'], emulator.env);
    expect(enable.exitCode).toBe(0);
  });

  it('adds groups and fails a duplicate per item', async () => {
    await reseed();
    const ok = await svc(
      ['groups', 'add', '--org', 'acme', '--id', 'design', '--name', 'Design', '--json'],
      emulator.env,
    );
    expect(ok.exitCode).toBe(0);
    const dup = await svc(
      ['groups', 'add', '--org', 'acme', '--id', 'engineering', '--name', 'Eng', '--json'],
      emulator.env,
    );
    expect(dup.exitCode).toBe(5);
    expect(JSON.parse(dup.stdout)).toMatchObject({ engineering: { success: false } });
  });

  it('removes a user from the organization, and reports an unknown user per item', async () => {
    await reseed();
    const r = await svc(
      ['users', 'remove', '--org', 'acme', '--user', 'alice,ghost', '--yes', '--json'],
      emulator.env,
    );
    expect(r.exitCode).toBe(5);
    expect(JSON.parse(r.stdout)).toMatchObject({
      alice: { success: true },
      ghost: { success: false },
    });
    const perms = await svc(
      [
        'permissions',
        'get',
        '--org',
        'acme',
        '--user',
        'alice',
        '--doc',
        'plan,staff-list',
        '--json',
      ],
      emulator.env,
    );
    const alice = (JSON.parse(perms.stdout) as Perms).alice;
    expect(alice?.documents.plan).toMatchObject({ errorCode: 'permission_denied' });
    expect(alice?.documents['staff-list']).toMatchObject({ errorCode: 'permission_denied' });
  });

  it('refuses users remove without --yes when it cannot prompt', async () => {
    const before = await sentCount('users.remove');
    const r = await svc(['users', 'remove', '--org', 'acme', '--user', 'bob'], emulator.env);
    expect(r.exitCode).toBe(2);
    expect(await sentCount('users.remove')).toBe(before);
  });
});

describe('validation failures exit 2 and send nothing', () => {
  const cases: [string, string[], string][] = [
    [
      'permissions.get',
      ['permissions', 'get', '--org', '', '--user', 'u1'],
      '--org: must not be empty',
    ],
    ['folders.get', ['folders', 'list', '--org', 'acme', '--max-depth', 'deep'], '--max-depth'],
    ['folders.add', ['folders', 'add', '--org', 'acme', '--id', 'x'], '--name: missing'],
    ['documents.get', ['docs', 'list', '--org', ''], '--org: must not be empty'],
    ['documents.update', ['docs', 'update', '--org', 'acme', '--doc', 'notes'], '--name: missing'],
    ['documents.setDisabled', ['docs', 'enable', '--org', 'acme'], '--doc'],
    ['organizations.update', ['orgs', 'update', '--org', 'acme', '--name', ''], '--name'],
    ['organizations.setDisabled', ['orgs', 'enable', '--org', ','], '--org'],
    ['groups.add', ['groups', 'add', '--org', 'acme', '--name', 'No id'], '--id: missing'],
    [
      'users.remove',
      ['users', 'remove', '--org', 'acme', '--doc', 'd', '--folder', 'f', '--user', 'u', '--yes'],
      '--folder',
    ],
  ];
  for (const [operation, args, mentions] of cases) {
    it(`${args.slice(0, 2).join(' ')}: ${mentions}`, async () => {
      const before = await sentCount(operation);
      const r = await svc(args, emulator.env);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(mentions);
      expect(r.stdout).toBe('');
      expect(await sentCount(operation)).toBe(before);
    });
  }
});
