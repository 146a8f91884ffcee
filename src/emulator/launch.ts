import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { credentialEnvVars } from '../config/credentials.js';
import { aiUrlEnv } from './ai/url-env.js';

/**
 * Starting `svc emulator start` as a process of its own and learning what a client needs
 * from it: the library (`@svc-cli/svc/emulator`) and `svc emulator start --detach` both stand on this.
 * The emulator keeps its native SQLite addon, its port and its crashes in that process;
 * credentials travel over its loopback admin route, never on argv.
 */

/** What `svc emulator start` says on stdout once it accepts requests. */
export interface ReadyLine {
  status: 'ready';
  url: string;
  ui?: string;
  pid: number;
}

/** The credentials of one workspace, at both auth levels. */
export interface WorkspaceCredentials {
  ownerEmail: string;
  workspaceId: string;
  workspaceToken: string;
  apiKey: string;
  authToken: string;
}

/** The workspace made when no fixture names one: the one `svc emulator exec` makes. */
export const DEFAULT_OWNER = { ownerEmail: 'owner@example.com', name: 'Emulator owner' } as const;

/** How long a start may take before it is given up: a cold SQLite addon on a busy machine. */
export const READY_TIMEOUT_MS = 30_000;
/** What is kept of a piped stderr: the end, where the reason is. */
const STDERR_KEPT = 8_192;

/** An emulator that did not start; the message holds what it said on stderr. */
export class EmulatorStartError extends Error {
  override name = 'EmulatorStartError';
}

/**
 * How to run svc again: the same Node and script for the npm package, the executable alone
 * for the single executable (whose argv[1] is itself).
 */
export function svcCommand(binPath: string, isBinary: boolean): { file: string; args: string[] } {
  return isBinary
    ? { file: process.execPath, args: [] }
    : { file: process.execPath, args: [binPath] };
}

/** The svc variables the emulator process reads: its AI provider URLs. */
const emulatorVariables = new Set<string>(Object.values(aiUrlEnv));

/**
 * The environment of the emulator process: the caller's without any `SVC_*` variable but
 * the emulator's own (the AI provider URLs), so that no credential or key of the caller's
 * svc reaches it; and the admin token it is to ask for, chosen by the caller (an
 * environment, unlike argv, is readable by its owner alone).
 */
export function emulatorEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  adminToken: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (name.startsWith('SVC_') && !emulatorVariables.has(name)) continue;
    out[name] = value;
  }
  if (adminToken !== undefined) out[ADMIN_TOKEN_VAR] = adminToken;
  return out;
}

export interface LaunchOptions {
  command: { file: string; args: string[] };
  /** The flags of `svc emulator start` (never a secret: they are on argv). */
  startArgs: readonly string[];
  env: Record<string, string>;
  /** Where its stdin, stderr (and more) go; stdout must be `pipe`: the ready line comes there. */
  stdio: StdioOptions;
  /** A process group of its own, outliving the caller (for --detach). */
  detached?: boolean;
  /** What it said on stderr so far, when stderr is not piped (a log file). */
  stderrSoFar?: () => string;
  timeoutMs?: number;
}

/** Spawns the emulator and waits for its ready line; kills it if it never comes. */
export function launchEmulator(
  options: LaunchOptions,
): Promise<{ child: ChildProcess; ready: ReadyLine }> {
  const child = spawn(options.command.file, [...options.command.args, ...options.startArgs], {
    env: options.env,
    stdio: options.stdio,
    detached: options.detached ?? false,
  });
  // A piped stderr is kept (its end) for the error of a start that fails.
  let piped = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    piped = (piped + chunk).slice(-STDERR_KEPT);
  });
  const said = () => (options.stderrSoFar?.() ?? piped).trim();
  return new Promise((resolve, reject) => {
    let buffer = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      child.stdout?.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      const stderr = said();
      reject(new EmulatorStartError(stderr ? `${why}: ${stderr}` : why));
    };
    const timer = setTimeout(
      () => fail(`the emulator did not start within ${options.timeoutMs ?? READY_TIMEOUT_MS} ms`),
      options.timeoutMs ?? READY_TIMEOUT_MS,
    );
    child.once('error', (err) => fail(`cannot run svc: ${err.message}`));
    child.once('exit', (code, signal) =>
      // stderr may still be arriving: let it land before the message is made.
      setImmediate(() =>
        fail(`the emulator exited before it was ready (${signal ?? `exit code ${code}`})`),
      ),
    );
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      const line = buffer.slice(0, end);
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      child.stdout?.removeAllListeners('data');
      let ready: ReadyLine;
      try {
        ready = JSON.parse(line) as ReadyLine;
      } catch {
        return fail(`the emulator's first line is not its ready line: ${line}`);
      }
      if (ready.status !== 'ready' || typeof ready.url !== 'string')
        return fail(`the emulator's first line is not its ready line: ${line}`);
      resolve({ child, ready });
    });
  });
}

/** An emulator's admin routes: where, and the admin token they ask for (none if off). */
export interface AdminTarget {
  url: string;
  token: string | undefined;
}

/** The variable that hands the admin token to svc and to the emulator it starts. */
export const ADMIN_TOKEN_VAR = 'SVC_EMULATOR_ADMIN_TOKEN';

/** An admin route's answer, or an error naming the route and the emulator's message. */
export async function adminCall<T>(
  { url, token }: AdminTarget,
  route: string,
  init: { method?: 'GET' | 'POST'; body?: string; query?: Record<string, string> } = {},
): Promise<T> {
  const target = new URL(`/_emulator/${route}`, url);
  for (const [name, value] of Object.entries(init.query ?? {}))
    target.searchParams.set(name, value);
  const res = await fetch(target, {
    method: init.method ?? 'GET',
    headers: {
      ...(token !== undefined && { authorization: `Bearer ${token}` }),
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(init.body !== undefined && { body: init.body }),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`/_emulator/${route} answered HTTP ${res.status} without JSON`);
  }
  if (!res.ok) {
    const error = (body as { error?: { status?: string; message?: string } }).error;
    throw new Error(
      `/_emulator/${route} answered ${error?.status ?? `HTTP ${res.status}`}: ${error?.message ?? text}`,
    );
  }
  return body as T;
}

/**
 * Loads a fixture through the admin route and answers each named workspace's credentials.
 * Seeding finds a workspace again by its owner email, so a fixture of owners alone is how
 * the credentials of workspaces already there are read back.
 */
export async function seedFixture(
  emulator: AdminTarget,
  fixture: string,
): Promise<WorkspaceCredentials[]> {
  const { workspaces } = await adminCall<{ workspaces: WorkspaceCredentials[] }>(emulator, 'seed', {
    method: 'POST',
    body: fixture,
  });
  return workspaces;
}

/** The owners a fixture names, so their credentials can be read back after `--seed`. */
export function fixtureOwners(fixture: unknown): { ownerEmail: string }[] {
  const workspaces = (fixture as { workspaces?: unknown } | null)?.workspaces;
  if (!Array.isArray(workspaces)) return [];
  return workspaces.flatMap((ws: unknown) => {
    const ownerEmail = (ws as { ownerEmail?: unknown } | null)?.ownerEmail;
    return typeof ownerEmail === 'string' ? [{ ownerEmail }] : [];
  });
}

/**
 * The variables that point svc at a workspace of an emulator, with its admin token (which
 * `svc webhooks trigger` sends) when it has one.
 */
export function svcEnvironment(
  { url, token }: AdminTarget,
  ws: WorkspaceCredentials | undefined,
  headerPrefix?: string,
): Record<string, string> {
  return {
    SVC_BASE_URL: url,
    ...(headerPrefix !== undefined && { SVC_HEADER_PREFIX: headerPrefix }),
    ...(token !== undefined && { [ADMIN_TOKEN_VAR]: token }),
    ...(ws && workspaceVariables(ws)),
  };
}

function workspaceVariables(ws: WorkspaceCredentials): Record<string, string> {
  return {
    [credentialEnvVars.workspaceId]: ws.workspaceId,
    [credentialEnvVars.workspaceToken]: ws.workspaceToken,
    [credentialEnvVars.apiKey]: ws.apiKey,
    [credentialEnvVars.authToken]: ws.authToken,
  };
}
