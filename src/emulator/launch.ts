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

/**
 * Why an emulator did not start:
 * - `invalid-fixture`: the seed is not a fixture (a file that cannot be read, text that is
 *   not JSON, a field the format refuses), or it names no workspace;
 * - `invalid-option`: another option it refused;
 * - `port-in-use`, `port-out-of-range` (not a whole number from 0 to 65535),
 *   `port-not-permitted` (one below 1024 without the privilege to bind it);
 * - `port-blocked-by-fetch`: a port `fetch` refuses to reach (the WHATWG "bad ports", such as
 *   6000 or 10080), so no `fetch` of a test could call it;
 * - `timeout`: no ready line within the time given;
 * - `exited`: the process ended before it was ready;
 * - `cannot-run`: svc itself could not be run;
 * - `unexpected-answer`: it said something other than its ready line, or a call to it during
 *   the start failed for a reason of its own.
 */
export type EmulatorStartCode =
  | 'invalid-fixture'
  | 'invalid-option'
  | 'port-in-use'
  | 'port-out-of-range'
  | 'port-not-permitted'
  | 'port-blocked-by-fetch'
  | 'timeout'
  | 'exited'
  | 'cannot-run'
  | 'unexpected-answer';

/** An emulator that did not start: `code` says why, the message says it in words. */
export class EmulatorStartError extends Error {
  override name = 'EmulatorStartError';

  constructor(
    readonly code: EmulatorStartCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * What `svc emulator start` sends the process that started it over their IPC channel when it
 * cannot start: the reason as a code, which its stderr alone would leave to be guessed from
 * the words.
 */
export interface StartFailure {
  status: 'failed';
  code: EmulatorStartCode;
  message: string;
}

function isStartFailure(message: unknown): message is StartFailure {
  const m = message as Partial<StartFailure> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.status === 'failed' &&
    typeof m.code === 'string' &&
    typeof m.message === 'string'
  );
}

/** The exit code of a usage error (docs/cli-contract.md): an option the start refused. */
const USAGE_EXIT_CODE = 2;

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

/**
 * Spawns the emulator and waits for its ready line; kills it if it never comes. A failure is
 * an `EmulatorStartError` whose code comes from the emulator itself when it had an IPC channel
 * to say it on, else from how it ended.
 */
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
  let reported: StartFailure | undefined;
  const onMessage = (message: unknown) => {
    if (isStartFailure(message)) reported = message;
  };
  child.on('message', onMessage);
  const timeoutMs = options.timeoutMs ?? READY_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    let buffer = '';
    let settled = false;
    const stopListening = () => {
      clearTimeout(timer);
      child.removeListener('close', onClose);
      child.removeListener('error', onError);
      child.removeListener('message', onMessage);
      child.stdout?.removeAllListeners('data');
    };
    const fail = (code: EmulatorStartCode, why: string, withStderr = true) => {
      if (settled) return;
      settled = true;
      stopListening();
      child.stdout?.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      const stderr = withStderr ? said() : '';
      reject(new EmulatorStartError(code, stderr ? `${why}: ${stderr}` : why));
    };
    const timer = setTimeout(
      () => fail('timeout', `the emulator did not start within ${timeoutMs} ms`),
      timeoutMs,
    );
    const onError = (err: Error) => fail('cannot-run', `cannot run svc: ${err.message}`);
    // 'close' comes once its stdio and IPC channel have closed too: by then all it said on
    // stderr and its IPC message (if any) have arrived.
    const onClose = (code: number | null, signal: NodeJS.Signals | null) => {
      if (reported) return fail(reported.code, reported.message, false);
      const how = signal ?? `exit code ${code}`;
      // A usage error it did not report: one the command line's parser refused.
      if (code === USAGE_EXIT_CODE)
        return fail('invalid-option', `the emulator did not start (${how})`);
      fail('exited', `the emulator exited before it was ready (${how})`);
    };
    child.once('error', onError);
    child.once('close', onClose);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      const line = buffer.slice(0, end);
      let ready: ReadyLine | undefined;
      try {
        ready = JSON.parse(line) as ReadyLine;
      } catch {
        ready = undefined;
      }
      if (ready?.status !== 'ready' || typeof ready.url !== 'string')
        return fail(
          'unexpected-answer',
          `the emulator's first line is not its ready line: ${line}`,
        );
      settled = true;
      stopListening();
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

/** An admin route's refusal: the route, the emulator's `error.status` and its message. */
export class AdminCallError extends Error {
  override name = 'AdminCallError';

  constructor(
    /** The route under `/_emulator/`, such as `seed`. */
    readonly route: string,
    /** The error envelope's `status` (`INVALID_ARGUMENT`…); undefined without one. */
    readonly status: string | undefined,
    readonly httpStatus: number,
    /** What the emulator said, or the body it answered. */
    readonly detail: string,
  ) {
    super(`/_emulator/${route} answered ${status ?? `HTTP ${httpStatus}`}: ${detail}`);
  }
}

/** An admin route's answer, or an error naming the route and the emulator's message. */
export async function adminCall<T>(
  { url, token }: AdminTarget,
  route: string,
  init: {
    method?: 'GET' | 'POST';
    body?: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const target = new URL(`/_emulator/${route}`, url);
  for (const [name, value] of Object.entries(init.query ?? {}))
    target.searchParams.set(name, value);
  const res = await fetch(target, {
    method: init.method ?? 'GET',
    headers: {
      ...init.headers,
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
    throw new AdminCallError(route, undefined, res.status, 'an answer without JSON');
  }
  if (!res.ok) {
    const error = (body as { error?: { status?: string; message?: string } } | null)?.error;
    throw new AdminCallError(route, error?.status, res.status, error?.message ?? text);
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

/** The variables that give svc one workspace's credentials, by their names. */
export type WorkspaceVariables = {
  -readonly [K in keyof typeof credentialEnvVars as (typeof credentialEnvVars)[K]]: string;
};

/**
 * What `svcEnvironment` gives: the URL always; the header prefix, the admin token and a
 * workspace's credentials where there are. A type rather than an interface, so that it is
 * assignable to an environment record (`Record<string, string>`) as it stands.
 */
export type SvcEnvironment = {
  SVC_BASE_URL: string;
  SVC_HEADER_PREFIX?: string;
  SVC_EMULATOR_ADMIN_TOKEN?: string;
} & Partial<WorkspaceVariables>;

/**
 * The variables that point svc at a workspace of an emulator, with its admin token (which
 * `svc webhooks trigger` sends) when it has one.
 */
export function svcEnvironment(
  { url, token }: AdminTarget,
  ws: WorkspaceCredentials | undefined,
  headerPrefix?: string,
): SvcEnvironment {
  return {
    SVC_BASE_URL: url,
    ...(headerPrefix !== undefined && { SVC_HEADER_PREFIX: headerPrefix }),
    ...(token !== undefined && { [ADMIN_TOKEN_VAR]: token }),
    ...(ws && workspaceVariables(ws)),
  };
}

export function workspaceVariables(ws: WorkspaceCredentials): WorkspaceVariables {
  return {
    [credentialEnvVars.workspaceId]: ws.workspaceId,
    [credentialEnvVars.workspaceToken]: ws.workspaceToken,
    [credentialEnvVars.apiKey]: ws.apiKey,
    [credentialEnvVars.authToken]: ws.authToken,
  };
}
