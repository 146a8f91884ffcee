import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/catalogue/operations.js';
import { declaredLeaves, operationsOf } from '../../../src/cli/declare/ownership.js';
import { allCommands, commandTree } from '../../../src/cli/reference/tree.js';
import { svcCommands } from '../../../src/commands/index.js';
import { envelope, type AiAnswer } from '../../support/envelopes.js';
import { fakeService, ok, type FakeRoute } from '../../support/fake-service.js';
import { offlineLogin, runCli, tempConfigDir } from '../../support/harness.js';

const leaves = [...allCommands(commandTree(svcCommands))]
  .filter((cmd) => cmd.path.length > 0 && cmd.subcommands.length === 0)
  .map((cmd) => cmd.path.join(' '));

interface Schema {
  $schema: string;
  title: string;
  description: string;
}

async function schemaOf(command: string): Promise<Schema> {
  const r = await runCli(['schema', ...command.split(' ')]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Schema;
}

/** Whether a document is one the command's JSON Schema allows. */
async function conforms(command: string, document: unknown): Promise<boolean> {
  return z.fromJSONSchema((await schemaOf(command)) as never).safeParse(document).success;
}

/** Runs `svc … --json` against routes by operation name; returns the document it printed. */
async function printed(
  argv: string[],
  routes: Record<string, FakeRoute>,
  exitCode = 0,
  env: Record<string, string> = {},
): Promise<unknown> {
  const fake = fakeService(
    Object.fromEntries(
      Object.entries(routes).map(([name, route]) => [
        operations.find((op) => op.name === name)?.path ?? name,
        route,
      ]),
    ),
  );
  const r = await fake.run([...argv, '--json'], { env });
  expect(r.code, r.stderr).toBe(exitCode);
  return JSON.parse(r.stdout);
}

describe('svc schema COMMAND', () => {
  it('gives every command that prints a fixed JSON document a draft 2020-12 schema', async () => {
    const without: string[] = [];
    for (const command of leaves) {
      const r = await runCli(['schema', ...command.split(' ')]);
      if (r.code === 2) {
        expect(r.stderr).toContain(`svc ${command} has no JSON output schema: `);
        without.push(command);
        continue;
      }
      expect(r.code, `${command}: ${r.stderr}`).toBe(0);
      const schema = JSON.parse(r.stdout) as Schema;
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.title).toBe(`svc ${command} --json`);
    }
    // `mcp serve` speaks MCP on stdout; `mcp tools --json`, `mcp config --json` and
    // `webhooks trigger --json` (an emulator route, not an operation) have no entry in the
    // schema command's table yet; `openapi` prints a document that is itself the schema.
    expect(without.sort()).toEqual(
      [
        'api',
        'auth token',
        'completion',
        'emulator exec',
        'emulator health',
        'emulator stop',
        'help',
        'mcp config',
        'mcp serve',
        'mcp tools',
        'openapi',
        'schema',
        'webhooks trigger',
      ].sort(),
    );
  });

  it('says of every paged command, and only of those, that its array joins the pages read', async () => {
    for (const { path, declaration } of declaredLeaves(svcCommands)) {
      const sent = operationsOf(declaration);
      if (sent.length === 0) continue;
      const paged = sent.some(
        (name) => operations.find((op) => op.name === name)?.paging !== undefined,
      );
      const { description } = await schemaOf(path);
      if (paged) expect(description, path).toContain('every page the listing read');
      else expect(description, path).not.toContain('every page');
    }
  });

  it('describes every declared command from the operations it sends', async () => {
    for (const { path, declaration } of declaredLeaves(svcCommands)) {
      for (const name of operationsOf(declaration)) {
        expect((await schemaOf(path)).description, path).toContain(name);
      }
    }
  });

  it('lists the commands that have one', async () => {
    const r = await runCli(['schema', '--list', '--json']);
    const rows = JSON.parse(r.stdout) as { command: string; operations: string }[];
    expect(rows.find((row) => row.command === 'docs migrate')).toEqual({
      command: 'docs migrate',
      operations: 'documents.migrate, documents.migrationStatus',
    });
    expect(rows.find((row) => row.command === 'profile list')).toEqual({
      command: 'profile list',
      operations: '',
    });
    expect(rows.some((row) => row.command === 'api')).toBe(false);
  });

  it('exits 2 for a group, an unknown command, or no command', async () => {
    const group = await runCli(['schema', 'docs']);
    expect(group.code).toBe(2);
    expect(group.stderr).toContain(
      'svc docs is a group of commands: name one of list, add, update',
    );
    expect((await runCli(['schema', 'docs', 'nope'])).stderr).toContain(
      'no command "svc docs nope"',
    );
    expect((await runCli(['schema'])).code).toBe(2);
  });

  it('describes when each shape is printed, on that shape alone', async () => {
    const purge = (await schemaOf('users purge')) as Schema & {
      anyOf: { description?: string; items?: { description?: string } }[];
    };
    expect(purge.anyOf.map((v) => v.description)).toEqual([
      'the users went in one request',
      'they went in several: one job each',
    ]);
    expect(purge.anyOf[1]?.items?.description).toBeUndefined();
  });

  it('names the recursive folder once, and notes --dry-run for writes only', async () => {
    const folders = (await schemaOf('folders list')) as Schema & { $defs?: object };
    expect(Object.keys(folders.$defs ?? {})).toEqual(['Folder']);
    expect((await schemaOf('docs update')).description).toContain('--dry-run');
    expect((await schemaOf('docs list')).description).not.toContain('--dry-run');
  });
});

describe('what commands print conforms to their schema', () => {
  const migration = { migrationId: 'm1', status: 'completed' };

  it('docs migrate, without and with --wait', async () => {
    const started = await printed(['docs', 'migrate', '--org', 'o', '--doc', 'd', '--to', 'n'], {
      'documents.migrate': () => ok({ migrationId: 'm1' }),
    });
    expect(await conforms('docs migrate', started)).toBe(true);
    const waited = await printed(
      ['docs', 'migrate', '--org', 'o', '--doc', 'd', '--to', 'n', '--wait'],
      {
        'documents.migrate': () => ok({ migrationId: 'm1' }),
        'documents.migrationStatus': () => ok(migration),
      },
    );
    expect(waited).toEqual(migration);
    expect(await conforms('docs migrate', waited)).toBe(true);
    expect(await conforms('docs migrate', { status: 'completed' })).toBe(false);
  });

  it('a bulk command: the per-item map, failed items included (exit 5)', async () => {
    const map = await printed(
      ['docs', 'disable', '--org', 'o', '--doc', 'a,b', '--yes'],
      {
        'documents.setDisabled': () =>
          ok({ a: { success: true }, b: { success: false, message: 'not found' } }),
      },
      5,
    );
    expect(await conforms('docs disable', map)).toBe(true);
    expect(await conforms('docs disable', [map])).toBe(false);
  });

  it('a bulk command whose service answers once per batch', async () => {
    const map = await printed(
      [
        'activities',
        'add',
        ...['--org', 'o', '--doc', 'd', '--feature-type', 'custom', '--action-type', 'x'],
        ...['--user', 'u1', '--target', 't', '--id', 'a1'],
      ],
      { 'activities.add': () => ok({ success: true, message: 'added' }) },
    );
    expect(await conforms('activities add', map)).toBe(true);
  });

  it('users purge, without and with --wait', async () => {
    const purge: FakeRoute = () => ({
      status: 202,
      body: envelope.topLevel({ jobId: 'j1', tasksCount: 3 }, 'queued'),
    });
    const job = await printed(['users', 'purge', '--user', 'u1', '--yes'], {
      'users.purge': purge,
    });
    expect(job).toEqual({ jobId: 'j1', tasksCount: 3 });
    expect(await conforms('users purge', job)).toBe(true);
    const waited = await printed(['users', 'purge', '--user', 'u1', '--yes', '--wait'], {
      'users.purge': purge,
      'users.purgeStatus': () => ok({ isDeleteCompleted: true, tasksLeft: 0 }),
    });
    expect(await conforms('users purge', waited)).toBe(true);
    expect(await conforms('users purge', { jobId: 'j1', tasksCount: 'three' })).toBe(false);
  });

  it('workspace tokens: exactly {apiKey, authTokens}', async () => {
    const tokens = await printed(
      ['workspace', 'tokens', '--api-key', 'k'],
      {
        'workspace.authTokens': () =>
          ok({ apiKey: 'k', authTokens: [{ token: 't', name: 'n', domains: [] }], more: 1 }),
      },
      0,
      { SVC_WORKSPACE_ID: 'ws', SVC_WORKSPACE_TOKEN: 'wstok' },
    );
    expect(await conforms('workspace tokens', tokens)).toBe(true);
    expect(await conforms('workspace tokens', { ...(tokens as object), more: 1 })).toBe(false);
  });

  it('ai rewrite, answered and failed (exit 6)', async () => {
    const route =
      (answer: AiAnswer): FakeRoute =>
      () => ({ body: envelope.ai(answer) });
    const argv = ['ai', 'rewrite', '--model', 'm', '--prompt', 'p', '--text', 't'];
    const good = await printed(argv, { 'ai.rewrite': route({ success: true, text: 'T' }) });
    expect(await conforms('ai rewrite', good)).toBe(true);
    const bad = await printed(
      argv,
      { 'ai.rewrite': route({ success: false, error: 'no key' }) },
      6,
    );
    expect(await conforms('ai rewrite', bad)).toBe(true);
    expect(await conforms('ai rewrite', { success: true })).toBe(false);
  });

  it('operations with no data print {status, message}', async () => {
    const updated = await printed(
      [
        'crdt',
        'update',
        ...['--org', 'o', '--doc', 'd', '--editor', 'e', '--type', 'text', '--data', 'hi'],
      ],
      { 'crdt.update': () => ({ body: envelope.noData('updated') }) },
    );
    expect(await conforms('crdt update', updated)).toBe(true);
    const link = await printed(
      ['workspace', 'login-link', '--email', 'a@example.com', '--continue-url', 'https://x.test/'],
      { 'workspace.loginLink': () => ok(null) },
    );
    expect(await conforms('workspace login-link', link)).toBe(true);
  });

  it('folders list, with nested subfolders', async () => {
    const folder = (id: string, subFolders: object[] = []) => ({
      folderId: id,
      folderName: id,
      parentFolderId: 'root',
      subFolders,
    });
    const tree = await printed(['folders', 'list', '--org', 'o', '--max-depth', '2'], {
      'folders.get': () => ok([folder('a', [folder('b')])]),
    });
    expect(await conforms('folders list', tree)).toBe(true);
    expect(await conforms('folders list', [{ folderId: 'a', subFolders: [{}] }])).toBe(false);
  });

  it('notifications list --all: one array of every page', async () => {
    const item = (id: string) => ({ id, timestamp: 1 });
    const all = await printed(['notifications', 'list', '--org', 'o', '--doc', 'd', '--all'], {
      'notifications.get': (_data, call) =>
        call === 0 ? ok([item('n1')], { pageToken: 'p2' }) : ok([item('n2')]),
    });
    expect(all).toHaveLength(2);
    expect(await conforms('notifications list', all)).toBe(true);
  });

  it('the local commands: profiles and auth status', async () => {
    const dir = tempConfigDir();
    const login = await runCli([...offlineLogin('ci'), '--json'], {
      env: { SVC_CONFIG_DIR: dir },
      stdin: 'token\n',
    });
    expect(await conforms('auth login', JSON.parse(login.stdout))).toBe(true);
    for (const command of ['profile list', 'profile show']) {
      const r = await runCli([...command.split(' '), '--json'], { env: { SVC_CONFIG_DIR: dir } });
      expect(await conforms(command, JSON.parse(r.stdout)), command).toBe(true);
    }
    const status = await runCli(['auth', 'status', '--json'], { env: { SVC_CONFIG_DIR: dir } });
    expect(await conforms('auth status', JSON.parse(status.stdout))).toBe(true);
  });

  it('users purge-status', async () => {
    const status = await printed(['users', 'purge-status', '--job', 'j1'], {
      'users.purgeStatus': () =>
        ok({ isDeleteCompleted: false, tasksLeft: 2, lastTaskCompletedTime: null }),
    });
    expect(await conforms('users purge-status', status)).toBe(true);
  });
});
