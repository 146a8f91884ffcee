import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { credentialHeaders } from '../config/header-prefix.js';
import { newAdminToken } from './admin-guard.js';
import type { Fixture } from './fixtures/input-types.js';
import type { JournalEntry } from './journal.js';
import type {
  DeliveriesFilter,
  EmulatorEnv,
  EmulatorJob,
  FaultPlan,
  KeyCredentials,
  OutboxMessage,
  StartEmulatorOptions,
  StateDocument,
  TriggerOptions,
} from './library-types.js';
import {
  AdminCallError,
  adminCall,
  type AdminTarget,
  DEFAULT_OWNER,
  emulatorEnvironment,
  EmulatorStartError,
  fixtureOwners,
  launchEmulator,
  seedFixture,
  svcCommand,
  svcEnvironment,
  workspaceVariables,
  type WorkspaceCredentials,
} from './launch.js';
import {
  checkHeaderPrefixOption,
  checkJobDelay,
  checkStartPort,
  readSeedFile,
} from './start-checks.js';
import type { TriggeredWebhook, WebhookClockAdvance, WebhookDelivery } from './webhooks/admin.js';
const { existsSync, readFileSync } = process.getBuiltinModule('node:fs');

/**
 * `import { startEmulator } from '@svc-cli/svc/emulator'`: the emulator for a test suite.
 *
 * It runs `svc emulator start` as a child process rather than in the caller's: the store,
 * the listening socket and any crash stay out of the test runner (on Node 20 the store is a
 * native addon, and a vitest worker that loads one cannot be recycled cleanly), and the child is the
 * same program the CLI runs. Everything after the start goes through the emulator's own
 * loopback admin routes (/_emulator/…), so the library holds no second implementation. The
 * child stops when `stop()` is called, and on its own when the caller's process ends,
 * however it ends: its IPC channel closes.
 */

export type { EmulatorStartCode, WorkspaceCredentials } from './launch.js';
// Every type of library-types.ts is part of the library's API.
export type * from './library-types.js';
export { AdminCallError, EmulatorStartError } from './launch.js';
export type {
  Fixture,
  FixtureAccessType,
  FixtureCrdtEditor,
  FixtureDocument,
  FixtureFolder,
  FixtureGrant,
  FixtureGroup,
  FixtureNotification,
  FixtureNotificationConfig,
  FixtureNotificationLevel,
  FixtureOrganization,
  FixtureRecording,
  FixtureUser,
  FixtureWorkspace,
} from './fixtures/input-types.js';
export type { JournalEntry } from './journal.js';
export type { TriggeredWebhook, WebhookClockAdvance, WebhookDelivery } from './webhooks/admin.js';
export type { AttemptRecord as WebhookAttempt } from './store/webhook-deliveries.js';
export type {
  ApiPath,
  components,
  ErrorResponse,
  operations,
  paths,
  RequestOf,
  ResponseOf,
} from '../openapi/operation-types.js';

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
   * `SVC_WORKSPACE_ID`, `SVC_WORKSPACE_TOKEN`, `SVC_API_KEY`, `SVC_AUTH_TOKEN`, and
   * `SVC_HEADER_PREFIX` when started with `headerPrefix`; of `workspace` unless another is given.
   */
  env(workspace?: WorkspaceCredentials): EmulatorEnv;
  /**
   * Without an id: empties the emulator, loads the start's seed again with the same
   * credentials, forgets the request journal, and puts back the fault plan the start was given
   * (none if it had none), whatever `faults()` set since, its random draws starting again from
   * its `seed`. So a test that failed before its own cleanup leaves no data, journal or faults
   * to the next: call it before each test.
   *
   * With a workspace id: puts that one workspace back to how it was when made (its credentials
   * kept, its data and its journal entries gone). The fault plan is the emulator's, not the
   * workspace's, and is left as it is.
   */
  reset(workspaceId?: string): Promise<void>;
  /** Loads a fixture (a file path or the object); answers each named workspace's credentials. */
  seed(fixture: string | Fixture): Promise<WorkspaceCredentials[]>;
  /** The whole state, or one workspace's, as one JSON document. It holds every token. */
  export(workspaceId?: string): Promise<StateDocument>;
  /** Loads a document `export()` gave. */
  import(document: StateDocument): Promise<void>;
  /** Replaces the fault plan until the next `faults()` or `reset()`; `{ rules: [] }` ends it. */
  faults(plan: FaultPlan): Promise<void>;
  /** The job clock: list, step, run to the end, or fail jobs (all unfinished ones without an id). */
  readonly jobs: {
    list(workspaceId?: string): Promise<EmulatorJob[]>;
    step(id?: string): Promise<EmulatorJob[]>;
    run(id?: string): Promise<EmulatorJob[]>;
    fail(id: string, reason?: string): Promise<EmulatorJob[]>;
  };
  /** Webhooks (docs/webhooks.md): send one, see what was delivered, move the retry clock. */
  readonly webhooks: {
    /**
     * Sends a realistic sample of `event` (`comment.add`, `crdt.update_data`, …) to every
     * receiver of a workspace that takes it, as `svc webhooks trigger` does; the start's first
     * workspace unless `workspace` names another key. Answers the message's id and how many
     * receivers it went to; the first attempts run at once, after this answers.
     */
    trigger(event: string, options?: TriggerOptions): Promise<TriggeredWebhook>;
    /** The latest deliveries, newest first, each with its attempts, next attempt and payload. */
    deliveries(filter?: DeliveriesFilter): Promise<WebhookDelivery[]>;
    /**
     * Moves the webhook clock ahead by `ms`, running in order every attempt (and debounced
     * event) that falls due, each to its end. Needs `jobDelay: 'manual'`, as a clock that moves
     * by itself cannot be moved by hand.
     */
    advance(ms: number): Promise<WebhookClockAdvance>;
    /** One more attempt of a delivery now, with the same body and `webhook-id`. */
    resend(deliveryId: string): Promise<WebhookDelivery>;
  };
  /**
   * The most recent API requests (up to 1000), oldest first: method, path, HTTP status, error
   * status, operation, workspace, item count and any fault injected. Admin calls (these
   * methods') are not in it.
   */
  journal(): Promise<JournalEntry[]>;
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
    if (parent === dir)
      throw new EmulatorStartError('cannot-run', '@svc-cli/svc/emulator cannot find its bin/svc');
    dir = parent;
  }
}

function startArgs(
  options: StartEmulatorOptions,
  port: number,
  seedFile: string | undefined,
): string[] {
  const args = ['emulator', 'start', '--port', String(port)];
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
function fixtureText(fixture: string | Fixture): string {
  return typeof fixture === 'string' ? readFileSync(fixture, 'utf8') : JSON.stringify(fixture);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** What to do about a port the emulator could not listen on, in the options' terms. */
const PORT_ADVICE = 'give another port, or 0 (the default) for a free one';

function withAdvice(err: unknown): unknown {
  if (
    err instanceof EmulatorStartError &&
    (err.code === 'port-in-use' || err.code === 'port-not-permitted')
  )
    return new EmulatorStartError(err.code, `${err.message}: ${PORT_ADVICE}`, { cause: err });
  return err;
}

/**
 * A failure after the ready line, while the seed is loaded and the state kept for `reset()`:
 * a seed the emulator refused, an emulator that has gone, or an answer of its own.
 */
function failedAfterReady(err: unknown, child: ChildProcess): EmulatorStartError {
  if (err instanceof EmulatorStartError) return err;
  if (err instanceof AdminCallError && err.route === 'seed' && err.status === 'INVALID_ARGUMENT')
    return new EmulatorStartError(
      'invalid-fixture',
      // The route's words name its request body, which the caller never saw: the seed it gave.
      `the seed is not a fixture (docs/fixtures.md): ${err.detail.replace(/^Invalid fixture in the request body: /, '')}`,
      { cause: err },
    );
  const message = err instanceof Error ? err.message : String(err);
  if (child.exitCode !== null || child.signalCode !== null)
    return new EmulatorStartError(
      'exited',
      `the emulator exited while it was being seeded (${child.signalCode ?? `exit code ${child.exitCode}`}): ${message}`,
      { cause: err },
    );
  return new EmulatorStartError('unexpected-answer', message, { cause: err });
}

/**
 * Starts an emulator for a test suite. Every failure to start is an `EmulatorStartError`
 * whose `code` says why: `invalid-fixture`, `invalid-option`, `port-in-use`,
 * `port-out-of-range`, `port-not-permitted`, `port-blocked-by-fetch`, `timeout`, `exited`,
 * `cannot-run`, `unexpected-answer`.
 */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<Emulator> {
  const port = checkStartPort(options.port ?? 0);
  checkJobDelay(options.jobDelay);
  checkHeaderPrefixOption(options.headerPrefix);
  // A file seed is loaded by the emulator at start, so a bad file fails the start naming it;
  // its owners are read here first, to read their credentials back once it is up.
  const seedFile = typeof options.seed === 'string' ? options.seed : undefined;
  const seedOwners = seedFile === undefined ? undefined : fixtureOwners(readSeedFile(seedFile));
  // What reset() puts back, as it was when the start was asked for.
  const startFaults = JSON.stringify(options.faults ?? { rules: [] });
  const adminToken = newAdminToken();
  const { child, ready } = await launchEmulator({
    command: svcCommand(packageBin(), false),
    startArgs: startArgs(options, port, seedFile),
    env: emulatorEnvironment(options.env ?? process.env, adminToken),
    // The IPC channel is how the emulator learns that this process has gone, and how it says
    // why it could not start.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
  }).catch((err: unknown) => {
    throw withAdvice(err);
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
      : seedOwners !== undefined
        ? JSON.stringify({ workspaces: seedOwners })
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
  // What reset() goes back to: the state just after the seed.
  let initialState: StateDocument;
  try {
    workspaces = await seedFixture(admin, seedText());
    if (workspaces.length === 0)
      throw new EmulatorStartError(
        'invalid-fixture',
        'the seed names no workspace: give it at least one',
      );
    initialState = await adminCall<StateDocument>(admin, 'export');
  } catch (err) {
    const failure = failedAfterReady(err, child);
    await stop();
    throw failure;
  }
  const workspace = workspaces[0]!;
  const keyHeaders = (key: KeyCredentials): Record<string, string> => {
    const names = credentialHeaders(options.headerPrefix);
    return { [names.apiKey]: key.apiKey, [names.authToken]: key.authToken };
  };
  const post = (body: object) => ({ method: 'POST', body: JSON.stringify(body) }) as const;
  const jobCall = (route: string, body: object) =>
    adminCall<{ jobs: EmulatorJob[] }>(admin, `jobs/${route}`, post(body)).then(
      (answer) => answer.jobs,
    );

  return {
    url,
    port: Number(new URL(url).port),
    uiUrl: ready.ui && `${ready.ui}#token=${encodeURIComponent(adminToken)}`,
    adminToken,
    pid: ready.pid,
    workspace,
    workspaces,
    env: (ws = workspace) => ({
      ...svcEnvironment(admin, ws, options.headerPrefix),
      // Always there, as its type says: this start made the token, and has the workspace.
      SVC_EMULATOR_ADMIN_TOKEN: adminToken,
      ...workspaceVariables(ws),
    }),
    async reset(workspaceId) {
      await adminCall(admin, 'reset', post(workspaceId === undefined ? {} : { workspaceId }));
      if (workspaceId !== undefined) return;
      // The seed again: its workspaces come back with the credentials handed out at start.
      await adminCall(admin, 'import', post(initialState));
      // And the start's faults, or none, whatever faults() set since.
      await adminCall(admin, 'faults', { method: 'POST', body: startFaults });
    },
    async seed(fixture) {
      return seedFixture(admin, fixtureText(fixture));
    },
    export: (workspaceId) =>
      adminCall<StateDocument>(admin, 'export', {
        ...(workspaceId !== undefined && { query: { workspaceId } }),
      }),
    async import(document) {
      await adminCall(admin, 'import', post(document));
    },
    async faults(plan) {
      await adminCall(admin, 'faults', post(plan));
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
    webhooks: {
      // The trigger route takes an API key's credential headers, as an operation would:
      // they say whose receivers get the event.
      trigger: (event, { workspace: key = workspace, organizationId, documentId } = {}) =>
        adminCall<TriggeredWebhook>(admin, 'webhooks/trigger', {
          ...post({
            event,
            ...(organizationId !== undefined && { organizationId }),
            ...(documentId !== undefined && { documentId }),
          }),
          headers: keyHeaders(key),
        }),
      deliveries: ({ workspaceId, webhookId, limit } = {}) =>
        adminCall<{ deliveries: WebhookDelivery[] }>(admin, 'webhooks/deliveries', {
          query: {
            ...(workspaceId !== undefined && { workspaceId }),
            ...(webhookId !== undefined && { webhookId }),
            ...(limit !== undefined && { limit: String(limit) }),
          },
        }).then((answer) => answer.deliveries),
      advance: (ms) => adminCall<WebhookClockAdvance>(admin, 'webhooks/advance', post({ ms })),
      resend: (deliveryId) =>
        adminCall<{ delivery: WebhookDelivery }>(
          admin,
          'webhooks/resend',
          post({ id: deliveryId }),
        ).then((answer) => answer.delivery),
    },
    journal: () =>
      adminCall<{ entries: JournalEntry[] }>(admin, 'journal').then((answer) => answer.entries),
    outbox: (to) =>
      adminCall<{ messages: OutboxMessage[] }>(admin, 'outbox', {
        ...(to !== undefined && { query: { to } }),
      }).then((answer) => answer.messages),
    stop,
    [Symbol.asyncDispose]: stop,
  };
}
