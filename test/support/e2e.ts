import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { processAlive } from '../../src/io/temp-dir.js';

export const SVC = fileURLToPath(new URL('../../bin/svc', import.meta.url));

/** An environment with nothing of the caller's svc settings, or keyring, in it. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('SVC_') && k !== 'CI' && k !== 'FORCE_COLOR') env[k] = v;
  }
  // No test reaches the desktop's keyring: those that test it start a keyring of their own.
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.XDG_RUNTIME_DIR;
  return {
    ...env,
    NO_COLOR: '1',
    SVC_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'svc-e2e-')),
    // A test reads the terminal's screen: a real pager would wait there for a key press.
    // test/e2e/pager.test.ts sets a pager of its own.
    SVC_PAGER: 'cat',
    ...extra,
  };
}

/** Runs a command line that svc printed, as a person pasting it into a shell would. */
export function pasteInShell(line: string, env: Record<string, string>) {
  return execa('sh', ['-c', line], {
    env: { ...env, PATH: `${dirname(SVC)}:${env.PATH ?? ''}` },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
}

export function svc(args: string[], env: Record<string, string>, input?: string) {
  return execa(SVC, args, {
    env,
    extendEnv: false,
    reject: false,
    timeout: 30_000,
    ...(input !== undefined ? { input } : { stdin: 'ignore' }),
  });
}

/** The variable that gives `svc emulator start` its admin token (and `svc webhooks trigger` it). */
export const ADMIN_TOKEN_VAR = 'SVC_EMULATOR_ADMIN_TOKEN';

/**
 * The admin token the emulators the tests start are given in SVC_EMULATOR_ADMIN_TOKEN, unless
 * a test says otherwise: every /_emulator/ route but health and verify (and the UI's pages)
 * asks for it.
 */
export const TEST_ADMIN_TOKEN = 'svc-e2e-admin-token-0123456789abcdef';

export interface Emulator {
  url: string;
  /**
   * The token its admin routes ask for, sent by `adminFetch`; undefined for an emulator
   * without one (--no-admin-token, --no-admin) or with one it made itself, unknown here.
   */
  adminToken?: string;
  process: ResultPromise;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * The token put in SVC_EMULATOR_ADMIN_TOKEN: TEST_ADMIN_TOKEN unless said, or the one `env`
   * sets; `null` to give none, so that the emulator makes one of its own.
   */
  adminToken?: string | null;
}

/**
 * The admin token an emulator started with `args` and `env` is given: none with
 * --no-admin-token or --no-admin, else the caller's, else the test one.
 */
function adminTokenFor(
  args: readonly string[],
  env: Record<string, string>,
  options: StartOptions,
): string | undefined {
  if (args.includes('--no-admin')) return undefined;
  if (options.adminToken !== undefined) return options.adminToken ?? undefined;
  if (ADMIN_TOKEN_VAR in env) return env[ADMIN_TOKEN_VAR];
  if (args.includes('--no-admin-token')) return undefined;
  return TEST_ADMIN_TOKEN;
}

/** SVC_EMULATOR_ADMIN_TOKEN for an environment, when `emulator` has a token this knows. */
export function adminEnv(emulator: Pick<Emulator, 'adminToken'>): Record<string, string> {
  return emulator.adminToken === undefined ? {} : { [ADMIN_TOKEN_VAR]: emulator.adminToken };
}

/** `headers` with the emulator's admin token added as a Bearer credential, when it has one. */
export function adminHeaders(
  emulator: Pick<Emulator, 'adminToken'>,
  headers?: RequestInit['headers'],
): Headers {
  const all = new Headers(headers);
  if (emulator.adminToken !== undefined && !all.has('authorization'))
    all.set('authorization', `Bearer ${emulator.adminToken}`);
  return all;
}

/**
 * `fetch` of one of the emulator's admin routes (`path` such as `/_emulator/journal`), with
 * its admin token.
 */
export function adminFetch(
  emulator: Pick<Emulator, 'url' | 'adminToken'>,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(`${emulator.url}${path}`, {
    ...init,
    headers: adminHeaders(emulator, init.headers),
  });
}

/** The web UI's address for a browser: with `#token=` when the emulator has a token. */
export function uiAddress(emulator: Pick<Emulator, 'adminToken'>, ui: string): string {
  return emulator.adminToken === undefined
    ? ui
    : `${ui}#token=${encodeURIComponent(emulator.adminToken)}`;
}

/**
 * Starts `svc emulator start --port 0` (with `env` added) and waits for its ready line. The
 * emulator gets TEST_ADMIN_TOKEN as its admin token unless `env` or `options` give another,
 * or `extraArgs` switch it off.
 */
export async function startEmulator(
  extraArgs: string[] = [],
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<Emulator> {
  const adminToken = adminTokenFor(extraArgs, env, options);
  const childEnv = cleanEnv(env);
  if (options.adminToken === null) delete childEnv[ADMIN_TOKEN_VAR];
  else if (adminToken !== undefined) childEnv[ADMIN_TOKEN_VAR] = adminToken;
  const child = execa(SVC, ['emulator', 'start', '--port', '0', ...extraArgs], {
    env: childEnv,
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`emulator did not start: ${buffer}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.includes('"ready"'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    void child.then((r) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited ${r.exitCode}: ${r.stderr}`));
    });
  });
  return {
    url,
    ...(adminToken !== undefined && adminToken !== '' && { adminToken }),
    process: child,
    async stop() {
      child.kill('SIGTERM');
      await child;
    },
  };
}

export interface SeededWorkspace {
  ownerEmail: string;
  workspaceId: string;
  workspaceToken: string;
  apiKey: string;
  authToken: string;
}

/**
 * Loads a fixture (docs/fixtures.md) into a running emulator through its admin call, and
 * gives an environment for svc with the key-level credentials of each workspace by email (and
 * the emulator's admin token, for `svc webhooks trigger`).
 */
export async function seedWorkspaces(
  emulator: Emulator,
  fixture: unknown,
): Promise<{ workspaces: SeededWorkspace[]; envFor(ownerEmail: string): Record<string, string> }> {
  const res = await adminFetch(emulator, '/_emulator/seed', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof fixture === 'string' ? fixture : JSON.stringify(fixture),
  });
  if (res.status !== 200) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  const { workspaces } = (await res.json()) as { workspaces: SeededWorkspace[] };
  return {
    workspaces,
    envFor(ownerEmail) {
      const ws = workspaces.find((w) => w.ownerEmail === ownerEmail);
      if (!ws) throw new Error(`no seeded workspace for ${ownerEmail}`);
      return cleanEnv({
        SVC_BASE_URL: emulator.url,
        SVC_API_KEY: ws.apiKey,
        SVC_AUTH_TOKEN: ws.authToken,
        // For `svc webhooks trigger`, which calls an admin route.
        ...adminEnv(emulator),
      });
    },
  };
}

/** The example fixture (docs/fixtures.md) that most end-to-end tests start from. */
export const BASIC_FIXTURE = fileURLToPath(
  new URL('../../examples/fixtures/basic.json', import.meta.url),
);

/** Waits until a process has gone, polling; false after `ms`. */
export async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
