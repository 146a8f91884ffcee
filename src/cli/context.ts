import type { Readable, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { resolveCredentials, type Credentials } from '../config/credentials.js';
import { ProfileStore, type Profile } from '../config/profiles.js';
import { UsageError } from '../errors/errors.js';
import type { HttpClient } from '../http/client.js';
import { parseDuration } from '../http/duration.js';
import { ProxyRoutes } from '../http/proxy.js';
import { Redactor } from '../http/redact.js';
import { Output } from '../io/output.js';
import { Prompter } from '../io/prompter.js';
import { StatusLine } from '../io/status-line.js';
import { createIOStreams, type IOStreams } from '../io/streams.js';
import { VERSION } from '../version.js';
import type { GlobalOptions } from './globals.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** Everything from outside the process that a command may touch; tests pass fakes. */
export interface Deps {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  env: Env;
  /** The HTTP dispatcher; a keep-alive agent that honours the proxy variables by default. */
  dispatcher?: Dispatcher;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Absolute path of the `svc` executable, for child processes that should find it. */
  binPath?: string;
}

export interface Session {
  profileName: string;
  profile: Profile | undefined;
  baseUrl: string | undefined;
  credentials: Credentials;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** User-data deletion may take five minutes to answer (wire-notes). */
const SLOW_TIMEOUT_MS = 6 * 60_000;

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * What every command receives: streams, output, prompts, the environment, the resolved
 * profile and a ready HTTP client. Nothing here is built before a command asks for it.
 */
export class Context {
  readonly io: IOStreams;
  readonly out: Output;
  readonly prompter: Prompter;
  readonly redactor = new Redactor();
  readonly env: Env;
  readonly signal: AbortSignal;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly now: () => number;
  private store?: Promise<ProfileStore>;

  constructor(
    readonly deps: Deps,
    readonly globals: GlobalOptions,
    /** The arguments svc was run with, to tell how to run it again (`--resume`). */
    readonly argv: readonly string[] = [],
  ) {
    this.env = deps.env;
    this.io = createIOStreams({
      stdin: deps.stdin,
      stdout: deps.stdout,
      stderr: deps.stderr,
      env: deps.env,
      noColorFlag: globals.color === false,
      noInputFlag: globals.input === false,
    });
    this.out = new Output(this.io, globals.json === true);
    this.prompter = new Prompter(this.io);
    this.signal = deps.signal ?? new AbortController().signal;
    this.sleep = deps.sleep ?? defaultSleep;
    this.now = deps.now ?? Date.now;
  }

  get debug(): boolean {
    return this.globals.debug === true || this.env.SVC_DEBUG === '1';
  }

  get yes(): boolean {
    return this.globals.yes === true;
  }

  get dryRun(): boolean {
    return this.globals.dryRun === true;
  }

  profiles(): Promise<ProfileStore> {
    this.store ??= ProfileStore.open(this.env.SVC_CONFIG_DIR || undefined);
    return this.store;
  }

  /** The profile and credentials this invocation uses: flags, then environment, then profile. */
  async session(): Promise<Session> {
    const store = await this.profiles();
    const profileName = store.selectedName(this.globals.profile || this.env.SVC_PROFILE);
    const profile = store.get(profileName);
    const credentials = resolveCredentials(this.env, profile);
    this.redactor.add(credentials.authToken, credentials.workspaceToken);
    const baseUrl = this.globals.baseUrl || this.env.SVC_BASE_URL || profile?.baseUrl;
    return { profileName, profile, baseUrl, credentials };
  }

  /** Base URL given on the command line or in the environment, without reading profiles. */
  explicitBaseUrl(): string | undefined {
    return this.globals.baseUrl || this.env.SVC_BASE_URL || undefined;
  }

  timeoutMs(): number {
    const text = this.globals.timeout ?? this.env.SVC_TIMEOUT;
    return text ? parseDuration(text, '--timeout') : DEFAULT_TIMEOUT_MS;
  }

  /** An HTTP client for the resolved session, or for the given base URL and credentials. */
  async client(over?: { baseUrl?: string; credentials?: Credentials }): Promise<HttpClient> {
    const session = over?.baseUrl && over.credentials ? undefined : await this.session();
    const baseUrl = over?.baseUrl ?? session?.baseUrl;
    if (!baseUrl) {
      throw new UsageError('no service URL is set', {
        hint: 'pass --base-url, set SVC_BASE_URL, or store one with `svc auth login --base-url URL`',
      });
    }
    const credentials = over?.credentials ?? session?.credentials ?? {};
    this.redactor.add(credentials.authToken, credentials.workspaceToken);
    const timeoutMs = this.timeoutMs();
    const routes = new ProxyRoutes(this.env);
    const [{ HttpClient }, dispatcher] = await Promise.all([
      import('../http/client.js'),
      this.dispatcher(routes),
    ]);
    return new HttpClient({
      baseUrl: checkBaseUrl(baseUrl),
      credentials,
      dispatcher,
      redactor: this.redactor,
      userAgent: `svc/${VERSION} node/${process.versions.node}`,
      timeoutMs,
      slowTimeoutMs: Math.max(SLOW_TIMEOUT_MS, timeoutMs),
      retries: 3,
      maxRetryAfterMs: 60_000,
      backoffBaseMs: 250,
      backoffCapMs: 8_000,
      ...(this.debug && { trace: (line: string) => this.io.stderr.write(`${line}\n`) }),
      ...(this.io.stderrIsTTY &&
        !this.out.json && {
          retryStatus: new StatusLine(this.io.stderr, this.io.stderrColumns),
        }),
      signal: this.signal,
      sleep: this.sleep,
      random: this.deps.random ?? Math.random,
      now: this.now,
      insecure: this.globals.insecure === true,
      proxyFor: (url) => routes.proxyFor(url),
    });
  }

  private async dispatcher(routes: ProxyRoutes): Promise<Dispatcher> {
    if (this.deps.dispatcher) return this.deps.dispatcher;
    const { RoutedDispatcher } = await import('../http/dispatcher.js');
    return new RoutedDispatcher(routes, { keepAliveTimeout: 10_000, connect: { timeout: 5_000 } });
  }
}

function checkBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`invalid service URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`the service URL must be http or https: ${text}`);
  }
  return text;
}
