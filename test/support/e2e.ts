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

export interface Emulator {
  url: string;
  process: ResultPromise;
  stop(): Promise<void>;
}

/** Starts `svc emulator start --port 0` (with `env` added) and waits for its ready line. */
export async function startEmulator(
  extraArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<Emulator> {
  const child = execa(SVC, ['emulator', 'start', '--port', '0', ...extraArgs], {
    env: cleanEnv(env),
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
 * gives an environment for svc with the key-level credentials of each workspace by email.
 */
export async function seedWorkspaces(
  emulator: Emulator,
  fixture: unknown,
): Promise<{ workspaces: SeededWorkspace[]; envFor(ownerEmail: string): Record<string, string> }> {
  const res = await fetch(`${emulator.url}/_emulator/seed`, {
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
