import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelope } from '../../support/envelopes.js';
import { runCli, tempConfigDir } from '../../support/harness.js';
import { jsonNotices } from '../../support/json-notices.js';

const BASE = 'https://svc.test';

describe('main: usage errors', () => {
  it('suggests the nearest command and exits 2', async () => {
    const r = await runCli(['workspce']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'workspce'");
    expect(r.stderr).toContain('workspace');
    expect(r.stdout).toBe('');
  });

  it('rejects an unknown option with exit 2 and one JSON line under --json', async () => {
    const r = await runCli(['workspace', 'tokens', '--bogus', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const doc = JSON.parse(lines[0] ?? '') as {
      error: { status: string; message: string };
      exitCode: number;
    };
    expect(doc.exitCode).toBe(2);
    expect(doc.error.message).toContain("unknown option '--bogus'");
  });

  it('reports a mistyped option, with a suggestion, before the required one it misses', async () => {
    const r = await runCli(['docs', 'list', '--orgg', 'x']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("error: unknown option '--orgg'\nhint: Did you mean --org?\n");
  });

  it('reads a word given where a command takes none as its one missing required flag, and says so', async () => {
    const r = await runCli(['docs', 'list', 'acme']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      "error: too many arguments for 'list'. Expected 0 arguments but got 1.\n" +
        'hint: did you mean: svc docs list --org acme\n',
    );
    // Global flags and the command's own stay where they were.
    const placed = await runCli(['--json', 'users', 'list', 'acme', '--limit', '3']);
    expect(placed.stderr).toContain('did you mean: svc --json users list --org acme --limit 3');
    // Two words, or more than one flag missing: no guess.
    for (const argv of [
      ['docs', 'list', 'acme', 'extra'],
      ['docs', 'migrate', 'acme'],
      ['docs', 'list', '--org', 'acme', 'extra'],
    ]) {
      const r2 = await runCli(argv);
      expect(r2.code, argv.join(' ')).toBe(2);
      expect(r2.stderr, argv.join(' ')).not.toContain('did you mean');
    }
  });

  it("still reports a missing required option, in commander's words, before running", async () => {
    const r = await runCli(['docs', 'migrate', '--org', 'o', '--doc', 'd', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `${JSON.stringify({
        error: { status: 'USAGE', message: "required option '--to <id>' not specified" },
        exitCode: 2,
      })}\n`,
    );
  });

  it('names the missing flag when it cannot prompt', async () => {
    const r = await runCli(['workspace', 'create', '--base-url', BASE], {
      env: { SVC_CONFIG_DIR: tempConfigDir() },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--email is required');
  });

  it('prints help with examples and exits 0', async () => {
    const r = await runCli(['workspace', 'create', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: svc workspace create');
    expect(r.stdout).toContain('Examples:');
  });
});

describe('main: workspace create against a mocked service', () => {
  let agent: MockAgent;
  let dir: string;
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
    dir = tempConfigDir();
  });
  afterEach(async () => {
    agent.assertNoPendingInterceptors();
    await agent.close();
  });

  const workspace = {
    id: 'ws1',
    name: 'W',
    owner: { email: 'a@example.com', id: 'u1', name: 'A', avatar: '' },
    authToken: 'workspace-token-0123456789',
    apiKeyList: { key1: { apiKeyName: 'Default', id: 'key1', type: 'testing' } },
  };

  it('stores a 0600 profile with both credential pairs, fetched with the new workspace credentials', async () => {
    const pool = agent.get(BASE);
    pool
      .intercept({ path: '/v2/workspace/create', method: 'POST' })
      .reply(200, envelope.standard(workspace));
    pool
      .intercept({
        path: '/v2/workspace/authtokens/get',
        method: 'POST',
        headers: {
          'x-service-workspace-id': 'ws1',
          'x-service-auth-token': 'workspace-token-0123456789',
        },
      })
      .reply(
        200,
        envelope.standard({
          apiKey: 'key1',
          authTokens: [
            { token: 'key-token-abcdefghijkl', name: 'Default Auth Token', domains: [] },
          ],
        }),
      );

    const r = await runCli(
      [
        'workspace',
        'create',
        '--email',
        'a@example.com',
        '--name',
        'A',
        '--workspace-name',
        'W',
        '--json',
        '--base-url',
        BASE,
      ],
      // Credentials in the environment must not be used for the new workspace's calls.
      {
        env: {
          SVC_CONFIG_DIR: dir,
          SVC_WORKSPACE_ID: 'other',
          SVC_WORKSPACE_TOKEN: 'other-token-xyz',
        },
        dispatcher: agent,
      },
    );
    // Under --json, stderr's notices are JSON lines too.
    expect(jsonNotices(r.stderr).join('\n')).toContain('profile "default"');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as typeof workspace;
    expect(out.id).toBe('ws1');
    expect(out.authToken).toBe('****6789');

    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const config = JSON.parse(readFileSync(file, 'utf8')) as {
      activeProfile: string;
      profiles: Record<string, Record<string, string>>;
    };
    expect(config.activeProfile).toBe('default');
    expect(config.profiles.default).toEqual({
      baseUrl: BASE,
      workspaceId: 'ws1',
      workspaceToken: 'workspace-token-0123456789',
      apiKey: 'key1',
      authToken: 'key-token-abcdefghijkl',
      // The only copy of these tokens: auth logout and profile remove ask first.
      createdWorkspace: true,
    });
  });

  it('maps a disposable-email rejection to exit 2 and prints the status', async () => {
    agent
      .get(BASE)
      .intercept({ path: '/v2/workspace/create', method: 'POST' })
      .reply(400, envelope.error('INVALID_ARGUMENT', 'Disposable email domains are not allowed.'));
    const r = await runCli(
      ['workspace', 'create', '--email', 'x@mailinator.com', '--base-url', BASE],
      {
        env: { SVC_CONFIG_DIR: dir },
        dispatcher: agent,
      },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('INVALID_ARGUMENT');
    expect(r.stdout).toBe('');
  });

  it('--dry-run prints the request without sending it', async () => {
    const r = await runCli(
      ['workspace', 'create', '--email', 'a@example.com', '--dry-run', '--base-url', BASE],
      {
        env: { SVC_CONFIG_DIR: dir },
        dispatcher: agent,
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`POST ${BASE}/v2/workspace/create`);
    expect(r.stdout).toContain('"ownerEmail": "a@example.com"');
  });
});

describe('main: profiles', () => {
  it('logs in from stdin, lists, shows masked, switches and removes', async () => {
    const env = { SVC_CONFIG_DIR: tempConfigDir() };
    const login = await runCli(
      [
        'auth',
        'login',
        '--profile',
        'ci',
        '--base-url',
        BASE,
        '--no-verify',
        '--api-key',
        'key9',
        '--with-token',
      ],
      { env, stdin: 'secret-token-value-1234\n' },
    );
    expect(login.code).toBe(0);

    const list = await runCli(['profile', 'list', '--json'], { env });
    expect(JSON.parse(list.stdout)).toEqual([
      { name: 'ci', active: true, baseUrl: BASE, workspaceId: null, apiKey: 'key9' },
    ]);

    const show = await runCli(['profile', 'show', 'ci'], { env });
    expect(show.stdout).not.toContain('secret-token-value-1234');
    expect(show.stdout).toContain('****1234');

    const token = await runCli(['auth', 'token', '--profile', 'ci'], { env });
    expect(token.stdout).toBe('secret-token-value-1234\n');

    expect((await runCli(['profile', 'use', 'nope'], { env })).code).toBe(2);
    expect((await runCli(['profile', 'remove', 'ci', '--yes'], { env })).code).toBe(0);
    expect(JSON.parse((await runCli(['profile', 'list', '--json'], { env })).stdout)).toEqual([]);
  });

  it('refuses to prompt for a token without a terminal', async () => {
    const r = await runCli(['auth', 'login', '--base-url', BASE, '--api-key', 'k'], {
      env: { SVC_CONFIG_DIR: tempConfigDir() },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--with-token is required');
  });
});
