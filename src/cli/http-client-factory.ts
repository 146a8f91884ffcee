import type { Dispatcher } from 'undici';
import type { Operation } from '../catalogue/types.js';
import type { Credentials } from '../config/credentials.js';
import type { HttpClient } from '../http/client.js';
import { parseDuration } from '../http/duration.js';
import { ProxyRoutes } from '../http/proxy.js';
import type { Redactor } from '../http/redact.js';
import type { Output } from '../io/output.js';
import { StatusLine } from '../io/status-line.js';
import type { IOStreams } from '../io/streams.js';
import { VERSION } from '../version.js';
import type { Env } from './deps.js';

const DEFAULT_TIMEOUT_MS = 30_000;
/** User-data deletion may take five minutes to answer (docs/wire-notes.md). */
const SLOW_TIMEOUT_MS = 6 * 60_000;

/**
 * The time limit of each attempt: --timeout, else SVC_TIMEOUT, else 30s. Read when the
 * context is built, so that a malformed SVC_TIMEOUT stops every command before it acts.
 */
export function requestTimeoutMs(flag: number | undefined, env: Env): number {
  return (
    flag ?? (env.SVC_TIMEOUT ? parseDuration(env.SVC_TIMEOUT, 'SVC_TIMEOUT') : DEFAULT_TIMEOUT_MS)
  );
}

/** What the HTTP clients of one run share: its streams, redactor, clock and confirmation. */
export interface ClientSettings {
  env: Env;
  io: IOStreams;
  out: Output;
  redactor: Redactor;
  timeoutMs: number;
  debug: boolean;
  insecure: boolean;
  signal: AbortSignal;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
  /** The dispatcher tests pass; a proxy-aware keep-alive agent otherwise. */
  dispatcher: Dispatcher | undefined;
  beforeSend: (op: Operation, data: unknown) => Promise<void>;
  /** Each retry's line ("could not connect (ECONNREFUSED), retrying in 250ms…"). */
  retryListeners: ReadonlySet<(line: string) => void>;
  /** Where the base URL came from, and how to change it there. */
  connectAdvice?: { source: string; hint: string };
}

/** An HTTP client for one service and its credentials; the HTTP stack loads here. */
export async function makeHttpClient(
  settings: ClientSettings,
  baseUrl: string,
  credentials: Credentials,
  withheld: Error | undefined,
  headerPrefix: string,
): Promise<HttpClient> {
  const { timeoutMs } = settings;
  const routes = new ProxyRoutes(settings.env);
  const [{ HttpClient }, dispatcher] = await Promise.all([
    import('../http/client.js'),
    dispatcherFor(settings, routes),
  ]);
  return new HttpClient({
    baseUrl,
    credentials,
    headerPrefix,
    ...(withheld && { withheld }),
    dispatcher,
    redactor: settings.redactor,
    userAgent: `svc/${VERSION} node/${process.versions.node}`,
    timeoutMs,
    slowTimeoutMs: Math.max(SLOW_TIMEOUT_MS, timeoutMs),
    retries: 3,
    maxRetryAfterMs: 60_000,
    backoffBaseMs: 250,
    backoffCapMs: 8_000,
    ...(settings.debug && {
      trace: (line: string) => settings.io.stderr.write(`${line}\n`),
    }),
    retryStatus: retryStatus(settings),
    signal: settings.signal,
    sleep: settings.sleep,
    random: settings.random,
    now: settings.now,
    insecure: settings.insecure,
    beforeSend: settings.beforeSend,
    proxyFor: (url) => routes.proxyFor(url),
    ...(settings.connectAdvice && { connectAdvice: settings.connectAdvice }),
  });
}

/** A terminal's status line for retries, and whoever listens for them. */
function retryStatus(settings: ClientSettings): { show(line: string): void; clear(): void } {
  const { io, out } = settings;
  const line =
    io.stderrIsTTY && out.progress ? new StatusLine(io.stderr, io.stderrColumns) : undefined;
  return {
    show: (text) => {
      line?.show(text);
      for (const listener of settings.retryListeners) listener(text);
    },
    clear: () => line?.clear(),
  };
}

async function dispatcherFor(settings: ClientSettings, routes: ProxyRoutes): Promise<Dispatcher> {
  if (settings.dispatcher) return settings.dispatcher;
  const { RoutedDispatcher } = await import('../http/dispatcher.js');
  return new RoutedDispatcher(routes, { keepAliveTimeout: 10_000, connect: { timeout: 5_000 } });
}
