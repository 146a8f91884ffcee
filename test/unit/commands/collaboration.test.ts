import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MockAgent } from 'undici';
import { MAX_JSON_DEPTH, MAX_STRING_LENGTH } from '../../../src/catalogue/limits.js';
import { envelope } from '../../support/envelopes.js';
import { FAKE_BASE, fakeService, fail, ok, type FakeReply } from '../../support/fake-service.js';
import { runCli, tempConfigDir } from '../../support/harness.js';

/** JSON nested far past the request limit: 100,000 objects, one inside the other. */
const deeplyNested = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;

function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-collab-')), name);
  writeFileSync(path, text);
  return path;
}

describe('ai rewrite', () => {
  const AI = '/v2/rewriter/ask-ai';
  const rewrite = (data: Record<string, unknown>): FakeReply => ({
    body: envelope.ai({ success: true, text: String(data.text).toUpperCase() }),
  });

  it('prints only the rewritten text', async () => {
    const fake = fakeService({ [AI]: rewrite });
    const r = await fake.run([
      'ai',
      'rewrite',
      '--model',
      'gpt-4o',
      '--prompt',
      'Shout',
      '--text',
      'hi there',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('HI THERE\n');
    expect(fake.sent(AI)).toEqual([{ model: 'gpt-4o', prompt: 'Shout', text: 'hi there' }]);
  });

  it('reads the text from stdin when --text is absent', async () => {
    const fake = fakeService({ [AI]: rewrite });
    const r = await fake.run(
      ['ai', 'rewrite', '--model', 'claude-x', '--prompt', 'Shout', '--json'],
      {
        stdin: 'from a pipe\n',
      },
    );
    expect(JSON.parse(r.stdout)).toEqual({ success: true, text: 'FROM A PIPE' });
  });

  it.each([
    ['text\n', 'text'],
    ['text\r\n', 'text'],
    ['text\n\n', 'text\n'],
    ['  text', '  text'],
  ])('sends stdin %j as %j: only the one final line ending goes', async (stdin, sent) => {
    const fake = fakeService({ [AI]: rewrite });
    const r = await fake.run(['ai', 'rewrite', '--model', 'gpt-4o', '--prompt', 'p'], { stdin });
    expect(r.code).toBe(0);
    expect(fake.sent(AI)).toEqual([{ model: 'gpt-4o', prompt: 'p', text: sent }]);
  });

  it.each([
    [['--text', ''], ''],
    [[], ''],
    [[], '\n'],
    [[], '\r\n'],
  ])('refuses empty text (%j, stdin %j) with exit 2 and sends nothing', async (flags, stdin) => {
    const fake = fakeService({});
    const r = await fake.run(['ai', 'rewrite', '--model', 'gpt-4o', '--prompt', 'p', ...flags], {
      stdin,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the text to rewrite is empty');
    expect(fake.all()).toHaveLength(0);
  });

  it('exits 6 on success: false, with the answer on stdout under --json', async () => {
    const fake = fakeService({
      [AI]: () => ({
        body: envelope.ai({ success: false, error: 'No API key configured for provider: OpenAI' }),
      }),
    });
    const r = await fake.run([
      'ai',
      'rewrite',
      '--model',
      'gpt-4o',
      '--prompt',
      'p',
      '--text',
      't',
      '--json',
    ]);
    expect(r.code).toBe(6);
    expect(JSON.parse(r.stdout)).toEqual({
      success: false,
      error: 'No API key configured for provider: OpenAI',
    });
    expect(r.stderr).toContain('provider: OpenAI');
  });

  it('exits 6 without --json too, printing nothing on stdout', async () => {
    const fake = fakeService({
      [AI]: () => ({ body: envelope.ai({ success: false, error: 'nope' }) }),
    });
    const r = await fake.run([
      'ai',
      'rewrite',
      '--model',
      'gpt-4o',
      '--prompt',
      'p',
      '--text',
      't',
    ]);
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('nope');
  });

  it('refuses to wait for typed text when it may not prompt', async () => {
    const fake = fakeService({});
    const r = await fake.run(
      ['ai', 'rewrite', '--model', 'gpt-4o', '--prompt', 'p', '--no-input'],
      {
        tty: true,
      },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--text');
    expect(fake.all()).toHaveLength(0);
  });
});

describe('crdt update', () => {
  const CRDT = '/v2/crdt/update';
  const done = () => ({ body: envelope.noData('CRDT data updated.') });
  const base = ['crdt', 'update', '--org', 'acme', '--doc', 'spec', '--editor', 'e1'];

  it('sends text as the content itself, from a file with @', async () => {
    const fake = fakeService({ [CRDT]: done });
    const file = tempFile('body.txt', 'Hello {not json}');
    const r = await fake.run([...base, '--type', 'text', '--data', `@${file}`]);
    expect(r.code).toBe(0);
    expect(fake.sent(CRDT)[0]).toMatchObject({ type: 'text', data: 'Hello {not json}' });
    expect(r.stderr).toContain('CRDT data updated.');
  });

  it('parses map and array data as JSON, and sends the content key', async () => {
    const fake = fakeService({ [CRDT]: done });
    await fake.run([...base, '--type', 'map', '--data', '{"title":"Spec"}']);
    await fake.run([...base, '--type', 'array', '--data', '[{"id":1}]', '--json']);
    await fake.run([...base, '--type', 'xml', '--data', '<p>x</p>', '--content-key', 'body']);
    expect(fake.sent(CRDT).map((d) => [d.data, d.contentKey])).toEqual([
      [{ title: 'Spec' }, undefined],
      [[{ id: 1 }], undefined],
      ['<p>x</p>', 'body'],
    ]);
  });

  it.each([
    [['--type', 'map', '--data', '[1]'], 'must be a JSON object for --type map'],
    [['--type', 'array', '--data', '{"a":1}'], 'must be a JSON array for --type array'],
    [
      ['--type', 'map', '--data', '{"a":'],
      '--data is not valid JSON at line 1, column 6: value expected at the end of the input',
    ],
    [['--type', 'tree', '--data', 'x'], "argument 'tree' is invalid"],
    [['--data', 'x'], "'--type <type>' not specified"],
  ])('%j exits 2 before sending', async (flags, message) => {
    const fake = fakeService({});
    const r = await fake.run([...base, ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(fake.all()).toHaveLength(0);
  });

  it('maps NOT_FOUND for an editor without data to exit 4', async () => {
    const fake = fakeService({
      [CRDT]: () => fail('NOT_FOUND', 'No CRDT data found for this editor ID.', 404),
    });
    const r = await fake.run([...base, '--type', 'text', '--data', 'x']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('No CRDT data found');
  });
});

describe('livestate broadcast', () => {
  const LIVE = '/v2/livestate/broadcast';
  const base = ['livestate', 'broadcast', '--org', 'acme', '--doc', 'spec', '--id', 'cursor'];

  it('sends the object with merge off unless --merge', async () => {
    const fake = fakeService({ [LIVE]: () => ok({ success: true }) });
    const r = await fake.run([...base, '--data', '{"x":1}', '--json']);
    await fake.run([...base, '--data', '-', '--merge'], { stdin: '{"x":null}' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ success: true });
    expect(fake.sent(LIVE)).toEqual([
      {
        organizationId: 'acme',
        documentId: 'spec',
        liveStateDataId: 'cursor',
        data: { x: 1 },
        merge: false,
      },
      {
        organizationId: 'acme',
        documentId: 'spec',
        liveStateDataId: 'cursor',
        data: { x: null },
        merge: true,
      },
    ]);
  });

  it('names the line and column of a JSON syntax error', async () => {
    const fake = fakeService({});
    const file = tempFile('state.json', '{\n  "x": 1,\n  "y": }\n');
    const r = await fake.run([...base, '--data', `@${file}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--data is not valid JSON at line 3, column 8');
    expect(fake.all()).toHaveLength(0);
  });

  it('refuses JSON that is not an object', async () => {
    const fake = fakeService({});
    const r = await fake.run([...base, '--data', '[1,2]']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--data must be a JSON object');
  });

  it.each<[string, (deep: string) => { args: string[]; stdin?: string }]>([
    ['inline', (deep) => ({ args: ['--data', deep] })],
    ['from a file', (deep) => ({ args: ['--data', `@${tempFile('deep.json', deep)}`] })],
    ['from stdin', (deep) => ({ args: ['--data', '-'], stdin: deep })],
    ['from stdin under --dry-run', (deep) => ({ args: ['--data', '-', '--dry-run'], stdin: deep })],
  ])('refuses JSON nested past the request limit %s, sending nothing', async (_, given) => {
    const fake = fakeService({});
    const { args, stdin } = given(deeplyNested);
    const r = await fake.run([...base, ...args], stdin === undefined ? {} : { stdin });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `invalid request body: data.data.a.a.a.a.a.a…: is nested too deeply: a request may nest objects and arrays at most ${MAX_JSON_DEPTH} levels`,
    );
    expect(fake.all()).toHaveLength(0);
  });
});

describe('api', () => {
  it('refuses --data nested past the request limit, sending nothing', async () => {
    const fake = fakeService({});
    const r = await fake.run(['api', '/v2/livestate/broadcast', '--data', deeplyNested, '--json']);
    expect(r.code).toBe(2);
    const line = JSON.parse(r.stderr.trim()) as { error: { message: string }; exitCode: number };
    expect(line.error.message).toContain('invalid request body: data.a.a.a');
    expect(line.exitCode).toBe(2);
    expect(fake.all()).toHaveLength(0);
  });

  it('refuses a string longer than a request may hold', async () => {
    const fake = fakeService({});
    const data = JSON.stringify({ text: 'x'.repeat(MAX_STRING_LENGTH + 1) });
    const r = await fake.run(['api', '/v2/rewriter/ask-ai', '--data', '-'], { stdin: data });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid request body: data.text: is a string of');
    expect(fake.all()).toHaveLength(0);
  });
});

describe('presence add', () => {
  const PRESENCE = '/v2/presence/add';

  it('adds one user from flags and reports it by user id', async () => {
    const fake = fakeService({ [PRESENCE]: () => ok({ success: true }) });
    const r = await fake.run([
      'presence',
      'add',
      '--org',
      'acme',
      '--doc',
      'spec',
      '--user',
      'u1',
      '--name',
      'Ana',
      '--status',
      'away',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(fake.sent(PRESENCE)).toEqual([
      {
        organizationId: 'acme',
        documentId: 'spec',
        users: [{ userId: 'u1', name: 'Ana', status: 'away' }],
      },
    ]);
    expect(JSON.parse(r.stdout)).toEqual({ u1: { success: true } });
  });

  it('reads users from a CSV file', async () => {
    const fake = fakeService({ [PRESENCE]: () => ok({ success: true }) });
    const file = tempFile('people.csv', 'userId,name,status\nu1,Ana,online\nu2,Bo,away\n');
    const r = await fake.run([
      'presence',
      'add',
      '--org',
      'acme',
      '--doc',
      'spec',
      '--file',
      file,
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['u1', 'u2']);
    expect((fake.sent(PRESENCE)[0]?.users as unknown[]).length).toBe(2);
  });
});

describe('activities add', () => {
  const ADD = '/v2/activities/add';
  const base = ['activities', 'add', '--org', 'acme', '--doc', 'spec'];

  it('builds one activity from flags', async () => {
    const fake = fakeService({ [ADD]: () => ok({ success: true, message: 'Activities added.' }) });
    const r = await fake.run([
      ...base,
      '--id',
      'a1',
      '--feature-type',
      'custom',
      '--action-type',
      'approval.granted',
      '--user',
      'u1',
      '--user-name',
      'Ana',
      '--target',
      't7',
      '--message',
      '{{user}} approved',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(fake.sent(ADD)[0]?.activities).toEqual([
      {
        id: 'a1',
        featureType: 'custom',
        actionType: 'approval.granted',
        actionUser: { userId: 'u1', name: 'Ana' },
        targetEntityId: 't7',
        displayMessageTemplate: '{{user}} approved',
      },
    ]);
    expect(JSON.parse(r.stdout)).toEqual({ a1: { success: true, message: 'Activities added.' } });
  });

  it('refuses an activity nested past the request limit before sending any', async () => {
    const fake = fakeService({});
    const good = '{"featureType":"comment","actionType":"comment.add","actionUser":{"userId":"u1"}';
    const file = tempFile(
      'a.ndjson',
      [`${good}}`, `${good},"entityData":${deeplyNested}}`, `${good}}`].join('\n'),
    );
    const r = await fake.run([...base, '--file', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 2: entityData.a.a.a.a.a.a.a…: is nested too deeply');
    expect(fake.all()).toHaveLength(0);
  });

  it('validates every activity of a file before sending any', async () => {
    const fake = fakeService({});
    const good = {
      featureType: 'comment',
      actionType: 'comment.add',
      actionUser: { userId: 'u1' },
    };
    const file = tempFile(
      'a.ndjson',
      [good, { ...good, featureType: 'custom' }, good].map((a) => JSON.stringify(a)).join('\n'),
    );
    const r = await fake.run([...base, '--file', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 2');
    expect(r.stderr).toContain('targetEntityId');
    expect(fake.all()).toHaveLength(0);
  });

  it('sends 150 activities in two requests and gives each the answer of its request', async () => {
    const fake = fakeService({
      [ADD]: (_data, call) =>
        call === 0 ? ok({ success: true }) : ok({ success: false, message: 'quota' }),
    });
    const lines = Array.from({ length: 150 }, (_, i) =>
      JSON.stringify({
        id: `a${i}`,
        featureType: 'comment',
        actionType: 'comment.add',
        actionUser: { userId: 'u1' },
      }),
    );
    const r = await fake.run([
      ...base,
      '--file',
      tempFile('a.ndjson', lines.join('\n')),
      '--concurrency',
      '1',
      '--json',
    ]);
    expect(r.code).toBe(5);
    const results = JSON.parse(r.stdout) as Record<string, { success: boolean }>;
    expect(Object.values(results).filter((x) => x.success)).toHaveLength(100);
    expect(results.a149).toEqual({ success: false, message: 'quota' });
    expect(fake.sent(ADD).map((d) => (d.activities as unknown[]).length)).toEqual([100, 50]);
  });

  it('resends a batch after a 500 only when every activity has an id', async () => {
    const flaky = (_data: Record<string, unknown>, call: number) =>
      call === 0 ? fail('INTERNAL', 'boom', 500) : ok({ success: true });
    const activity = {
      featureType: 'comment',
      actionType: 'comment.add',
      actionUser: { userId: 'u1' },
    };

    const first = fakeService({ [ADD]: flaky });
    const withIds = await first.run([...base, '--file', '-'], {
      stdin: JSON.stringify([{ ...activity, id: 'a1' }]),
    });
    expect(withIds.code).toBe(0);
    expect(first.sent(ADD)).toHaveLength(2);

    const second = fakeService({ [ADD]: flaky });
    const withoutIds = await second.run([...base, '--file', '-'], {
      stdin: JSON.stringify([activity]),
    });
    expect(withoutIds.code).toBe(1);
    expect(second.sent(ADD)).toHaveLength(1);
  });

  it('names the flags for one activity when neither they nor --file are given', async () => {
    const fake = fakeService({});
    const r = await fake.run(base);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--feature-type');
  });
});

describe('activities delete', () => {
  const DEL = '/v2/activities/delete';
  const answer = (data: Record<string, unknown>) =>
    ok(
      Object.fromEntries(
        ((data.activityIds as string[] | undefined) ?? ['a1', 'a2']).map((id) => [
          id,
          id === 'gone' ? { success: false, message: 'Activity not found.' } : { success: true },
        ]),
      ),
    );

  it('refuses without --yes when it cannot ask, naming --yes, and sends nothing', async () => {
    const fake = fakeService({});
    const r = await fake.run(['activities', 'delete', '--org', 'acme', '--doc', 'spec']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('delete every activity log of document spec');
    expect(r.stderr).toContain('--yes');
    expect(fake.all()).toHaveLength(0);
  });

  it('deletes by document and target with --yes', async () => {
    const fake = fakeService({ [DEL]: answer });
    const r = await fake.run([
      'activities',
      'delete',
      '--org',
      'acme',
      '--doc',
      'spec',
      '--target',
      't7',
      '--yes',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(fake.sent(DEL)).toEqual([
      { organizationId: 'acme', documentId: 'spec', targetEntityId: 't7' },
    ]);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['a1', 'a2']);
  });

  it('exits 5 when an id could not be deleted, still printing every result', async () => {
    const fake = fakeService({ [DEL]: answer });
    const r = await fake.run(['activities', 'delete', '--org', 'acme', '--id', 'a1,gone', '--yes']);
    expect(r.code).toBe(5);
    expect(r.stdout.split('\n')[0]).toBe('gone\tfalse\tActivity not found.');
    expect(r.stderr).toContain('1 of 2 items failed');
  });

  it('needs a selector', async () => {
    const fake = fakeService({});
    const r = await fake.run(['activities', 'delete', '--org', 'acme', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('give --id, --doc or --target');
    expect(fake.all()).toHaveLength(0);
  });
});

describe('a batch whose outcome is unknown', () => {
  it('is reported per item as unknown, and the other batches still go', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get(FAKE_BASE);
    const path = '/v2/activities/add';
    // The first batch loses its connection after it was sent; it must not be resent, since
    // activities without ids would be written twice.
    pool
      .intercept({ path, method: 'POST' })
      .replyWithError(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
    pool.intercept({ path, method: 'POST' }).reply(200, envelope.standard({ success: true }));
    const lines = Array.from({ length: 150 }, () =>
      JSON.stringify({
        featureType: 'comment',
        actionType: 'comment.add',
        actionUser: { userId: 'u1' },
      }),
    );
    try {
      const r = await runCli(
        [
          'activities',
          'add',
          '--org',
          'acme',
          '--doc',
          'spec',
          '--file',
          '-',
          '--concurrency',
          '1',
          '--json',
        ],
        {
          dispatcher: agent,
          stdin: lines.join('\n'),
          env: {
            SVC_CONFIG_DIR: tempConfigDir(),
            SVC_BASE_URL: FAKE_BASE,
            SVC_API_KEY: 'key_fake_0123',
            SVC_AUTH_TOKEN: 'tok_fake_4567',
          },
        },
      );
      expect(r.code).toBe(5);
      const results = Object.values(
        JSON.parse(r.stdout) as Record<
          string,
          { success: boolean; outcome?: string; message?: string }
        >,
      );
      const unknown = results.filter((x) => x.outcome === 'unknown');
      expect(unknown).toHaveLength(100);
      expect(unknown[0]?.message).toContain('may or may not have been applied');
      expect(results.filter((x) => x.success)).toHaveLength(50);
      agent.assertNoPendingInterceptors();
    } finally {
      await agent.close();
    }
  });
});
