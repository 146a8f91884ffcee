import type { Readable, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { checkBaseUrl, originOf } from '../config/base-url.js';
import { resolveCredentials, type Credentials } from '../config/credentials.js';
import {
  ProfileStore,
  unknownProfile,
  type Profile,
  type SecretStore,
} from '../config/profiles.js';
import type { Operation } from '../catalogue/types.js';
import { CredentialsError, UsageError } from '../errors/errors.js';
import type { HttpClient } from '../http/client.js';
import { parseDuration } from '../http/duration.js';
import { ProxyRoutes } from '../http/proxy.js';
import { Redactor } from '../http/redact.js';
import { Output } from '../io/output.js';
import { shellLine } from '../io/shell-words.js';
import { Prompter } from '../io/prompter.js';
import { pagerSettings } from '../io/pager.js';
import { StatusLine } from '../io/status-line.js';
import { createIOStreams, type IOStreams } from '../io/streams.js';
import { VERSION } from '../version.js';
import { ConfirmationGate, type Question } from './declare/confirmation.js';
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
  /** Where the base URL came from, in the user's terms. */
  baseUrlSource: string;
  credentials: Credentials;
  /** Where the profile's tokens are kept, when they were read. */
  secretsIn?: SecretStore;
  /** Why the profile's tokens are not used: they were stored for another service. */
  unbound?: CredentialsError;
}

/** A service to talk to other than the session's, with its own credentials. */
export interface ClientTarget {
  baseUrl: string | undefined;
  /** Where the base URL came from, in the user's terms. */
  source: string;
  credentials: Credentials;
}
const DEFAULT_TIMEOUT_MS = 30_000;
/** User-data deletion may take five minutes to answer (docs/wire-notes.md). */
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
  /** Asked before anything is removed or switched off; the HTTP client asks it too. */
  readonly confirmation: ConfirmationGate;
  readonly redactor = new Redactor();
  readonly env: Env;
  readonly signal: AbortSignal;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly now: () => number;
  private store?: Promise<ProfileStore>;
  private readonly requestTimeoutMs: number;
  private readonly retryListeners = new Set<(line: string) => void>();

  constructor(
    readonly deps: Deps,
    readonly globals: GlobalOptions,
    /** The arguments svc was run with, to tell how to run it again (`--resume`). */
    readonly argv: readonly string[] = [],
    /** The command's confirmation question, when it sends anything destructive. */
    question?: Question,
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
    // A listing's own --limit: commander hands every option of the command over with the
    // global ones, and the output layer applies it whichever command it is.
    const { limit } = globals as GlobalOptions & { limit?: number };
    const pager = pagerSettings(deps.env, globals.pager === false);
    this.out = new Output(this.io, globals.json === true || globals.jq !== undefined, {
      quiet: globals.quiet === true,
      ...(limit !== undefined && { limit }),
      ...(pager && { pager }),
    });
    this.prompter = new Prompter(this.io);
    this.confirmation = new ConfirmationGate(this, question);
    this.signal = deps.signal ?? new AbortController().signal;
    this.sleep = deps.sleep ?? defaultSleep;
    this.now = deps.now ?? Date.now;
    // Read here, so that a malformed SVC_TIMEOUT stops every command before it acts.
    this.requestTimeoutMs =
      globals.timeout ??
      (this.env.SVC_TIMEOUT
        ? parseDuration(this.env.SVC_TIMEOUT, 'SVC_TIMEOUT')
        : DEFAULT_TIMEOUT_MS);
  }

  /**
   * What a command needs before it acts and that must load first: jq, whose expression is
   * compiled here so that a mistake in it stops the command before anything is sent. A
   * command that prints no JSON document (its declaration says so) refuses `--jq`.
   */
  async prepare(command: string, printsJson = true): Promise<void> {
    if (this.globals.jq === undefined) return;
    if (!printsJson) {
      throw new UsageError(`--jq: svc ${command} prints no JSON document for jq to read`);
    }
    const { JqFilter } = await import('../io/jq-filter.js');
    this.out.filterWith(await JqFilter.compile(this.globals.jq, this.io.stdoutIsTTY));
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
    this.store ??= ProfileStore.open(this.env.SVC_CONFIG_DIR || undefined, {
      warn: (message) => this.out.warn(message),
      notice: (message) => this.out.info(message),
      secrets: this.globals.insecureStorage ? 'file' : 'keyring',
      env: this.env,
    });
    return this.store;
  }

  /** The profile named by --profile or SVC_PROFILE, if either is set. */
  requestedProfile(): string | undefined {
    return this.globals.profile || this.env.SVC_PROFILE || undefined;
  }

  /** Where the requested profile's name came from, for messages about it. */
  requestedProfileSource(): '--profile' | 'SVC_PROFILE' {
    return this.globals.profile ? '--profile' : 'SVC_PROFILE';
  }

  /**
   * The profile and credentials this invocation uses: flags, then environment, then
   * profile. A profile asked for by name must exist.
   */
  async session(): Promise<Session> {
    const store = await this.profiles();
    const requested = this.requestedProfile();
    if (requested !== undefined && !store.get(requested)) {
      throw unknownProfile(
        requested,
        store.list().map(([name]) => name),
        this.requestedProfileSource(),
      );
    }
    const profileName = store.selectedName(requested);
    const stored = store.get(profileName);
    const explicit = this.explicitBaseUrl();
    const baseUrl = explicit ?? stored?.baseUrl;
    const baseUrlSource = explicit ? this.explicitBaseUrlSource() : `profile "${profileName}"`;
    // A profile's credentials go only to the service they were stored for; elsewhere only
    // the environment's are used.
    const unbound = boundElsewhere({ profileName, profile: stored, baseUrl, baseUrlSource });
    // Its ids name what to act on; its tokens stay home, and are not even read.
    const resolved =
      unbound || this.envHoldsEveryToken() ? undefined : await store.resolve(profileName);
    const profile = resolved?.profile ?? stored;
    const usable = unbound ? { apiKey: stored?.apiKey, workspaceId: stored?.workspaceId } : profile;
    const credentials = resolveCredentials(this.env, usable);
    this.redactor.add(credentials.authToken, credentials.workspaceToken);
    return {
      profileName,
      profile,
      baseUrl,
      baseUrlSource,
      credentials,
      ...(resolved && { secretsIn: resolved.secretsIn }),
      ...(unbound && { unbound }),
    };
  }

  /** Both tokens come from the environment, which no profile's can override. */
  private envHoldsEveryToken(): boolean {
    return Boolean(this.env.SVC_WORKSPACE_TOKEN && this.env.SVC_AUTH_TOKEN);
  }

  /** Base URL given on the command line or in the environment, without reading profiles. */
  explicitBaseUrl(): string | undefined {
    return this.globals.baseUrl || this.env.SVC_BASE_URL || undefined;
  }

  /** Which of the two gave the explicit base URL. */
  explicitBaseUrlSource(): string {
    return this.globals.baseUrl ? '--base-url' : 'SVC_BASE_URL';
  }

  timeoutMs(): number {
    return this.requestTimeoutMs;
  }

  /**
   * Hears each retry of a call ("could not connect (ECONNREFUSED), retrying in 250ms…") until
   * the returned function is called: a wait says when it lost the connection.
   */
  onRetry(listener: (line: string) => void): () => void {
    this.retryListeners.add(listener);
    return () => this.retryListeners.delete(listener);
  }

  /**
   * An HTTP client for the resolved session, or for the given base URL and credentials.
   * A profile's credentials go only to the service they were stored for. `forOperation`
   * names the one operation a command sends with it, when it sends only one.
   */
  async client(over?: ClientTarget, forOperation?: Pick<Operation, 'auth'>): Promise<HttpClient> {
    const target = await this.target(over);
    // A client for a public operation sends no credentials, so where the stored ones
    // belong does not matter to it; any other is refused before the command acts.
    if (target.withheld && forOperation?.auth !== 'public') throw target.withheld;
    return target.make();
  }

  /**
   * Everything `client` checks (a base URL, where the credentials may go), done now; the
   * HTTP stack loads only when `make` is called. For a command that must refuse bad
   * settings at once but sends its first request later (`svc mcp`).
   */
  async prepareClient(
    over?: ClientTarget,
  ): Promise<{ baseUrl: string; workspaceId?: string; make: () => Promise<HttpClient> }> {
    const target = await this.target(over);
    if (target.withheld) throw target.withheld;
    return target;
  }

  /**
   * The base URL and credentials a client gets, checked, and why the stored credentials are
   * withheld when they belong to another service and the environment holds no tokens
   * instead. A client made so refuses every call that needs credentials with that reason.
   */
  private async target(over?: ClientTarget): Promise<{
    baseUrl: string;
    workspaceId?: string;
    withheld?: CredentialsError;
    make: () => Promise<HttpClient>;
  }> {
    const session = over ? undefined : await this.session();
    const baseUrl = over ? over.baseUrl : session?.baseUrl;
    if (!baseUrl) {
      throw new UsageError('no service URL is set', {
        hint: 'pass --base-url, set SVC_BASE_URL, or store one with `svc auth login --base-url URL`',
      });
    }
    checkBaseUrl(baseUrl, over ? over.source : (session?.baseUrlSource ?? ''));
    // With no credentials of the environment's to use instead, say why the profile's are not.
    const withheld =
      session?.unbound && !session.credentials.authToken && !session.credentials.workspaceToken
        ? session.unbound
        : undefined;
    const credentials = over?.credentials ?? session?.credentials ?? {};
    this.redactor.add(credentials.authToken, credentials.workspaceToken);
    return {
      baseUrl,
      ...(credentials.workspaceId !== undefined && { workspaceId: credentials.workspaceId }),
      ...(withheld && { withheld }),
      make: () => this.makeClient(baseUrl, credentials, withheld),
    };
  }

  private async makeClient(
    baseUrl: string,
    credentials: Credentials,
    withheld: Error | undefined,
  ): Promise<HttpClient> {
    const timeoutMs = this.timeoutMs();
    const routes = new ProxyRoutes(this.env);
    const [{ HttpClient }, dispatcher] = await Promise.all([
      import('../http/client.js'),
      this.dispatcher(routes),
    ]);
    return new HttpClient({
      baseUrl,
      credentials,
      ...(withheld && { withheld }),
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
      retryStatus: this.retryStatus(),
      signal: this.signal,
      sleep: this.sleep,
      random: this.deps.random ?? Math.random,
      now: this.now,
      insecure: this.globals.insecure === true,
      beforeSend: (op, data) => this.confirmation.beforeSend(op, data),
      proxyFor: (url) => routes.proxyFor(url),
    });
  }

  /** A terminal's status line for retries, and whoever listens for them. */
  private retryStatus(): { show(line: string): void; clear(): void } {
    const line =
      this.io.stderrIsTTY && this.out.progress
        ? new StatusLine(this.io.stderr, this.io.stderrColumns)
        : undefined;
    return {
      show: (text) => {
        line?.show(text);
        for (const listener of this.retryListeners) listener(text);
      },
      clear: () => line?.clear(),
    };
  }

  private async dispatcher(routes: ProxyRoutes): Promise<Dispatcher> {
    if (this.deps.dispatcher) return this.deps.dispatcher;
    const { RoutedDispatcher } = await import('../http/dispatcher.js');
    return new RoutedDispatcher(routes, { keepAliveTimeout: 10_000, connect: { timeout: 5_000 } });
  }
}

/**
 * Why a profile's credentials may not go to the session's service, if they may not: a
 * stale SVC_BASE_URL would otherwise hand production tokens to whatever listens there.
 */
function boundElsewhere(
  session: Pick<Session, 'profileName' | 'profile' | 'baseUrl' | 'baseUrlSource'>,
): CredentialsError | undefined {
  const { profile, profileName: name, baseUrl } = session;
  const holdsCredentials = profile?.workspaceToken || profile?.authToken || profile?.keyring;
  // An invalid URL is refused as such before anything is sent.
  const effective = baseUrl === undefined ? undefined : originOf(baseUrl);
  if (!holdsCredentials || effective === undefined) return undefined;
  const relogin = shellLine([
    'svc',
    'auth',
    'login',
    '--profile',
    name,
    '--base-url',
    effective,
    '--force',
  ]);
  const otherwise =
    session.baseUrlSource === '--base-url' ? 'drop --base-url' : `unset ${session.baseUrlSource}`;
  const hint = [
    `to send them there, store them for it: ${relogin}`,
    `otherwise ${otherwise}, or give that service's credentials in SVC_* variables`,
  ].join('\n');
  const stored = profile.baseUrl === undefined ? undefined : originOf(profile.baseUrl);
  if (stored === undefined) {
    return new CredentialsError(
      `profile "${name}" does not say which service its credentials are for: svc will not send them to ${effective}`,
      { hint },
    );
  }
  if (stored === effective) return undefined;
  return new CredentialsError(
    `the credentials of profile "${name}" were stored for ${stored}, not ${effective} (from ${session.baseUrlSource}): svc will not send them there`,
    { hint },
  );
}
