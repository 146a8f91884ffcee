import { describe, expect, it } from 'vitest';
import { adminFetch, pasteInShell, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * The reads of the whole service (users list, orgs list, activities list, crdt get and
 * workspace get) against the emulator seeded with examples/fixtures/basic.json: the paged
 * ones followed page by page through the line each page prints, with writes between pages.
 */

const emulator = useEmulator();

interface Ran {
  exitCode?: number | undefined;
  stdout: string;
  stderr: string;
}

/** Loads organizations into the fixture's first workspace, replacing those of the same id. */
async function seed(organizations: unknown[]): Promise<void> {
  const res = await adminFetch(emulator, '/_emulator/seed', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      workspaces: [{ ownerEmail: emulator.workspace.ownerEmail, organizations }],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * Runs a listing piped, then each command its last page printed to continue it, pasted in a
 * shell as a person would, calling `between` before each: the first column of every page.
 */
async function followPages(
  first: string[],
  between: (pagesSoFar: number) => Promise<void>,
): Promise<string[][]> {
  const pages: string[][] = [];
  let r: Ran = await svc(first, emulator.env);
  for (;;) {
    expect(r.exitCode, r.stderr).toBe(0);
    pages.push(
      r.stdout === '' ? [] : r.stdout.split('\n').map((line) => line.split('\t')[0] ?? ''),
    );
    const line = /continue with: (.*)$/m.exec(r.stderr)?.[1];
    if (line === undefined) {
      expect(r.stderr).toBe('');
      return pages;
    }
    expect(line).toMatch(/^svc .* --page-token \S+$/);
    await between(pages.length);
    r = await pasteInShell(line, emulator.env);
  }
}

describe('users list', () => {
  const team = (...ids: string[]) => ({
    id: 'team',
    name: 'Team',
    users: ids.map((id) => ({ id, name: id.toUpperCase(), email: `${id}@example.com` })),
  });

  it('lists the users of the organization, and only those asked for with --user', async () => {
    const r = await svc(['users', 'list', '--org', 'acme', '--json'], emulator.env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { userId: 'alice', name: 'Alice', email: 'alice@example.com' },
      { userId: 'bob', name: 'Bob', email: 'bob@example.com' },
      { userId: 'carol', name: 'Carol' },
    ]);
    const piped = await svc(['users', 'list', '--org', 'acme', '--user', 'bob'], emulator.env);
    expect(piped.stdout).toBe('bob\tBob\tbob@example.com');
  });

  it('follows the printed command page by page, a user added meanwhile included once', async () => {
    await seed([team('u2', 'u4', 'u6')]);
    const pages = await followPages(
      ['users', 'list', '--org', 'team', '--page-size', '1'],
      async (n) => {
        if (n === 1) await seed([team('u1', 'u2', 'u4', 'u5', 'u6')]);
      },
    );
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // Each page starts after the last user printed: u1, added before that place, is not
    // listed, u5, added after it, is, and no user is repeated or skipped.
    expect(pages.flat()).toEqual(['u2', 'u4', 'u5', 'u6']);
  });

  it('lists the users of a document', async () => {
    const r = await svc(
      ['users', 'list', '--org', 'acme', '--doc', 'plan', '--json'],
      emulator.env,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    // Dave by his grant on the document, Alice by hers on its folder.
    expect(JSON.parse(r.stdout)).toEqual([
      { userId: 'alice', name: 'Alice', email: 'alice@example.com' },
      { userId: 'dave' },
    ]);
  });

  it('says clearly, exit 2, that a group does not exist', async () => {
    const r = await svc(['users', 'list', '--org', 'acme', '--group', 'nosuch'], emulator.env);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'error: INVALID_ARGUMENT: organizationUserGroupIds: user group nosuch does not exist in organization acme.\n' +
        'hint: organizationUserGroupIds is what --group sends',
    );
  });

  it('refuses --doc with --folder before sending anything', async () => {
    const r = await svc(
      ['users', 'list', '--org', 'acme', '--doc', 'plan', '--folder', 'secret'],
      emulator.env,
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("option '--doc <id>' cannot be used with option '--folder <id>'");
  });
});

describe('orgs list', () => {
  it('lists the organizations, and only those asked for with --org', async () => {
    const r = await svc(['orgs', 'list', '--org', 'acme,globex'], emulator.env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('acme\tAcme Inc.\tfalse\nglobex\tGlobex\ttrue');
  });

  it('follows the printed command page by page, an organization added meanwhile included once', async () => {
    const all = await svc(['orgs', 'list', '--all', '--json'], emulator.env);
    const before = (JSON.parse(all.stdout) as { id: string }[]).map((o) => o.id);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const pages = await followPages(['orgs', 'list', '--page-size', '1'], async (n) => {
      if (n === 1) await seed([{ id: 'zz-late', name: 'Late' }]);
    });
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.flat()).toEqual([...before, 'zz-late']);
  });
});

describe('activities list', () => {
  /** `svc activities add` of one custom activity log of document `doc` of acme. */
  const add = (id: string, doc = 'roadmap') =>
    svc(
      [
        'activities',
        'add',
        '--org',
        'acme',
        '--doc',
        doc,
        '--id',
        id,
        '--feature-type',
        'custom',
        '--action-type',
        'approval.granted',
        '--user',
        'alice',
        '--target',
        'ticket-7',
      ],
      emulator.env,
    );

  it('follows the printed command page by page, oldest first, one added meanwhile last', async () => {
    for (const id of ['act-1', 'act-2', 'act-3']) expect((await add(id)).exitCode).toBe(0);
    const pages = await followPages(
      [
        'activities',
        'list',
        '--org',
        'acme',
        '--doc',
        'roadmap',
        '--order',
        'asc',
        '--page-size',
        '1',
      ],
      async (n) => {
        if (n === 1) expect((await add('act-4')).exitCode).toBe(0);
      },
    );
    expect(pages.flat()).toEqual(['act-1', 'act-2', 'act-3', 'act-4']);
  });

  it('shows the time as an ISO time, and --json as the service sent it', async () => {
    const piped = await svc(
      ['activities', 'list', '--org', 'acme', '--id', 'act-1', '--feature-type', 'custom'],
      emulator.env,
    );
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(
      /^act-1\t\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\tcustom\tapproval\.granted\talice\tticket-7\troadmap$/,
    );
    const json = await svc(
      ['activities', 'list', '--org', 'acme', '--id', 'act-1', '--json'],
      emulator.env,
    );
    const [activity] = JSON.parse(json.stdout) as { id: string; timestamp: unknown }[];
    expect(activity).toMatchObject({ id: 'act-1', timestamp: expect.any(Number) as number });
  });

  it('refuses a feature type the service does not know, sending nothing', async () => {
    const r = await svc(
      ['activities', 'list', '--org', 'acme', '--feature-type', 'chat'],
      emulator.env,
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("option '--feature-type <type...>' argument 'chat' is invalid");
  });
});

describe('crdt get', () => {
  /** `svc crdt get` of one editor of the fixture. */
  const editor = (doc: string, id: string, ...flags: string[]) =>
    svc(['crdt', 'get', '--org', 'acme', '--doc', doc, '--editor', id, ...flags], emulator.env);

  it.each([
    ['plan', 'title', 'text', 'Q3 plan'],
    ['plan', 'body', 'xml', '<h1>Goals</h1><p>Ship the <b>beta</b>.</p>'],
    ['roadmap', 'meta', 'map', { owner: 'alice', status: 'draft' }],
    [
      'roadmap',
      'milestones',
      'array',
      [
        { name: 'Beta', due: '2026-03-01' },
        { name: 'GA', due: '2026-06-01' },
      ],
    ],
  ])('prints %s/%s (%s) as text, and its record with --json', async (doc, id, _type, data) => {
    const text = await editor(doc, id);
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toBe(typeof data === 'string' ? data : JSON.stringify(data, null, 2));
    expect(text.stderr).toBe('');
    const json = await editor(doc, id, '--json');
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ id, data, lastUpdate: expect.any(String) as string }),
    ]);
  });

  it('prints every editor of a document under its heading', async () => {
    const r = await svc(['crdt', 'get', '--org', 'acme', '--doc', 'plan'], emulator.env);
    expect(r.exitCode, r.stderr).toBe(0);
    const blocks = r.stdout.split('\n\n').sort();
    expect(blocks).toEqual([
      '==> body <==\n<h1>Goals</h1><p>Ship the <b>beta</b>.</p>',
      '==> title <==\nQ3 plan',
    ]);
  });
});

describe('workspace get', () => {
  const env = () => ({
    ...emulator.env,
    SVC_WORKSPACE_ID: emulator.workspace.workspaceId,
    SVC_WORKSPACE_TOKEN: emulator.workspace.workspaceToken,
  });

  it('prints the workspace with its token masked, and every API key id', async () => {
    const { workspaceId, workspaceToken, apiKey } = emulator.workspace;
    const r = await svc(['workspace', 'get'], env());
    expect(r.exitCode, r.stderr).toBe(0);
    const [id, name, owner, token, keys] = r.stdout.split('\t');
    expect([id, name, owner]).toEqual([workspaceId, 'Acme workspace', 'owner@example.com']);
    expect(token).toBe(`****${workspaceToken.slice(-4)}`);
    expect(keys?.split(',')).toContain(apiKey);
    expect(r.stdout).not.toContain(workspaceToken);

    const json = await svc(['workspace', 'get', '--json'], env());
    const workspace = JSON.parse(json.stdout) as {
      id: string;
      authToken: string;
      apiKeyList: object;
    };
    expect(workspace.id).toBe(workspaceId);
    expect(workspace.authToken).toBe(`****${workspaceToken.slice(-4)}`);
    expect(Object.keys(workspace.apiKeyList)).toContain(apiKey);
  });

  it('--show-tokens prints the token in clear', async () => {
    const { workspaceToken } = emulator.workspace;
    const json = await svc(['workspace', 'get', '--show-tokens', '--json'], env());
    expect((JSON.parse(json.stdout) as { authToken: string }).authToken).toBe(workspaceToken);
    const line = await svc(['workspace', 'get', '--show-tokens'], env());
    expect(line.stdout.split('\t')[3]).toBe(workspaceToken);
  });
});
