import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { adminFetch, SVC, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * Documents added, moved, given access and deleted (operations 120 to 123), seen through the
 * reads; the partial failure the contract answers as INTERNAL; a killed bulk add resumed.
 */
const ADD = '/v2/organizations/documents/add';
const emulator = useEmulator({
  faults: { rules: [{ path: ADD, fault: 'latency', ms: [40, 80], probability: 1 }] },
});

async function json(args: string[]): Promise<unknown> {
  const result = await svc([...args, '--json'], emulator.env);
  expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout) as unknown;
}

async function docIds(org = 'acme'): Promise<string[]> {
  return ((await json(['docs', 'list', '--org', org])) as { id: string }[]).map((d) => d.id);
}

/** carol's entry for a document: a member of acme with no grants. */
async function carolOn(doc: string): Promise<{ accessType?: string; errorCode?: string }> {
  const read = (await json([
    'permissions',
    'get',
    '--org',
    'acme',
    '--user',
    'carol',
    '--doc',
    doc,
  ])) as Record<string, { documents: Record<string, { accessType?: string; errorCode?: string }> }>;
  return read.carol?.documents[doc] ?? {};
}

async function addRequestsSince(time: number): Promise<number> {
  const res = await adminFetch(emulator, '/_emulator/journal');
  const { entries } = (await res.json()) as { entries: { time: number; path: string }[] };
  return entries.filter((e) => e.time >= time && e.path === ADD).length;
}

describe('svc docs add, move, access and delete', () => {
  it('adds a document that every read then knows, in a folder made for it', async () => {
    expect(
      await json([
        'docs',
        'add',
        '--org',
        'acme',
        '--folder',
        'finance',
        '--create-folder',
        '--doc',
        'budget',
        '--name',
        'Budget',
      ]),
    ).toEqual({ budget: { success: true, id: 'budget', message: 'Added Successfully' } });
    expect(await docIds()).toContain('budget');
    const folders = (await json(['folders', 'list', '--org', 'acme'])) as { folderId: string }[];
    expect(folders.map((f) => f.folderId)).toContain('finance');
    expect(await carolOn('budget')).toMatchObject({ accessType: 'public' });
  });

  it('reads a partial failure (INTERNAL, per item) as the per-item answer, once, with no retry', async () => {
    const started = Date.now();
    const r = await svc(
      ['docs', 'add', '--org', 'acme', '--doc', 'plan', '--name', 'Again', '--json'],
      emulator.env,
    );
    expect(r.exitCode, r.stderr).toBe(5);
    expect(JSON.parse(r.stdout)).toEqual({
      plan: {
        success: false,
        id: 'plan',
        code: 'already-exists',
        message: 'Document already exists',
      },
    });
    expect(await addRequestsSince(started)).toBe(1);
  });

  it('moves a document, which then inherits its new folder’s access, and sets its own', async () => {
    expect(await carolOn('welcome')).toMatchObject({ accessType: 'public' });
    const moved = await svc(
      ['docs', 'move', '--org', 'acme', '--doc', 'welcome', '--to', 'secret'],
      emulator.env,
    );
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(await carolOn('welcome')).toMatchObject({
      accessType: 'restricted',
      errorCode: 'permission_denied',
    });
    const opened = await svc(
      ['docs', 'access', '--org', 'acme', '--doc', 'welcome', '--type', 'organizationPrivate'],
      emulator.env,
    );
    expect(opened.exitCode, opened.stderr).toBe(0);
    const entry = await carolOn('welcome');
    expect(entry.accessType).toBe('organizationPrivate');
    expect(entry.errorCode).toBeUndefined();

    const nowhere = await svc(
      ['docs', 'move', '--org', 'acme', '--doc', 'welcome', '--to', 'no-such-folder'],
      emulator.env,
    );
    // Read before sending: a folder the organization lacks is bad input.
    expect(nowhere.exitCode).toBe(2);
    expect(nowhere.stderr).toContain('--to: organization acme has no folder no-such-folder');
  });

  it('deletes a document with what is stored for it; deleting it again finds nothing', async () => {
    expect(await json(['crdt', 'get', '--org', 'acme', '--doc', 'plan'])).not.toEqual([]);
    expect(await json(['docs', 'delete', '--org', 'acme', '--doc', 'plan', '--yes'])).toEqual({
      plan: { success: true, id: 'plan', message: 'Deleted Successfully' },
    });
    expect(await docIds()).not.toContain('plan');
    expect(await json(['crdt', 'get', '--org', 'acme', '--doc', 'plan'])).toEqual([]);
    const again = await svc(
      ['docs', 'delete', '--org', 'acme', '--doc', 'plan', '--yes', '--json'],
      emulator.env,
    );
    expect(again.exitCode).toBe(4);
    expect(JSON.parse(again.stdout)).toMatchObject({
      plan: { success: false, code: 'not-found', message: 'Document does not exist' },
    });
  });

  it('a bulk add killed part way, resumed, adds every document once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-docs-add-'));
    const file = join(dir, 'docs.ndjson');
    const ids = Array.from({ length: 200 }, (_, i) => `bulk-${i}`);
    writeFileSync(
      file,
      ids.map((id) => JSON.stringify({ documentId: id, documentName: id })).join('\n'),
    );
    const args = ['docs', 'add', '--org', 'globex', '--file', file, '--batch-size', '10', '--json'];
    const started = Date.now();
    const run = execa(SVC, args, {
      env: emulator.env,
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
    });
    while ((await addRequestsSince(started)) < 5) await new Promise((r) => setTimeout(r, 25));
    run.kill('SIGKILL');
    await run;
    // Requests in flight when it was killed finish on the emulator's side.
    await new Promise((r) => setTimeout(r, 500));
    const resumed = await svc([...args, '--resume'], emulator.env);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const results = JSON.parse(resumed.stdout) as Record<string, { success: boolean }>;
    expect(Object.keys(results).sort()).toEqual([...ids].sort());
    expect(Object.values(results).every((r) => r.success)).toBe(true);
    const listed = (await docIds('globex')).filter((id) => id.startsWith('bulk-'));
    expect(listed.sort()).toEqual([...ids].sort());
  });
});
