import { checkHeaderPrefix, credentialHeaders } from '../config/header-prefix.js';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { operation } from '../catalogue/operations.js';
import type { ProviderId } from './ai/providers.js';
import {
  AdminToken,
  allowedHostOf,
  type BoundAddress,
  isAdminToken,
  MIN_ADMIN_TOKEN_LENGTH,
} from './admin-guard.js';
import { AiRewriter } from './ai/rewriter.js';
import { createRequestListener } from './app.js';
import { ACCEPT_BACKLOG, capConnections, slowClientLimits } from './connections.js';
import { EmulatorError } from './errors.js';
import { type FaultPlan, Faults } from './faults.js';
import { applyFixture, type SeededWorkspace } from './fixtures/apply.js';
import { parseFixtureText, readFixtureFile } from './fixtures/load.js';
import { createHandlers } from './handlers/index.js';
import { checkJobDelay, DEFAULT_JOB_DELAY_MS, JobEngine, type JobDelay } from './jobs/engine.js';
import { Journal } from './journal.js';
import {
  existingWorkspaceCredentials,
  provisionWorkspace,
  type WorkspaceCredentials,
} from './provision.js';
import { openSecretBox, type SecretBox } from './secrets.js';
import { ContinueHosts, PublicRateLimits, type RateLimits } from './service-rules.js';
import type { ConsoleOptionName } from './store/console-options.js';
import { openStore, type Store } from './store/store.js';
import { RequestLog } from './ui/request-log.js';
import { UI_PREFIX, UiRoutes } from './ui/routes.js';
import { validateData } from './validation.js';
import { clockModeOf, WebhookClock } from './webhooks/clock.js';
import { DEFAULT_WEBHOOK_TIMEOUT_MS, WebhookEngine } from './webhooks/engine.js';
import { WebhookHosts } from './webhooks/hosts.js';
const { createServer } = process.getBuiltinModule('node:http');

export { EmulatorError } from './errors.js';
export { FixtureError } from './fixtures/load.js';
export type { WorkspaceCredentials } from './provision.js';
export type { SeededWorkspace } from './fixtures/apply.js';
export type { JobDelay } from './jobs/engine.js';

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the emulator is reachable from this machine only unless told otherwise. */
  host?: string;
  /** Keeps state in `<dataDir>/emulator.db` across restarts; in memory when absent. */
  dataDir?: string;
  /**
   * Calls of each public operation allowed per client IP per minute (DEFAULT_RATE_LIMITS
   * where not given); 0 disables that operation's limit.
   */
  rateLimits?: RateLimits;
  /** Hosts besides loopback and the console host that a login link may continue to. */
  allowedContinueHosts?: readonly string[];
  /** The clock, in epoch milliseconds; tests pass their own. */
  now?: () => number;
  /** Told about unexpected failures (answered as INTERNAL); the emulator prints nothing. */
  onInternalError?: (error: unknown) => void;
  /**
   * Default true. false switches off every `/_emulator/` route (reset, seed, journal, jobs,
   * faults...), for an emulator reachable by others, where they would be a way around the
   * service's rules.
   */
  adminRoutes?: boolean;
  /** Console options switched on in every workspace, stored or created later, for this run. */
  consoleOptions?: readonly ConsoleOptionName[];
  /** Fault injection from the start (docs/emulator-faults.md); replaceable by an admin call. */
  faults?: FaultPlan;
  /**
   * A fixture file (docs/fixtures.md) loaded before the emulator answers; a bad one fails
   * the start with an INVALID_ARGUMENT EmulatorError naming the file and the bad field.
   */
  seed?: string;
  /**
   * A fixture as JSON text, loaded as `seed` would be (after it, when both are given): the
   * `SVC_EMULATOR_SEED_JSON` variable, for a container that has no file to mount.
   */
  seedJson?: string;
  /**
   * How async jobs (migrations, user-data deletions) advance: milliseconds per step (default
   * 200); 0 finishes a job before the call that started it answers; `manual` leaves each
   * step to the `/_emulator/jobs/step` and `/_emulator/jobs/run` admin calls. A bad value
   * fails the start with INVALID_ARGUMENT. Jobs left unfinished in `dataDir` resume with it.
   */
  jobDelay?: JobDelay;
  /**
   * Base URLs of the AI providers that AI rewrite (operation 25) calls, by provider; the
   * public APIs where not given. A bad URL fails the start with INVALID_ARGUMENT.
   */
  aiProviderUrls?: Partial<Record<ProviderId, string>>;
  /** How long an AI provider may take to answer, in milliseconds; default 60000. */
  aiTimeoutMs?: number;
  /** Serve the web UI at `/_emulator/ui/` (docs/emulator-ui.md); needs the admin routes. */
  ui?: boolean;
  /**
   * Names besides the bound address that requests may be addressed to (`Host`): a container's
   * service name, `host.docker.internal`; `name:port` for one port only (docs/ci.md).
   */
  allowedHosts?: readonly string[];
  /**
   * When given, every admin route but health needs `Authorization: Bearer <adminToken>`;
   * the web UI's pages open without it, and send the one their link carries (`#token=`).
   */
  adminToken?: string;
  /**
   * The prefix of the credential headers the API reads (`x-acme` reads `x-acme-api-key`), to
   * stand in for a deployment that names them its own way; the contract's `x-service` when
   * absent. Checked as svc's `--header-prefix` is.
   */
  headerPrefix?: string;
  /**
   * Hosts besides loopback that webhooks may be sent to (docs/webhooks.md); a delivery to
   * any other is recorded as a failed attempt, and nothing is sent.
   */
  webhookHosts?: readonly string[];
  /** How long a webhook receiver may take to answer, in milliseconds; default 15000. */
  webhookTimeoutMs?: number;
}

export interface NewWorkspaceInput {
  ownerEmail: string;
  name?: string;
  workspaceName?: string;
}

export interface RunningEmulator {
  /** Base URL for clients, e.g. `http://127.0.0.1:43121`. */
  readonly url: string;
  readonly port: number;
  /** The web UI's address, when it is served. */
  readonly uiUrl: string | undefined;
  /** The credentials of each workspace the seed file named; empty without one. */
  readonly seeded: readonly SeededWorkspace[];
  /**
   * True when `dataDir` already held workspaces at start: a seed file was then applied over
   * that state rather than into an empty store.
   */
  readonly restored: boolean;
  /** Stops serving and closes the database; safe to call more than once. */
  close(): Promise<void>;
  /**
   * Creates a workspace directly in the store, with the rules of operation 1 except the rate
   * limit. Throws EmulatorError (INVALID_ARGUMENT, ALREADY_EXISTS) when the service would.
   */
  createWorkspace(input: NewWorkspaceInput): WorkspaceCredentials;
  /**
   * The workspace the address owns, or a new one: a rerun over the same `--data-dir` gets
   * back the workspace, and the data, of the run before.
   */
  ensureWorkspace(input: NewWorkspaceInput): WorkspaceCredentials;
}

/** The web UI's routes, and the log of calls its requests view shows. */
function webUi(store: Store, faults: Faults): { routes: UiRoutes; requestLog: RequestLog } {
  const requestLog = new RequestLog();
  return { routes: new UiRoutes({ store, faults, requestLog }), requestLog };
}

/** A URL host for a bound address: wildcard binds are reached through loopback. */
function urlHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // A burst of connections fills Node's default queue of 511 and the kernel drops the
    // rest, a health check's among them, until the client retries a second later: a longer
    // queue keeps them waiting to be accepted instead (the kernel caps it at somaxconn).
    server.listen({ port, host, backlog: ACCEPT_BACKLOG }, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

const malformedRequestAnswer = (() => {
  const body = JSON.stringify({
    error: { status: 'INVALID_ARGUMENT', message: 'Malformed HTTP request.' },
  });
  return [
    'HTTP/1.1 400 Bad Request',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
})();

/** Where `svc emulator start` reads a fixture's JSON text from (EmulatorOptions.seedJson). */
export const SEED_JSON_VAR = 'SVC_EMULATOR_SEED_JSON';

/** The checks of the options a start takes that the CLI may not have made (library callers). */
function checkAccessOptions(options: EmulatorOptions): void {
  for (const entry of options.allowedHosts ?? []) {
    if (allowedHostOf(entry) === undefined)
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `An allowed host is a host name or IP address with an optional :port, such as svc-emulator or svc-emulator:8080, not ${JSON.stringify(entry)}.`,
      );
  }
  if (options.adminToken !== undefined && !isAdminToken(options.adminToken))
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `The admin token must be ${MIN_ADMIN_TOKEN_LENGTH} to 256 printable ASCII characters, without spaces.`,
    );
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  checkAccessOptions(options);
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const jobDelay = checkJobDelay(options.jobDelay ?? DEFAULT_JOB_DELAY_MS);
  const webhookHosts = new WebhookHosts(
    (options.webhookHosts ?? []).map((h) => WebhookHosts.check(h)),
  );
  const ai = new AiRewriter({ urls: options.aiProviderUrls, timeoutMs: options.aiTimeoutMs });
  const store = openStore(options.dataDir);
  const continueHosts = new ContinueHosts(options.allowedContinueHosts);
  const restored = store.workspaces.any();
  // Opened before seeding: a fixture's AI provider keys are sealed with it.
  let secrets: SecretBox;
  let seeded: SeededWorkspace[] = [];
  try {
    secrets = openSecretBox(options.dataDir);
    const fixtures = [
      ...(options.seed === undefined ? [] : [readFixtureFile(options.seed)]),
      ...(options.seedJson === undefined
        ? []
        : [parseFixtureText(options.seedJson, SEED_JSON_VAR, `in ${SEED_JSON_VAR}`)]),
    ];
    for (const fixture of fixtures)
      seeded = seeded.concat(applyFixture({ store, secrets, continueHosts }, fixture, now()));
    // After the seed: the command line has the last word on what is switched on.
    store.consoleOptions.switchOnEverywhere(options.consoleOptions ?? []);
  } catch (err) {
    store.close();
    await ai.close();
    throw err;
  }
  const journal = new Journal();
  const rateLimits = new PublicRateLimits(options.rateLimits ?? {}, now);
  const jobs = new JobEngine({
    store,
    now,
    delay: jobDelay,
    onInternalError: options.onInternalError,
  });
  const webhookClock = new WebhookClock(clockModeOf(jobDelay), now, (error) =>
    options.onInternalError?.(error),
  );
  const webhooks = new WebhookEngine({
    store,
    secrets,
    clock: webhookClock,
    hosts: webhookHosts,
    timeoutMs: options.webhookTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
    onInternalError: options.onInternalError,
  });
  let url = '';
  const allowedHosts = options.allowedHosts ?? [];
  let bound: BoundAddress = { host, address: host, port: 0, allowedHosts };
  const handlers = createHandlers({
    store,
    now,
    baseUrl: () => url,
    rateLimits,
    jobs,
    adminRoutes: options.adminRoutes ?? true,
    adminToken: options.adminToken !== undefined,
    continueHosts,
    secrets,
    ai,
    webhooks,
  });
  const headerNames = credentialHeaders(
    options.headerPrefix === undefined
      ? undefined
      : checkHeaderPrefix(options.headerPrefix, 'headerPrefix'),
  );
  const faults = new Faults(options.faults);
  const adminRoutes = options.adminRoutes ?? true;
  const adminToken =
    options.adminToken === undefined ? undefined : new AdminToken(options.adminToken);
  const ui = adminRoutes && options.ui ? webUi(store, faults) : undefined;
  const server = createServer(
    slowClientLimits,
    createRequestListener({
      store,
      journal,
      rateLimits,
      continueHosts,
      handlers,
      jobs,
      webhooks,
      secrets,
      faults,
      adminRoutes,
      adminToken,
      headerNames,
      ui,
      boundAddress: () => bound,
      now,
      onInternalError: options.onInternalError,
    }),
  );
  capConnections(server);
  // Node's own answer to unparsable HTTP is a bare text 400; the envelope is kept instead.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code !== 'ECONNRESET' && socket.writable) socket.end(malformedRequestAnswer);
    else socket.destroy();
  });

  let address: AddressInfo;
  try {
    address = await listen(server, options.port ?? 0, host);
  } catch (err) {
    store.close();
    await ai.close();
    throw err;
  }
  url = `http://${urlHost(address.address)}:${address.port}`;
  bound = { host, address: address.address, port: address.port, allowedHosts };
  // Without a listener a late server error (e.g. out of file descriptors) would end the process.
  server.on('error', (err) => options.onInternalError?.(err));
  jobs.resume();
  webhooks.resume();

  let closing: Promise<void> | undefined;
  const createRequest = operation('workspace.create').request;
  return {
    url,
    port: address.port,
    uiUrl: ui && `${url}${UI_PREFIX}`,
    seeded,
    restored,
    close() {
      closing ??= new Promise<void>((resolve) => {
        jobs.close();
        webhookClock.close();
        // Provider calls and deliveries still in flight fail now rather than hold the stop up.
        const aiClosed = Promise.all([ai.close(), webhooks.close()]);
        server.close(() => {
          store.close();
          aiClosed.then(
            () => resolve(),
            () => resolve(),
          );
        });
        server.closeAllConnections();
      });
      return closing;
    },
    createWorkspace,
    ensureWorkspace(input) {
      if (closing) throw new EmulatorError('UNAVAILABLE', 'The emulator is stopped.');
      return existingWorkspaceCredentials(store, input.ownerEmail) ?? createWorkspace(input);
    },
  };

  function createWorkspace(input: NewWorkspaceInput): WorkspaceCredentials {
    if (closing) throw new EmulatorError('UNAVAILABLE', 'The emulator is stopped.');
    return provisionWorkspace(store, validateData(createRequest, input), now());
  }
}
