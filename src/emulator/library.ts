import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newAdminToken } from './admin-guard.js';
import {
  adminCall,
  type AdminTarget,
  DEFAULT_OWNER,
  emulatorEnvironment,
  fixtureOwners,
  launchEmulator,
  seedFixture,
  svcCommand,
  svcEnvironment,
  type WorkspaceCredentials,
} from './launch.js';
const { existsSync, readFileSync } = process.getBuiltinModule('node:fs');

/**
 * `import { startEmulator } from 'svc/emulator'`: the emulator for a test suite.
 *
 * It runs `svc emulator start` as a child process rather than in the caller's: the native
 * better-sqlite3 addon, the listening socket and any crash stay out of the test runner (a
 * vitest worker that loads a native addon cannot be recycled cleanly), and the child is the
 * same program the CLI runs. Everything after the start goes through the emulator's own
 * loopback admin routes (/_emulator/…), so the library holds no second implementation. The
 * child stops when `stop()` is called, and on its own when the caller's process ends,
 * however it ends: its IPC channel closes.
 */

export type { WorkspaceCredentials } from './launch.js';
export { EmulatorStartError } from './launch.js';

/** A console option of a workspace (docs/emulator.md). */
export type ConsoleOptionName = 'advancedQueries' | 'activityService' | 'notificationConfig';

/** A fault-injection plan (docs/emulator-faults.md). */
export interface FaultPlan {
  seed?: number;
  rules: FaultRule[];
}

export type FaultRule = {
  path?: string;
  probability: number;
} & (
  | { fault: 'status'; status: 429 | 500 | 503; retryAfter?: number }
  | { fault: 'latency'; ms: number | [number, number] }
  | { fault: 'drop-before' }
  | { fault: 'drop-after' }
);

/** A job of the emulator (docs/emulator-jobs.md). */
export interface EmulatorJob {
  id: string;
  kind: 'migration' | 'deletion' | 'folder-deletion';
  status: 'pending' | 'in_progress' | 'completed' | 'failed';
  stepsDone: number;
  stepsTotal: number;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
  workspaceId: string;
  spec: Record<string, unknown>;
}

/** An email the emulator "sent" (a login link). */
export interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  link: string | null;
  createdAt: number;
}

/** The whole state (or one workspace's) as `export()` gives it and `import()` takes it. */
export type StateDocument = { format: 'svc-emulator-state'; version: number } & Record<
  string,
  unknown
>;

export interface StartEmulatorOptions {
  /** 0 (the default) picks a free port. The emulator listens on 127.0.0.1 only. */
  port?: number;
  /**
   * A fixture (docs/fixtures.md): the path of a JSON file, or the fixture itself. Without
   * one, a workspace of `owner@example.com` is made (or found again in `dataDir`).
   */
  seed?: string | object;
  /** Console options switched on in every workspace, or `'all'`. */
  consoleOptions?: readonly ConsoleOptionName[] | 'all';
  /** Milliseconds per job step (default 200), 0 to finish at once, `'manual'` for `jobs.step()`. */
  jobDelay?: number | 'manual';
  /** Keep state in SQLite under this folder; in memory when absent. */
  dataDir?: string;
  /** Faults injected from the first request; `faults()` replaces them later. */
  faults?: FaultPlan;
  /** Serve the web UI at `/_emulator/ui/` (default true). */
  ui?: boolean;
  /**
   * The prefix of the credential headers it reads (`x-acme` reads `x-acme-api-key`), as a
   * deployment with its own names would; `env()` then sets `SVC_HEADER_PREFIX` to match.
   */
  headerPrefix?: string;
  /** Environment of the emulator process (default `process.env`, less svc's own credentials). */
  env?: Readonly<Record<string, string | undefined>>;
  /** How long the start may take, in milliseconds (default 30000). */
  timeoutMs?: number;
}

export interface Emulator {
  /** Base URL for clients, e.g. `http://127.0.0.1:43121`. */
  readonly url: string;
  readonly port: number;
  /** The web UI's address, when it is served, carrying the admin token (`#token=…`). */
  readonly uiUrl: string | undefined;
  /**
   * The token its admin routes ask for (`Authorization: Bearer …`), made for this start, so
   * that no other user of the machine can read or change its state. The methods here send it.
   */
  readonly adminToken: string;
  /** The emulator process's id. */
  readonly pid: number;
  /** The first workspace of the seed (or `owner@example.com`'s): what `env()` points at. */
  readonly workspace: WorkspaceCredentials;
  /** Every workspace the seed made, in its order. */
  readonly workspaces: readonly WorkspaceCredentials[];
  /**
   * The variables a child `svc` needs: `SVC_BASE_URL`, `SVC_EMULATOR_ADMIN_TOKEN`,
   * `SVC_WORKSPACE_ID`, `SVC_WORKSPACE_TOKEN`, `SVC_API_KEY`, `SVC_AUTH_TOKEN`; of `workspace`
   * unless another is given.
   */
  env(workspace?: WorkspaceCredentials): Record<string, string>;
  /**
   * Empties the emulator and loads the start's seed again, with the same credentials, and
   * puts back the start's fault plan (none if it had none); with a workspace id, puts that
   * one workspace back to how it was when made (its credentials kept), faults untouched.
   */
  reset(workspaceId?: string): Promise<void>;
  /** Loads a fixture (a file path or the object); answers each named workspace's credentials. */
  seed(fixture: string | object): Promise<WorkspaceCredentials[]>;
  /** The whole state, or one workspace's, as one JSON document. It holds every token. */
  export(workspaceId?: string): Promise<StateDocument>;
  /** Loads a document `export()` gave. */
  import(document: StateDocument): Promise<void>;
  /** Replaces the fault plan; `faults({ rules: [] })` ends injection. */
  faults(plan: FaultPlan): Promise<void>;
  /** The job clock: list, step, run to the end, or fail jobs (all unfinished ones without an id). */
  readonly jobs: {
    list(workspaceId?: string): Promise<EmulatorJob[]>;
    step(id?: string): Promise<EmulatorJob[]>;
    run(id?: string): Promise<EmulatorJob[]>;
    fail(id: string, reason?: string): Promise<EmulatorJob[]>;
  };
  /** The emails the emulator sent (login links), to one address or all. */
  outbox(to?: string): Promise<OutboxMessage[]>;
  /** Stops the emulator and waits for its process to end; safe to call more than once. */
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** How long a stopping emulator gets before it is killed. */
const STOP_GRACE_MS = 5_000;

/** bin/svc of this package: from dist/ in the package, from src/emulator/ in its repository. */
function packageBin(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const bin = join(dir, 'bin', 'svc');
    if (existsSync(bin)) return bin;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('svc/emulator cannot find its bin/svc');
    dir = parent;
  }
}

function startArgs(options: StartEmulatorOptions, seedFile: string | undefined): string[] {
  const args = ['emulator', 'start', '--port', String(options.port ?? 0)];
  if (options.dataDir !== undefined) args.push('--data-dir', options.dataDir);
  if (seedFile !== undefined) args.push('--seed', seedFile);
  if (options.jobDelay !== undefined)
    args.push(
      '--job-delay',
      options.jobDelay === 'manual' ? 'manual' : `${String(options.jobDelay)}ms`,
    );
  if (options.consoleOptions !== undefined)
    for (const name of options.consoleOptions === 'all' ? ['all'] : options.consoleOptions)
      args.push('--console-option', name);
  if (options.faults !== undefined) args.push('--faults', JSON.stringify(options.faults));
  if (options.ui === false) args.push('--no-ui');
  if (options.headerPrefix !== undefined) args.push('--header-prefix', options.headerPrefix);
  return args;
}

/** A fixture to send: a file's text as it is, an object as JSON. */
function fixtureText(fixture: string | object): string {
  return typeof fixture === 'string' ? readFileSync(fixture, 'utf8') : JSON.stringify(fixture);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startEmulator(options: StartEmulatorOptions = {}): Promise<Emulator> {
  // A file seed is loaded by the emulator at start, so a bad file fails the start naming it.
  const seedFile = typeof options.seed === 'string' ? options.seed : undefined;
  const adminToken = newAdminToken();
  const { child, ready } = await launchEmulator({
    command: svcCommand(packageBin(), false),
    startArgs: startArgs(options, seedFile),
    env: emulatorEnvironment(options.env ?? process.env, adminToken),
    // The IPC channel is how the emulator learns that this process has gone.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
  });
  // The channel and pipes must not keep the caller's process alive.
  child.unref();
  child.channel?.unref();
  (child.stdout as { unref?: () => void } | null)?.unref?.();
  (child.stderr as { unref?: () => void } | null)?.unref?.();
  child.stdout?.resume();

  const url = ready.url;
  const admin: AdminTarget = { url, token: adminToken };
  const seedText = (): string =>
    options.seed === undefined
      ? JSON.stringify({ workspaces: [DEFAULT_OWNER] })
      : seedFile !== undefined
        ? JSON.stringify({ workspaces: fixtureOwners(JSON.parse(fixtureText(seedFile))) })
        : fixtureText(options.seed);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited(child);
        clearTimeout(killer);
      }
      if (child.connected) child.disconnect();
    })();
    return stopping;
  };

  let workspaces: WorkspaceCredentials[];
  try {
    workspaces = await seedFixture(admin, seedText());
  } catch (err) {
    await stop();
    throw err;
  }
  const workspace = workspaces[0];
  if (!workspace) {
    await stop();
    throw new Error('the seed names no workspace: give it at least one');
  }

  const jobCall = (route: string, body: object) =>
    adminCall<{ jobs: EmulatorJob[] }>(admin, `jobs/${route}`, {
      method: 'POST',
      body: JSON.stringify(body),
    }).then((answer) => answer.jobs);

  const emulator: Emulator = {
    url,
    port: Number(new URL(url).port),
    uiUrl: ready.ui && `${ready.ui}#token=${encodeURIComponent(adminToken)}`,
    adminToken,
    pid: ready.pid,
    workspace,
    workspaces,
    env: (ws = workspace) => svcEnvironment(admin, ws, options.headerPrefix),
    async reset(workspaceId) {
      await adminCall(admin, 'reset', {
        method: 'POST',
        body: JSON.stringify(workspaceId === undefined ? {} : { workspaceId }),
      });
      if (workspaceId !== undefined) return;
      // The seed again: its workspaces come back with the credentials handed out at start.
      await adminCall(admin, 'import', { method: 'POST', body: JSON.stringify(initialState) });
      // And the start's faults, or none: a test that failed before its cleanup leaves the
      // faults it set to no other.
      await adminCall(admin, 'faults', {
        method: 'POST',
        body: JSON.stringify(options.faults ?? { rules: [] }),
      });
    },
    async seed(fixture) {
      return seedFixture(admin, fixtureText(fixture));
    },
    export: (workspaceId) =>
      adminCall<StateDocument>(admin, 'export', {
        ...(workspaceId !== undefined && { query: { workspaceId } }),
      }),
    async import(document) {
      await adminCall(admin, 'import', { method: 'POST', body: JSON.stringify(document) });
    },
    async faults(plan) {
      await adminCall(admin, 'faults', { method: 'POST', body: JSON.stringify(plan) });
    },
    jobs: {
      list: (workspaceId) =>
        adminCall<{ jobs: EmulatorJob[] }>(admin, 'jobs', {
          ...(workspaceId !== undefined && { query: { workspaceId } }),
        }).then((answer) => answer.jobs),
      step: (id) => jobCall('step', id === undefined ? {} : { id }),
      run: (id) => jobCall('run', id === undefined ? {} : { id }),
      fail: (id, reason) => jobCall('fail', reason === undefined ? { id } : { id, reason }),
    },
    outbox: (to) =>
      adminCall<{ messages: OutboxMessage[] }>(admin, 'outbox', {
        ...(to !== undefined && { query: { to } }),
      }).then((answer) => answer.messages),
    stop,
    [Symbol.asyncDispose]: stop,
  };
  // What reset() goes back to: the state just after the seed.
  let initialState: StateDocument;
  try {
    initialState = await emulator.export();
  } catch (err) {
    await stop();
    throw err;
  }
  return emulator;
}
