import { describe, expect, it } from 'vitest';
import { fakeService, ok } from '../../support/fake-service.js';

/**
 * What the commands of the whole service's reads send and print: users list, orgs list,
 * activities list, crdt get and workspace get. How the paged ones page is the paged
 * commands' test (test/unit/cli/paged-commands.test.ts).
 */

describe('users list', () => {
  const GET = '/v2/users/get';
  const users = [
    { userId: 'alice', name: 'Alice', email: 'alice@example.com' },
    { userId: 'carol', name: 'Carol' },
  ];

  it('sends each filter as its member, a repeated id once', async () => {
    const fake = fakeService({ [GET]: () => ok(users) });
    const r = await fake.run([
      'users',
      'list',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--group',
      'engineering,design',
      '--user',
      'alice,carol',
      '--user',
      'alice',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(fake.sent(GET)).toEqual([
      {
        organizationId: 'acme',
        documentId: 'plan',
        organizationUserGroupIds: ['engineering', 'design'],
        userIds: ['alice', 'carol'],
      },
    ]);
    expect(r.stdout).toBe('alice\tAlice\talice@example.com\ncarol\tCarol\t\n');
  });

  it('--folder and --all-documents are sent as such', async () => {
    const fake = fakeService({ [GET]: () => ok(users) });
    await fake.run(['users', 'list', '--org', 'acme', '--folder', 'secret']);
    await fake.run(['users', 'list', '--org', 'acme', '--all-documents']);
    expect(fake.sent(GET)).toEqual([
      { organizationId: 'acme', folderId: 'secret' },
      { organizationId: 'acme', allDocuments: true },
    ]);
  });

  it('prints a table with headers on a terminal', async () => {
    const fake = fakeService({ [GET]: () => ok(users) });
    const r = await fake.run(['users', 'list', '--org', 'acme'], { tty: true });
    expect(r.stdout).toMatch(/^USER\s+NAME\s+EMAIL\s*\n/);
    expect(r.stdout).toMatch(/alice\s+Alice\s+alice@example\.com/);
  });

  it.each([
    [
      ['--doc', 'plan', '--folder', 'secret'],
      "option '--doc <id>' cannot be used with option '--folder <id>'",
    ],
    [
      ['--all-documents', '--doc', 'plan'],
      "option '--all-documents' cannot be used with option '--doc <id>'",
    ],
    [
      ['--all-documents', '--folder', 'secret'],
      "option '--all-documents' cannot be used with option '--folder <id>'",
    ],
    [
      ['--user', Array.from({ length: 31 }, (_, i) => `u${i}`).join(',')],
      '--user: Too big: expected array to have <=30 items',
    ],
  ])('%j is a usage error and sends nothing', async (flags, message) => {
    const fake = fakeService({});
    const r = await fake.run(['users', 'list', '--org', 'acme', ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(fake.all()).toEqual([]);
  });
});

describe('orgs list', () => {
  const GET = '/v2/organizations/get';
  const orgs = [
    { id: 'acme', organizationName: 'Acme Inc.', disabled: false },
    { id: 'globex', organizationName: 'Globex', disabled: true },
  ];

  it('reads every organization without --org, and only those named with it', async () => {
    const fake = fakeService({ [GET]: () => ok(orgs) });
    const all = await fake.run(['orgs', 'list']);
    await fake.run(['orgs', 'list', '--org', 'acme', '--org', 'globex,acme']);
    expect(fake.sent(GET)).toEqual([{}, { organizationIds: ['acme', 'globex'] }]);
    expect(all.stdout).toBe('acme\tAcme Inc.\tfalse\nglobex\tGlobex\ttrue\n');
  });

  it('--json prints the organizations as the service sent them', async () => {
    const fake = fakeService({ [GET]: () => ok(orgs) });
    const r = await fake.run(['orgs', 'list', '--json']);
    expect(JSON.parse(r.stdout)).toEqual(orgs);
  });
});

describe('activities list', () => {
  const GET = '/v2/activities/get';
  const activity = {
    id: 'a1',
    featureType: 'comment',
    actionType: 'comment.add',
    actionUser: { userId: 'alice', name: 'Alice' },
    targetEntityId: 'thread-1',
    metadata: { organizationId: 'acme', documentId: 'plan', apiKey: 'k' },
    timestamp: Date.UTC(2026, 0, 2, 3, 4, 5, 678),
  };

  it('sends each filter as its member', async () => {
    const fake = fakeService({ [GET]: () => ok([activity]) });
    const r = await fake.run([
      'activities',
      'list',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--target',
      'thread-1',
      '--feature-type',
      'comment,custom',
      '--feature-type',
      'comment',
      '--action-type',
      'comment.add',
      '--user',
      'alice',
      '--id',
      'a1,a2',
      '--order',
      'asc',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(fake.sent(GET)).toEqual([
      {
        organizationId: 'acme',
        documentId: 'plan',
        targetEntityId: 'thread-1',
        featureTypes: ['comment', 'custom'],
        actionTypes: ['comment.add'],
        userId: 'alice',
        activityIds: ['a1', 'a2'],
        order: 'asc',
      },
    ]);
  });

  it('shows the time in ISO form, to the second, in lines and on a terminal', async () => {
    const fake = fakeService({ [GET]: () => ok([activity]) });
    const piped = await fake.run(['activities', 'list', '--org', 'acme']);
    expect(piped.stdout).toBe(
      'a1\t2026-01-02T03:04:05Z\tcomment\tcomment.add\talice\tthread-1\tplan\n',
    );
    const term = await fake.run(['activities', 'list', '--org', 'acme'], { tty: true });
    expect(term.stdout).toMatch(/^ID\s+TIME\s+FEATURE\s+ACTION\s+USER\s+TARGET\s+DOCUMENT\s*\n/);
    expect(term.stdout).toContain('2026-01-02T03:04:05Z');
  });

  it('--json prints the time as the service sent it', async () => {
    const fake = fakeService({ [GET]: () => ok([activity]) });
    const r = await fake.run(['activities', 'list', '--org', 'acme', '--json']);
    expect(JSON.parse(r.stdout)).toEqual([activity]);
  });

  it('shows a time that is no date as the service sent it', async () => {
    const fake = fakeService({ [GET]: () => ok([{ ...activity, timestamp: 1e20 }]) });
    const r = await fake.run(['activities', 'list', '--org', 'acme']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\t')[1]).toBe('100000000000000000000');
  });

  it.each([
    [
      ['--feature-type', 'comment,chat'],
      "option '--feature-type <type...>' argument 'comment,chat' is invalid. Allowed choices are comment, reaction, recorder, crdt, custom.",
    ],
    [['--order', 'newest'], "argument 'newest' is invalid"],
  ])('%j is a usage error and sends nothing', async (flags, message) => {
    const fake = fakeService({});
    const r = await fake.run(['activities', 'list', '--org', 'acme', ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(fake.all()).toEqual([]);
  });
});

describe('crdt get', () => {
  const GET = '/v2/crdt/get';
  const record = (id: string, data: unknown) => ({
    id,
    data,
    lastUpdate: '2026-01-02T03:04:05.000Z',
    lastUpdatedBy: 'alice',
  });
  const title = record('title', 'Q3 plan');
  const body = record('body', '<h1>Goals</h1><p>Ship the <b>beta</b>.</p>');
  const meta = record('meta', { owner: 'alice', status: 'draft' });
  const milestones = record('milestones', [{ name: 'Beta' }]);
  const crdtGet = (...flags: string[]) => [
    'crdt',
    'get',
    '--org',
    'acme',
    '--doc',
    'plan',
    ...flags,
  ];

  it('prints one editor’s text as it is, and sends the editor asked for', async () => {
    const fake = fakeService({ [GET]: () => ok([title]) });
    const r = await fake.run(crdtGet('--editor', 'title'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('Q3 plan\n');
    expect(r.stderr).toBe('');
    expect(fake.sent(GET)).toEqual([
      { organizationId: 'acme', documentId: 'plan', editorId: 'title' },
    ]);
  });

  it('prints a map or an array as indented JSON', async () => {
    const fake = fakeService({
      [GET]: (data) => ok([data.editorId === 'meta' ? meta : milestones]),
    });
    const map = await fake.run(crdtGet('--editor', 'meta'));
    expect(map.stdout).toBe(`${JSON.stringify(meta.data, null, 2)}\n`);
    const array = await fake.run(crdtGet('--editor', 'milestones'), { tty: true });
    expect(array.stdout).toBe(`${JSON.stringify(milestones.data, null, 2)}\n`);
  });

  it('prints several editors each under a heading, apart by an empty line', async () => {
    const fake = fakeService({ [GET]: () => ok([title, body, meta]) });
    const r = await fake.run(crdtGet());
    expect(fake.sent(GET)).toEqual([{ organizationId: 'acme', documentId: 'plan' }]);
    expect(r.stdout).toBe(
      [
        '==> title <==',
        'Q3 plan',
        '',
        '==> body <==',
        '<h1>Goals</h1><p>Ship the <b>beta</b>.</p>',
        '',
        '==> meta <==',
        '{',
        '  "owner": "alice",',
        '  "status": "draft"',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('shows control characters of the content on a terminal rather than obeying them', async () => {
    const sly = record('title', 'Q3\u001b]0;owned\u0007 plan\nline two');
    const fake = fakeService({ [GET]: () => ok([sly, record('x\ny', 'z')]) });
    const term = await fake.run(crdtGet(), { tty: true });
    expect(term.stdout).toBe(
      '==> title <==\nQ3\\x1b]0;owned\\x07 plan\nline two\n\n==> x\\x0ay <==\nz\n',
    );
    // A pipe gets the content as it is; an id is one line all the same.
    const piped = await fake.run(crdtGet());
    expect(piped.stdout).toBe(`==> title <==\n${sly.data}\n\n==> x\\x0ay <==\nz\n`);
  });

  it('--json prints the records whole', async () => {
    const fake = fakeService({ [GET]: () => ok([title, meta]) });
    const r = await fake.run(crdtGet('--json'));
    expect(JSON.parse(r.stdout)).toEqual([title, meta]);
    const jq = await fake.run(crdtGet('--jq', '.[1].data.status'));
    expect(jq.stdout).toBe('draft\n');
  });

  it('prints nothing when the document has no such editor, and says so on a terminal', async () => {
    const fake = fakeService({ [GET]: () => ok([]) });
    const piped = await fake.run(crdtGet('--editor', 'nope'));
    expect(piped).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const term = await fake.run(crdtGet('--editor', 'nope'), { tty: true });
    expect(term.stdout).toBe('');
    expect(term.stderr).toBe('Document plan has no editor nope.\n');
    const json = await fake.run(crdtGet('--json'));
    expect(json.stdout).toBe('[]\n');
  });
});

describe('workspace get', () => {
  const GET = '/v2/workspace/get';
  const TOKEN = 'ws_token_0123456789abcdef';
  const workspace = {
    id: 'ws1',
    name: 'Acme workspace',
    owner: { email: 'owner@example.com', id: 'o1', name: 'Olive', avatar: '' },
    authToken: TOKEN,
    apiKeyList: {
      key_test_0001: { apiKeyName: 'Owner Test API Key', id: 'key_test_0001', type: 'testing' },
      key_prod_0002: { apiKeyName: 'Production', id: 'key_prod_0002', type: 'production' },
    },
  };
  const workspaceEnv = { env: { SVC_WORKSPACE_ID: 'ws1', SVC_WORKSPACE_TOKEN: TOKEN } };

  it('prints id, name, owner, the token masked and every API key id, in one line', async () => {
    const fake = fakeService({ [GET]: () => ok(workspace) });
    const r = await fake.run(['workspace', 'get'], workspaceEnv);
    expect(r.code, r.stderr).toBe(0);
    expect(fake.sent(GET)).toEqual([{}]);
    expect(r.stdout).toBe(
      'ws1\tAcme workspace\towner@example.com\t****cdef\tkey_test_0001,key_prod_0002\n',
    );
    expect(r.stderr).toBe('');
  });

  it('on a terminal, labels each value and says the token is masked', async () => {
    const fake = fakeService({ [GET]: () => ok(workspace) });
    const r = await fake.run(['workspace', 'get'], { ...workspaceEnv, tty: true });
    expect(r.stdout).toBe(
      [
        'ID        ws1',
        'NAME      Acme workspace',
        'OWNER     owner@example.com',
        'TOKEN     ****cdef',
        'API KEYS  key_test_0001,key_prod_0002',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe('the token is masked; --show-tokens prints it in clear\n');
  });

  it('--json prints the workspace as sent, the token masked', async () => {
    const fake = fakeService({ [GET]: () => ok(workspace) });
    const r = await fake.run(['workspace', 'get', '--json'], workspaceEnv);
    expect(JSON.parse(r.stdout)).toEqual({ ...workspace, authToken: '****cdef' });
    expect(r.stdout).not.toContain(TOKEN);
  });

  it('--show-tokens prints the token in clear', async () => {
    const fake = fakeService({ [GET]: () => ok(workspace) });
    const json = await fake.run(['workspace', 'get', '--show-tokens', '--json'], workspaceEnv);
    expect(JSON.parse(json.stdout)).toEqual(workspace);
    const line = await fake.run(['workspace', 'get', '--show-tokens'], workspaceEnv);
    expect(line.stdout.split('\t')[3]).toBe(TOKEN);
    expect(line.stderr).toBe('');
  });

  it('needs the workspace credentials, and sends nothing without them', async () => {
    const fake = fakeService({});
    const r = await fake.run(['workspace', 'get']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/workspace/i);
    expect(fake.all()).toEqual([]);
  });
});
