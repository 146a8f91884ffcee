import { DEFAULT_HEADER_PREFIX, explicitHeaderPrefix } from '../config/header-prefix.js';
import { explicitBaseUrl } from '../config/base-url.js';
import { ProfileStore } from '../config/profiles.js';
import type { Operation } from '../catalogue/types.js';
import { UsageError } from '../errors/errors.js';
import type { HttpClient } from '../http/client.js';
import { Redactor } from '../http/redact.js';
import type { Output } from '../io/output.js';
import type { Prompter } from '../io/prompter.js';
import type { IOStreams } from '../io/streams.js';
import { checkedTarget, type ClientTarget } from './client-target.js';
import { connectAdvice } from './connect-advice.js';
import { mixedCredentialsLine } from './credential-sources.js';
import { ConfirmationGate, type Question } from './declare/confirmation.js';
import { defaultSleep, type Deps, type Env } from './deps.js';
import type { GlobalOptions } from './globals.js';
import { makeHttpClient, requestTimeoutMs } from './http-client-factory.js';
import {
  requestedProfile,
  requestedProfileSource,
  resolveSession,
  type Session,
  type SessionRequest,
} from './session.js';
import { terminalOutput } from './terminal-output.js';

// What commands import with `Context`, from where they always have.
export type { ClientTarget } from './client-target.js';
export { defaultSleep, type Deps, type Env } from './deps.js';
export type { Session } from './session.js';

/**
 * What every command receives: streams, output, prompts, the environment, the resolved
 * profile and a ready HTTP client. Nothing here is built before a command asks for it. Each
 * concern has a module of its own (terminal-output, session, client-target,
 * http-client-factory); this class holds one run's instances of them together.
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
  /** The credentials' two sources are named once a run, however many clients it makes. */
  private mixedCredentialsSaid = false;

  constructor(
    readonly deps: Deps,
    readonly globals: GlobalOptions,
    /** The arguments svc was run with, to tell how to run it again (`--resume`). */
    readonly argv: readonly string[] = [],
    /** The command's confirmation question, when it sends anything destructive. */
    question?: Question,
  ) {
    this.env = deps.env;
    ({ io: this.io, out: this.out, prompter: this.prompter } = terminalOutput(deps, globals));
    this.confirmation = new ConfirmationGate(this, question);
    this.signal = deps.signal ?? new AbortController().signal;
    this.sleep = deps.sleep ?? defaultSleep;
    this.now = deps.now ?? Date.now;
    this.requestTimeoutMs = requestTimeoutMs(globals.timeout, this.env);
  }

  /**
   * What a command needs before it acts and that must load first: the colours of a terminal,
   * and jq, whose expression is compiled here so that a mistake in it stops the command
   * before anything is sent. A command that prints no JSON document (its declaration says
   * so) refuses `--jq`.
   */
  async prepare(command: string, printsJson = true): Promise<void> {
    await this.out.loadStyles();
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

  private get sessionRequest(): SessionRequest {
    return {
      profileFlag: this.globals.profile,
      baseUrlFlag: this.globals.baseUrl,
      headerPrefixFlag: this.globals.headerPrefix,
      env: this.env,
    };
  }

  /** The profile named by --profile or SVC_PROFILE, if either is set. */
  requestedProfile(): string | undefined {
    return requestedProfile(this.sessionRequest);
  }

  /** Where the requested profile's name came from, for messages about it. */
  requestedProfileSource(): '--profile' | 'SVC_PROFILE' {
    return requestedProfileSource(this.sessionRequest);
  }

  /**
   * The profile and credentials this invocation uses: flags, then environment, then
   * profile. A profile asked for by name must exist.
   */
  async session(): Promise<Session> {
    return resolveSession(await this.profiles(), this.sessionRequest, this.redactor);
  }

  /** Base URL given on the command line or in the environment, without reading profiles. */
  explicitBaseUrl(): string | undefined {
    return explicitBaseUrl(this.globals.baseUrl, this.env)?.baseUrl;
  }

  /** The header prefix given on the command line or in the environment, without profiles. */
  explicitHeaderPrefix(): string | undefined {
    return explicitHeaderPrefix(this.globals.headerPrefix, this.env)?.prefix;
  }

  /** Which of the two gave the explicit base URL. */
  explicitBaseUrlSource(): string {
    return explicitBaseUrl(this.globals.baseUrl, this.env)?.source ?? 'SVC_BASE_URL';
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

  private async target(over?: ClientTarget) {
    const from = over
      ? { over, headerPrefix: this.explicitHeaderPrefix() ?? DEFAULT_HEADER_PREFIX }
      : { session: await this.session() };
    const session = 'session' in from ? from.session : undefined;
    const { baseUrl, credentials, withheld, headerPrefix } = checkedTarget(from);
    const mixed = session && mixedCredentialsLine(this.env, credentials, session.profileName);
    if (mixed && !this.mixedCredentialsSaid) {
      this.mixedCredentialsSaid = true;
      this.out.warn(mixed);
    }
    this.redactor.add(credentials.authToken, credentials.workspaceToken);
    return {
      baseUrl,
      ...(credentials.workspaceId !== undefined && { workspaceId: credentials.workspaceId }),
      ...(withheld && { withheld }),
      make: () =>
        makeHttpClient(
          {
            env: this.env,
            io: this.io,
            out: this.out,
            redactor: this.redactor,
            timeoutMs: this.timeoutMs(),
            debug: this.debug,
            insecure: this.globals.insecure === true,
            signal: this.signal,
            sleep: this.sleep,
            random: this.deps.random ?? Math.random,
            now: this.now,
            dispatcher: this.deps.dispatcher,
            beforeSend: (op, data) => this.confirmation.beforeSend(op, data),
            retryListeners: this.retryListeners,
            connectAdvice: connectAdvice(this, over ? over.source : (session?.baseUrlSource ?? '')),
          },
          baseUrl,
          credentials,
          withheld,
          headerPrefix,
        ),
    };
  }
}
