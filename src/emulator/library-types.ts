import type { Fixture } from './fixtures/input-types.js';
import type { WorkspaceCredentials } from './launch.js';

/** The types of what the emulator library's `startEmulator()` takes, and its members take. */

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

/**
 * The variables `env()` gives: what a child `svc` (or the caller's own client) needs to reach
 * one workspace of the emulator. A type rather than an interface, so that it is assignable as
 * it stands where an environment is taken (`Record<string, string>`, `NodeJS.ProcessEnv`),
 * and it spreads into one: `{ ...process.env, ...emu.env() }`.
 */
export type EmulatorEnv = {
  /** The emulator's base URL, `emu.url`. */
  SVC_BASE_URL: string;
  /** The admin token, which `svc webhooks trigger` sends. */
  SVC_EMULATOR_ADMIN_TOKEN: string;
  SVC_WORKSPACE_ID: string;
  SVC_WORKSPACE_TOKEN: string;
  SVC_API_KEY: string;
  SVC_AUTH_TOKEN: string;
  /** The credential headers' prefix: set when the emulator was started with `headerPrefix`. */
  SVC_HEADER_PREFIX?: string;
};

/** The key-level credentials a webhook trigger is sent with: whose receivers get it. */
export type KeyCredentials = Pick<WorkspaceCredentials, 'apiKey' | 'authToken'>;

export interface TriggerOptions {
  /** Whose receivers get the event: the start's first workspace when left out. */
  workspace?: KeyCredentials;
  /** The organization the sample names (default `sample-org`). */
  organizationId?: string;
  /** The document the sample names (default `sample-doc`). */
  documentId?: string;
}

export interface DeliveriesFilter {
  /** One workspace's deliveries; every workspace's when left out. */
  workspaceId?: string;
  /** The deliveries of one message (the `webhook-id`, as `trigger()` answers it). */
  webhookId?: string;
  /** At most this many, newest first (default 100, at most 500); ignored with `webhookId`. */
  limit?: number;
}

export interface StartEmulatorOptions {
  /**
   * 0 (the default) picks a free port. The emulator listens on 127.0.0.1 only. A port
   * `fetch` refuses to reach (6000, 6665 to 6669, 10080 and the other "bad ports" of the
   * Fetch standard) fails the start with `port-blocked-by-fetch`.
   */
  port?: number;
  /**
   * A fixture (docs/fixtures.md): the path of a JSON file, or the fixture itself. Without
   * one, a workspace of `owner@example.com` is made (or found again in `dataDir`). One that
   * is not a fixture fails the start with `invalid-fixture`.
   */
  seed?: string | Fixture;
  /** Console options switched on in every workspace, or `'all'`. */
  consoleOptions?: readonly ConsoleOptionName[] | 'all';
  /** Milliseconds per job step (default 200), 0 to finish at once, `'manual'` for `jobs.step()`. */
  jobDelay?: number | 'manual';
  /** Keep state in SQLite under this folder; in memory when absent. */
  dataDir?: string;
  /** Faults injected from the first request; `faults()` replaces them, `reset()` puts them back. */
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
