import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, chownSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { adminFetch, cleanEnv, seedWorkspaces, svc } from '../support/e2e.js';
import { KEY, svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator({ seed: null });

/** A web server that is not the service: it answers every request with an HTML page. */
interface HtmlServer {
  url: string;
  /** The headers of each request it received. */
  received: IncomingHttpHeaders[];
  close(): Promise<void>;
}
const servers: HtmlServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function htmlServer(status: number): Promise<HtmlServer> {
  const received: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end('<html><body>Welcome to nginx!</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const html: HtmlServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  servers.push(html);
  return html;
}

let emails = 0;
/** A config dir holding one workspace created through svc, its profile active. */
async function profileEnv(profile = 'prod'): Promise<Record<string, string>> {
  const env = cleanEnv();
  const email = `creds-${Date.now()}-${emails++}@example.com`;
  const created = await svc(
    ['workspace', 'create', '--email', email, '--profile', profile, '--base-url', emulator.url],
    env,
  );
  expect(created.exitCode, created.stderr).toBe(0);
  return env;
}

function storedProfiles(env: Record<string, string>): Record<string, Record<string, string>> {
  const text = readFileSync(join(env.SVC_CONFIG_DIR ?? '', 'config.json'), 'utf8');
  return (JSON.parse(text) as { profiles: Record<string, Record<string, string>> }).profiles;
}

describe('stored credentials are bound to their service', () => {
  it('a base URL from the environment or a flag for another origin is refused with exit 3, and nothing is sent', async () => {
    const env = await profileEnv();
    const other = await htmlServer(200);
    for (const [args, extra, source] of [
      [['docs', 'list', '--org', 'o'], { SVC_BASE_URL: other.url }, 'SVC_BASE_URL'],
      [['docs', 'list', '--org', 'o', '--base-url', other.url], {}, '--base-url'],
    ] as const) {
      const r = await svc([...args], { ...env, ...extra });
      expect(r.exitCode).toBe(3);
      expect(r.stderr).toContain(
        `the credentials of profile "prod" were stored for ${emulator.url}, not ${other.url} (from ${source})`,
      );
      expect(r.stderr).toContain(`svc auth login --profile prod --base-url ${other.url}`);
    }
    expect(other.received).toEqual([]);
  });

  it('the same service by another name is another origin, until the profile is stored for it; credentials from the environment go where it says', async () => {
    const env = await profileEnv();
    const localhost = emulator.url.replace('127.0.0.1', 'localhost');
    const refused = await svc(['workspace', 'tokens'], { ...env, SVC_BASE_URL: localhost });
    expect(refused.exitCode).toBe(3);

    // The command the hint gives works when pasted, and then so does the first one.
    const pasted = /store them for it: svc (.*)$/m.exec(refused.stderr)?.[1] ?? '';
    expect(pasted).toBe(`auth login --profile prod --base-url ${localhost} --force`);
    const relogin = await svc(pasted.split(' '), { ...env, SVC_BASE_URL: localhost });
    expect(relogin.exitCode, relogin.stderr).toBe(0);
    const rebound = await svc(['workspace', 'tokens'], { ...env, SVC_BASE_URL: localhost });
    expect(rebound.exitCode, rebound.stderr).toBe(0);

    const prod = storedProfiles(env).prod ?? {};
    const fromEnv = await svc(['workspace', 'tokens', '--api-key', prod.apiKey ?? '', '--json'], {
      ...env,
      SVC_BASE_URL: localhost,
      SVC_WORKSPACE_ID: prod.workspaceId ?? '',
      SVC_WORKSPACE_TOKEN: prod.workspaceToken ?? '',
    });
    expect(fromEnv.exitCode, fromEnv.stderr).toBe(0);
  });
});

describe('a base URL with a user name and password', () => {
  it('is refused wherever it is given, and the password never shows', async () => {
    const secretUrl = emulator.url.replace('http://', 'http://admin:hunter2-pass@');
    const env = await profileEnv();
    for (const args of [
      ['docs', 'list', '--org', 'o', '--base-url', secretUrl, '--debug'],
      ['workspace', 'create', '--email', 'x@example.com', '--base-url', secretUrl, '--debug'],
      [
        'auth',
        'login',
        '--profile',
        'new',
        '--base-url',
        secretUrl,
        '--api-key',
        'k',
        '--with-token',
      ],
    ]) {
      const r = await svc(args, env, 'token-0123456789\n');
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('holds a user name or password');
      expect(`${r.stdout}${r.stderr}`).not.toContain('hunter2-pass');
    }
    expect(Object.keys(storedProfiles(env))).toEqual(['prod']);
  });

  it('is masked when a stored one is listed or shown', async () => {
    const env = cleanEnv();
    mkdirSync(env.SVC_CONFIG_DIR ?? '', { recursive: true });
    writeFileSync(
      join(env.SVC_CONFIG_DIR ?? '', 'config.json'),
      JSON.stringify({
        profiles: { old: { baseUrl: 'https://me:hunter2-pass@api.example.com/' } },
      }),
      { mode: 0o600 },
    );
    for (const args of [
      ['profile', 'list'],
      ['profile', 'list', '--json'],
      ['profile', 'show', 'old'],
    ]) {
      const r = await svc(args, env);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toContain('https://***@api.example.com/');
      expect(`${r.stdout}${r.stderr}`).not.toContain('hunter2-pass');
    }
  });
});

describe('a broken config file', () => {
  it('names the line and column, does not advise removing it, and is not rewritten', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const path = join(env.SVC_CONFIG_DIR ?? '', 'config.json');
    const text =
      '{\n  "profiles": {\n    "ci": { "apiKey": "k", "authToken": "t0123456789" },\n  }\n}\n';
    writeFileSync(path, text, { mode: 0o600 });
    for (const args of [
      ['profile', 'list'],
      ['auth', 'login', '--profile', 'x', '--api-key', 'k', '--with-token', '--no-verify'],
    ]) {
      const r = await svc(args, env, 'token-0123456789\n');
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain(`${path} is not a valid svc config file: line 4, column 3`);
      expect(r.stderr).not.toMatch(/remove|delete/i);
    }
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('names the profile and key whose value has the wrong type', async () => {
    const env = cleanEnv();
    writeFileSync(
      join(env.SVC_CONFIG_DIR ?? '', 'config.json'),
      JSON.stringify({ profiles: { prod: { authToken: { nested: true } } } }),
    );
    const r = await svc(['auth', 'token', '--profile', 'prod'], env);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('key "authToken" of profile "prod" must be a string');
    expect(r.stderr).not.toMatch(/slice is not a function|\n\s+at /);
  });
});

describe('a profile that does not exist', () => {
  it('gives one message everywhere, naming it, where the name came from, and the stored ones', async () => {
    const env = await profileEnv('prod');
    for (const [args, from] of [
      [['docs', 'list', '--org', 'o', '--profile', 'nosuch'], ' (from --profile)'],
      [['auth', 'status', '--profile', 'nosuch'], ' (from --profile)'],
      [['auth', 'token', '--profile', 'nosuch'], ' (from --profile)'],
      [['auth', 'logout', '--profile', 'nosuch'], ' (from --profile)'],
      [['profile', 'show', 'nosuch'], ''],
      [['profile', 'use', 'nosuch'], ''],
      [['profile', 'remove', 'nosuch'], ''],
    ] as const) {
      const r = await svc([...args], env);
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toBe(
        `error: no profile named "nosuch"${from}\nhint: stored profiles: prod`,
      );
    }
    for (const args of [
      ['docs', 'list', '--org', 'o'],
      ['auth', 'token'],
      ['profile', 'show'],
    ]) {
      const viaEnv = await svc(args, { ...env, SVC_PROFILE: 'nosuch' });
      expect(viaEnv.exitCode, args.join(' ')).toBe(2);
      expect(viaEnv.stderr, args.join(' ')).toBe(
        'error: no profile named "nosuch" (from SVC_PROFILE)\nhint: stored profiles: prod',
      );
    }
  });
});

describe('workspace create --profile NAME', () => {
  it('takes the service of the active profile when no flag or variable gives one', async () => {
    const env = await profileEnv('prod');
    const r = await svc(
      ['workspace', 'create', '--email', `ci-${Date.now()}@example.com`, '--profile', 'ci'],
      env,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(storedProfiles(env).ci?.baseUrl).toBe(emulator.url);
  });
});

describe('profile remove of the active profile', () => {
  it('needs --yes off a terminal, and asks on one', async () => {
    const env = await profileEnv('prod');
    const refused = await svc(['profile', 'remove', 'prod'], env);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(Object.keys(storedProfiles(env))).toEqual(['prod']);

    const term = svcInTerminal(['profile', 'remove', 'prod'], env);
    await term.waitFor('Remove profile "prod", the active profile');
    term.type(`n${KEY.enter}`);
    expect(await term.exited).toBe(2);
    expect(Object.keys(storedProfiles(env))).toEqual(['prod']);

    expect((await svc(['profile', 'remove', 'prod', '--yes'], env)).exitCode).toBe(0);
    expect(storedProfiles(env)).toEqual({});
  });
});

describe("the only copy of a workspace's tokens", () => {
  it('auth logout of a profile workspace create made: refused without --yes off a terminal, tokens kept', async () => {
    const env = await profileEnv('made');
    const before = await svc(['auth', 'token', '--profile', 'made', '--workspace'], env);
    expect(before.exitCode).toBe(0);
    const refused = await svc(['auth', 'logout', '--profile', 'made'], env);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(refused.stderr).toContain('the only copy of the tokens');
    expect(refused.stderr).toContain('svc auth token --profile made --workspace');
    // Nothing was removed: the token still reads back.
    const after = await svc(['auth', 'token', '--profile', 'made', '--workspace'], env);
    expect(after.stdout).toBe(before.stdout);

    const removed = await svc(['auth', 'logout', '--profile', 'made', '--yes'], env);
    expect(removed.exitCode).toBe(0);
    expect((await svc(['auth', 'token', '--profile', 'made', '--workspace'], env)).exitCode).toBe(
      3,
    );
  });

  it('profile remove at a terminal says what is lost and how to copy it out, and keeps it on "no"', async () => {
    const env = await profileEnv('made');
    // Not the active one: only the tokens make it worth asking.
    const other = await svc(
      [
        'workspace',
        'create',
        '--email',
        `other-${Date.now()}@example.com`,
        '--profile',
        'other',
        '--base-url',
        emulator.url,
      ],
      env,
    );
    expect(other.exitCode, other.stderr).toBe(0);
    const term = svcInTerminal(['profile', 'remove', 'made'], env, { cols: 200, rows: 40 });
    await term.waitFor('nothing can issue again');
    // At a terminal the warning is broken between words to fit it.
    await term.waitFor(/svc auth token\s+--profile made\s+--workspace/);
    await term.waitFor('Remove profile "made"?');
    term.type(`n${KEY.enter}`);
    expect(await term.exited).toBe(2);
    expect(Object.keys(storedProfiles(env)).sort()).toEqual(['made', 'other']);
  });
});

describe('auth login checks before it stores', () => {
  it('refuses credentials the service rejects, stores nothing, and --no-verify skips the check', async () => {
    const env = await profileEnv('prod');
    const { apiKey = '', authToken = '' } = storedProfiles(env).prod ?? {};
    const login = (token: string, ...extra: string[]) =>
      svc(
        [
          'auth',
          'login',
          '--profile',
          'ci',
          '--base-url',
          emulator.url,
          '--api-key',
          apiKey,
          '--with-token',
          ...extra,
        ],
        env,
        `${token}\n`,
      );
    const wrong = await login('wrong-token-0123456789');
    expect(wrong.exitCode).toBe(3);
    expect(wrong.stderr).toContain('the service rejected the API key credentials');
    expect(storedProfiles(env).ci).toBeUndefined();

    const html = await htmlServer(404);
    const elsewhere = await svc(
      [
        'auth',
        'login',
        '--profile',
        'web',
        '--base-url',
        html.url,
        '--api-key',
        apiKey,
        '--with-token',
      ],
      env,
      `${authToken}\n`,
    );
    expect(elsewhere.exitCode).toBe(1);
    expect(elsewhere.stderr).toContain(
      `the server at ${html.url} did not answer as the service does`,
    );
    expect(storedProfiles(env).web).toBeUndefined();

    expect((await login(authToken)).exitCode).toBe(0);
    expect(storedProfiles(env).ci).toMatchObject({ apiKey, authToken });

    const offline = await svc(
      [
        'auth',
        'login',
        '--profile',
        'offline',
        '--base-url',
        'http://127.0.0.1:9',
        '--api-key',
        'k',
        '--with-token',
        '--no-verify',
      ],
      env,
      'offline-token-0123\n',
    );
    expect(offline.exitCode, offline.stderr).toBe(0);
    expect(storedProfiles(env).offline).toMatchObject({ apiKey: 'k' });
  });

  it("replacing a profile's stored token needs --force off a terminal", async () => {
    const env = await profileEnv('prod');
    const { apiKey = '', authToken = '' } = storedProfiles(env).prod ?? {};
    const args = ['auth', 'login', '--profile', 'prod', '--api-key', apiKey, '--with-token'];
    const refused = await svc(args, env, 'another-token-0123456789\n');
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/profile "prod" already holds credentials.*--force/);
    expect(storedProfiles(env).prod?.authToken).toBe(authToken);
    const forced = await svc([...args, '--force'], env, `${authToken}\n`);
    expect(forced.exitCode, forced.stderr).toBe(0);
  });
});

describe('auth status says "valid" only when the service accepted the credentials', () => {
  async function setFaults(plan: unknown): Promise<void> {
    const res = await adminFetch(emulator, '/_emulator/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(plan),
    });
    expect(res.status).toBe(200);
  }

  it('valid against the service; tab-separated when piped; a verdict per credential in --json', async () => {
    const env = await profileEnv('prod');
    const piped = await svc(['auth', 'status'], env);
    expect(piped.exitCode).toBe(0);
    const lines = piped.stdout.split('\n');
    expect(lines[0]).toBe('Profile\tprod');
    expect(lines[2]).toMatch(/^Workspace\t\S+\ttoken \*+\S{4}\t\[file\]\tvalid$/);
    expect(lines[3]).toMatch(/^API key\t\S+\ttoken \*+\S{4}\t\[file\]\tvalid$/);
    const json = JSON.parse((await svc(['auth', 'status', '--json'], env)).stdout) as Record<
      string,
      { valid: boolean; verdict: string }
    >;
    expect(json.workspace).toMatchObject({ valid: true, verdict: 'valid' });
    expect(json.apiKey).toMatchObject({ valid: true, verdict: 'valid' });
  });

  it('a service answering 503 to everything: "could not check", exit 75', async () => {
    const env = await profileEnv('prod');
    await setFaults({ rules: [{ fault: 'status', status: 503, probability: 1 }] });
    try {
      const r = await svc(['auth', 'status', '--json', '--timeout', '2s'], env);
      expect(r.exitCode).toBe(75);
      const json = JSON.parse(r.stdout) as Record<string, { valid: unknown; verdict: string }>;
      expect(json.workspace).toMatchObject({ valid: null, verdict: 'unchecked' });
      expect(json.apiKey).toMatchObject({ valid: null, verdict: 'unchecked' });
      expect(r.stderr).toContain('could not check the workspace credentials');
    } finally {
      await setFaults({ rules: [] });
    }
  }, 60_000);

  it.each([404, 200])(
    'a web server answering %i with HTML: "could not check", exit 1, naming the server',
    async (status) => {
      const html = await htmlServer(status);
      const env = cleanEnv({
        SVC_BASE_URL: html.url,
        SVC_API_KEY: 'key',
        SVC_AUTH_TOKEN: 'token-0123456789',
      });
      const r = await svc(['auth', 'status'], env);
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toContain(`could not check: the server at ${html.url} did not answer`);
      expect(r.stdout).not.toMatch(/\tvalid$/m);
    },
  );

  it('a workspace the service does not know is not valid: exit 3 with its NOT_FOUND', async () => {
    const env = await profileEnv('prod');
    const unknown = {
      ...env,
      SVC_WORKSPACE_ID: 'doesnotexist123',
      SVC_WORKSPACE_TOKEN: 'garbage-0123456789abcdef',
    };
    const r = await svc(['auth', 'status', '--json'], unknown);
    expect(r.exitCode).toBe(3);
    const json = JSON.parse(r.stdout) as Record<string, { valid: unknown; verdict: string }>;
    expect(json.workspace).toMatchObject({ valid: false, verdict: 'rejected' });
    expect(json.workspace).toHaveProperty('error', 'NOT_FOUND: Workspace not found.');
    expect(r.stderr).toContain('rejected the workspace credentials: NOT_FOUND');
    // With no API key to look up, a NOT_FOUND cannot prove the pair either way.
    const bare = cleanEnv({
      SVC_BASE_URL: emulator.url,
      SVC_WORKSPACE_ID: 'doesnotexist123',
      SVC_WORKSPACE_TOKEN: 'garbage-0123456789abcdef',
    });
    const alone = await svc(['auth', 'status', '--json'], bare);
    expect(alone.exitCode).not.toBe(0);
    expect(JSON.parse(alone.stdout)).toMatchObject({ workspace: { valid: null } });
  });

  it('credentials the service rejects: exit 3', async () => {
    const env = await profileEnv('prod');
    const r = await svc(['auth', 'status'], { ...env, SVC_AUTH_TOKEN: 'wrong-token-0123456789' });
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toMatch(
      /^API key\t.*\[env\]\trejected \((UNAUTHENTICATED|PERMISSION_DENIED)/m,
    );
  });
});

describe('config and state dirs that others may write', () => {
  async function bulkEnv(): Promise<Record<string, string>> {
    const ownerEmail = `dirs-${Date.now()}-${emails++}@example.com`;
    const seeded = await seedWorkspaces(emulator, {
      workspaces: [{ ownerEmail, organizations: [{ id: 'acme' }] }],
    });
    return seeded.envFor(ownerEmail);
  }
  const addGroup = (env: Record<string, string>) =>
    svc(['groups', 'add', '--org', 'acme', '--id', 'g1', '--name', 'G'], env);
  const storeKey = (env: Record<string, string>) =>
    svc(
      [
        'auth',
        'login',
        '--base-url',
        emulator.url,
        '--no-verify',
        '--api-key',
        'k',
        '--with-token',
      ],
      env,
      'token-0123456789\n',
    );

  it('are made private again with a warning, by a profile write and by a bulk run', async () => {
    const login = cleanEnv();
    chmodSync(login.SVC_CONFIG_DIR ?? '', 0o777);
    const r = await storeKey(login);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('was writable by others (mode 777); made it private (mode 700)');
    expect(statSync(login.SVC_CONFIG_DIR ?? '').mode & 0o777).toBe(0o700);

    const bulk = await bulkEnv();
    chmodSync(bulk.SVC_CONFIG_DIR ?? '', 0o777);
    const added = await addGroup(bulk);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).toContain('was writable by others (mode 777)');
    expect(statSync(bulk.SVC_CONFIG_DIR ?? '').mode & 0o777).toBe(0o700);
  });

  it.runIf(process.getuid?.() === 0)('are refused when another user owns them', async () => {
    const login = cleanEnv();
    chownSync(login.SVC_CONFIG_DIR ?? '', 65534, 65534);
    const r = await storeKey(login);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('belongs to another user (uid 65534): svc will not use it');

    const bulk = await bulkEnv();
    chownSync(bulk.SVC_CONFIG_DIR ?? '', 65534, 65534);
    const added = await addGroup(bulk);
    expect(added.exitCode).toBe(1);
    expect(added.stderr).toContain('belongs to another user');
  });
});
