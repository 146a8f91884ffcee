import { credentialHeaders } from '../config/header-prefix.js';
import type { Dispatcher } from 'undici';
import { overwriteReason } from '../catalogue/destructive.js';
import { describeJsonExcess, findJsonExcess } from '../catalogue/limits.js';
import type { AuthLevel, EnvelopeKind, Operation } from '../catalogue/types.js';
import type { Credentials } from '../config/credentials.js';
import {
  ApiError,
  CancelledError,
  ConnectError,
  CredentialsError,
  OutcomeUnknownError,
  SvcError,
  TimeoutError,
  UsageError,
} from '../errors/errors.js';
import { visibleText } from '../text/visible.js';
import { formatDuration } from './duration.js';
import {
  decodeSuccess,
  errorFromBody,
  isErrorEnvelope,
  itemResultsIn,
  parseJson,
  type ApiResult,
} from './envelope.js';
import { foreignAnswer, isGatewayStatus } from './foreign-answer.js';
import type { Redactor } from './redact.js';
import { checkTransport } from './transport-security.js';
import { formatIssues } from './validation.js';
import {
  backoffDelay,
  errorCode,
  isConnectCode,
  isRetryable,
  parseRetryAfter,
  type AttemptFailure,
} from './retry.js';

export interface HttpClientOptions {
  baseUrl: string;
  credentials: Credentials;
  /** The credential headers' prefix (`x-service`, or a deployment's own). */
  headerPrefix?: string;
  /**
   * Why the stored credentials are not among `credentials` (they belong to another
   * service): what a call that needs credentials fails with. A public call needs none.
   */
  withheld?: Error;
  dispatcher: Dispatcher;
  redactor: Redactor;
  userAgent: string;
  /** Per-request timeout. */
  timeoutMs: number;
  /** Timeout of the calls that may take minutes to answer (user-data deletion). */
  slowTimeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  /** The longest `Retry-After` worth waiting for; longer ones end the call at once. */
  maxRetryAfterMs: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** `--debug`: receives each trace line, already redacted. */
  trace?: (line: string) => void;
  /**
   * Shows that a call is waiting to try again ("rate limited (429), retrying in 10s, attempt
   * 2 of 4"), and is told when the call has ended; for a terminal's status line.
   */
  retryStatus?: { show(line: string): void; clear(): void };
  /** Ctrl-C. */
  signal?: AbortSignal;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => number;
  /** `--insecure`: allow plain http to hosts other than loopback. */
  insecure?: boolean;
  /** Called once `data` is valid and before it is sent: the confirmation of destructive requests. */
  beforeSend?: (op: Operation, data: unknown) => Promise<void>;
  /** The proxy the dispatcher sends a request to `url` through; none when absent. */
  proxyFor?: (url: URL) => string | undefined;
  /**
   * Where the base URL came from and how to change it there, for a connection that fails:
   * a profile's stale URL must not read as a flag's mistake.
   */
  connectAdvice?: { source: string; hint: string };
}

/** How one exchange behaves, taken from the operation (or given by `svc api`). */
export interface ExchangePolicy {
  path: string;
  auth: AuthLevel;
  envelope: EnvelopeKind;
  idempotent: boolean;
  slow: boolean;
  /** Retries after the first attempt; the client's own number when absent. */
  retries?: number;
  /** An emulator's admin token, for its `/_emulator/` routes: sent as a Bearer token. */
  adminToken?: string;
  /** An `INTERNAL` error with per-item results is the answer (`itemResultsOnFailure`). */
  itemResultsOnFailure?: boolean;
}

export interface RawResponse {
  httpStatus: number;
  contentType: string | undefined;
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
}

export interface DescribedRequest {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface CallOptions {
  /** Use these credentials instead of the resolved ones (a just-created workspace's). */
  credentials?: Credentials;
  /** The operation is idempotent for this particular body (activities with ids). */
  idempotent?: boolean;
  /** Retries after the first attempt, instead of the client's own number. */
  retries?: number;
  /** Ends this call alone (an MCP client cancelling it), as the client's own signal ends all. */
  signal?: AbortSignal;
  /**
   * Clean-up sent after the run was cancelled (`webhooks listen` removing its endpoint on
   * Ctrl-C): the client's own signal does not end it; its timeout still does.
   */
  afterCancel?: boolean;
  /**
   * The request was confirmed elsewhere (an MCP confirmation token bound to these very
   * arguments), so the confirmation gate lets this one call through.
   */
  confirmed?: boolean;
  /** Why this request replaces existing content, for the `--debug` trace; `call` works it out. */
  replaces?: string;
}

const missingCredentialsHint =
  'run `svc auth login`, or set SVC_API_KEY and SVC_AUTH_TOKEN (key level) or SVC_WORKSPACE_ID and SVC_WORKSPACE_TOKEN (workspace level)';

export function authHeaders(
  level: AuthLevel,
  c: Credentials,
  withheld?: Error,
  headerPrefix?: string,
): Record<string, string> {
  if (level === 'public') return {};
  if (withheld) throw withheld;
  const names = credentialHeaders(headerPrefix);
  if (level === 'workspace') {
    if (!c.workspaceId || !c.workspaceToken) {
      throw new CredentialsError('workspace credentials are missing', {
        hint: missingCredentialsHint,
      });
    }
    return { [names.workspaceId]: c.workspaceId, [names.authToken]: c.workspaceToken };
  }
  if (!c.apiKey || !c.authToken) {
    throw new CredentialsError('API key credentials are missing', { hint: missingCredentialsHint });
  }
  return { [names.apiKey]: c.apiKey, [names.authToken]: c.authToken };
}

/**
 * A body within the request limits, which the service checks before anything else: past
 * them it would only answer INVALID_ARGUMENT, and serializing or redacting a body nested
 * thousands of levels deep would exhaust the stack first.
 */
function checkLimits(body: unknown): void {
  const excess = findJsonExcess(body);
  if (excess) throw new UsageError(`invalid request body: ${describeJsonExcess(excess)}`);
}

function validate(op: Operation, data: unknown): void {
  const parsed = op.request.safeParse(data);
  if (!parsed.success) {
    throw new UsageError(`invalid request for ${op.name}: ${formatIssues(parsed.error.issues)}`);
  }
}

class AttemptError extends Error {
  constructor(
    readonly failure: AttemptFailure,
    readonly final: Error,
  ) {
    super(final.message);
  }
}

/** What went wrong with an attempt, in the words of the retry line. */
function describeFailure(f: AttemptFailure): string {
  switch (f.kind) {
    case 'connect':
      return `could not connect (${f.code})`;
    case 'timeout':
      return 'timed out';
    case 'network':
      return `connection failed (${f.code})`;
    case 'status':
      if (f.httpStatus === 429) return 'rate limited (429)';
      if (f.httpStatus === 503) return 'service unavailable (503)';
      return `server error (${f.httpStatus})`;
  }
}

/** The error a call ends with; after retries it says how many attempts, over how long. */
function gaveUp(error: Error, attempts: number, elapsedMs: number): Error {
  if (attempts > 1) {
    error.message += ` (gave up after ${attempts} attempts over ${formatDuration(elapsedMs)})`;
  }
  return error;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The one HTTP client every command uses: base URL, auth headers by level, timeouts,
 * retries with backoff that honour `Retry-After`, envelope decoding and the debug trace.
 */
export class HttpClient {
  constructor(private readonly settings: HttpClientOptions) {}

  get baseUrl(): string {
    return this.settings.baseUrl;
  }

  /** Validates `data` with the operation's schema, sends it, and decodes the answer. */
  async call<T = unknown>(
    op: Operation,
    data: unknown,
    options: CallOptions = {},
  ): Promise<ApiResult<T>> {
    validate(op, data);
    if (!options.confirmed) await this.settings.beforeSend?.(op, data);
    this.traceReplaces(
      options.replaces ?? overwriteReason(op, data as Readonly<Record<string, unknown>>),
    );
    const policy = this.policyOf(op, options);
    const raw = await this.exchange(
      policy,
      { data },
      options.credentials,
      options.signal,
      options.afterCancel,
    );
    return this.decode<T>(op, raw);
  }

  /**
   * What `call` checks before it sends `data`: the operation's schema and the request
   * limits. Throws the UsageError `call` would.
   */
  check(op: Operation, data: unknown): void {
    validate(op, data);
    checkLimits({ data });
  }

  /**
   * `call` for a body the caller serialized: `payload` is the JSON of `{data}`, sent as it
   * is, and `members` are the members of `data` beside the items of a bulk operation, which
   * are all the confirmation gate looks at. Nothing is validated here: a bulk run checks
   * each item as it reads it, and the rest of `data` once (`check`), where validating and
   * serializing every batch again would cost as much as reading the input.
   */
  async callSerialized<T = unknown>(
    op: Operation,
    payload: Uint8Array,
    members: Readonly<Record<string, unknown>>,
    options: CallOptions = {},
  ): Promise<ApiResult<T>> {
    if (!options.confirmed) await this.settings.beforeSend?.(op, members);
    this.traceReplaces(options.replaces ?? overwriteReason(op, members));
    const raw = await this.send(
      this.policyOf(op, options),
      payload,
      options.credentials,
      options.signal,
    );
    return this.decode<T>(op, raw);
  }

  /** `--debug` says before the request that it replaces content, as `--dry-run` does. */
  private traceReplaces(reason: string | undefined): void {
    if (reason !== undefined) this.trace(`* this request replaces existing content: ${reason}`);
  }

  private policyOf(op: Operation, options: CallOptions): ExchangePolicy {
    return {
      path: op.path,
      auth: op.auth,
      envelope: op.envelope,
      idempotent: options.idempotent ?? op.idempotent,
      slow: op.slow,
      ...(options.retries !== undefined && { retries: options.retries }),
      ...(op.itemResultsOnFailure && { itemResultsOnFailure: true }),
    };
  }

  private decode<T>(op: Operation, raw: RawResponse): ApiResult<T> {
    const failed = op.itemResultsOnFailure ? itemResultsIn(raw.body) : undefined;
    if (failed)
      return { data: failed.items as T, message: failed.message, httpStatus: raw.httpStatus };
    try {
      return decodeSuccess(op.envelope, raw.httpStatus, raw.body, op.paging) as ApiResult<T>;
    } catch (err) {
      // JSON, but not the envelope: an error envelope has its status.
      if (err instanceof ApiError && err.status === undefined) {
        throw foreignAnswer(this.settings.baseUrl, raw.httpStatus, raw.contentType);
      }
      throw err;
    }
  }

  /** What `call` would send, secrets redacted: the `--dry-run` output. */
  describe(op: Operation, data: unknown, options: CallOptions = {}): DescribedRequest {
    validate(op, data);
    return this.describeRaw(op, { data }, options.credentials);
  }

  describeRaw(
    policy: Pick<ExchangePolicy, 'path' | 'auth'>,
    body: unknown,
    credentials?: Credentials,
  ): DescribedRequest {
    checkLimits(body);
    const headers = this.headersFor(policy.auth, credentials);
    return {
      method: 'POST',
      url: this.settings.baseUrl.replace(/\/+$/, '') + policy.path,
      headers: this.settings.redactor.headers({ 'content-type': 'application/json', ...headers }),
      body: this.settings.redactor.json(body),
    };
  }

  /** The headers of a call: its own credentials, else the client's (or why there are none). */
  private headersFor(level: AuthLevel, credentials?: Credentials): Record<string, string> {
    const prefix = this.settings.headerPrefix;
    if (credentials) return authHeaders(level, credentials, undefined, prefix);
    return authHeaders(level, this.settings.credentials, this.settings.withheld, prefix);
  }

  /** `svc api`: any path, any body; an error status still becomes a typed error. */
  async raw(policy: ExchangePolicy, body: unknown): Promise<RawResponse> {
    return this.exchange(policy, body, undefined);
  }

  private async exchange(
    policy: ExchangePolicy,
    body: unknown,
    credentials: Credentials | undefined,
    callSignal?: AbortSignal,
    afterCancel = false,
  ): Promise<RawResponse> {
    checkLimits(body);
    return this.send(policy, JSON.stringify(body), credentials, callSignal, afterCancel);
  }

  private async send(
    policy: ExchangePolicy,
    payload: string | Uint8Array,
    credentials: Credentials | undefined,
    callSignal?: AbortSignal,
    afterCancel = false,
  ): Promise<RawResponse> {
    const cancel = [afterCancel ? undefined : this.settings.signal, callSignal].filter(
      (s): s is AbortSignal => s !== undefined,
    );
    const signal = cancel.length > 1 ? AbortSignal.any(cancel) : cancel[0];
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': this.settings.userAgent,
      ...this.headersFor(policy.auth, credentials),
      ...(policy.adminToken !== undefined && { authorization: `Bearer ${policy.adminToken}` }),
    };
    const url = new URL(this.settings.baseUrl.replace(/\/+$/, '') + policy.path);
    checkTransport(
      url,
      policy.auth,
      this.settings.insecure === true,
      this.settings.proxyFor?.(url),
    );
    const attempts = (policy.retries ?? this.settings.retries) + 1;
    const started = this.settings.now();
    // The line shows only when there is no trace, which says the same.
    const status = this.settings.trace ? undefined : this.settings.retryStatus;

    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return await this.attempt(url, headers, payload, policy, attempt, attempts, signal);
        } catch (err) {
          if (!(err instanceof AttemptError)) throw err;
          const giveUp = () => gaveUp(err.final, attempt + 1, this.settings.now() - started);
          const last = attempt + 1 >= attempts;
          if (last || !isRetryable(err.failure, policy.idempotent)) throw giveUp();
          const f = err.failure;
          let wait = backoffDelay(attempt, {
            baseMs: this.settings.backoffBaseMs,
            capMs: this.settings.backoffCapMs,
            random: this.settings.random,
          });
          if (f.kind === 'status' && f.retryAfterMs !== undefined) {
            if (f.retryAfterMs > this.settings.maxRetryAfterMs) throw giveUp();
            wait = f.retryAfterMs;
          }
          const line = `${describeFailure(f)}, retrying in ${formatDuration(wait)}, attempt ${attempt + 2} of ${attempts}`;
          this.trace(`* ${line} (${err.message})`);
          status?.show(line);
          await this.sleepOrCancel(wait, signal);
        }
      }
    } finally {
      status?.clear();
    }
  }

  private async attempt(
    url: URL,
    headers: Record<string, string>,
    payload: string | Uint8Array,
    policy: ExchangePolicy,
    attempt: number,
    attempts: number,
    cancel: AbortSignal | undefined,
  ): Promise<RawResponse> {
    const timeoutMs = policy.slow ? this.settings.slowTimeoutMs : this.settings.timeoutMs;
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const signal = cancel ? AbortSignal.any([cancel, timeout.signal]) : timeout.signal;
    const started = this.settings.now();

    // Redacting a body parses it again: a bulk run would pay that on every batch, so only
    // when there is a trace to read.
    if (this.settings.trace) {
      this.trace(`* POST ${url.href} (attempt ${attempt + 1}/${attempts})`);
      for (const [k, v] of Object.entries(this.settings.redactor.headers(headers)))
        this.trace(`> ${k}: ${v}`);
      const text = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8');
      this.trace(`> ${this.settings.redactor.body(text)}`);
    }

    try {
      const res = await this.settings.dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: 'POST',
        headers,
        body: payload,
        signal,
      });
      const text = await res.body.text();
      const elapsed = this.settings.now() - started;
      this.trace(`< ${res.statusCode} (${formatDuration(elapsed)})`);
      if (text && this.settings.trace) this.trace(`< ${this.settings.redactor.body(text)}`);

      const body = parseJson(text);
      const contentType = headerValue(res.headers['content-type']);
      if (res.statusCode >= 200 && res.statusCode < 300) {
        if (body === undefined)
          throw foreignAnswer(this.settings.baseUrl, res.statusCode, contentType);
        return { httpStatus: res.statusCode, contentType, body, text };
      }
      if (!isErrorEnvelope(body) && !isGatewayStatus(res.statusCode)) {
        throw foreignAnswer(this.settings.baseUrl, res.statusCode, contentType);
      }
      // Answered, item by item: nothing to retry, and `decode` reads the items.
      if (policy.itemResultsOnFailure && itemResultsIn(body))
        return { httpStatus: res.statusCode, contentType, body, text };
      const error = errorFromBody(res.statusCode, body, text, (t) =>
        this.settings.redactor.body(t),
      );
      const retryAfterMs = parseRetryAfter(
        headerValue(res.headers['retry-after']),
        this.settings.now(),
      );
      if (retryAfterMs !== undefined) {
        error.hint = `the service asked to retry after ${formatDuration(retryAfterMs)}`;
      }
      throw new AttemptError(
        {
          kind: 'status',
          httpStatus: res.statusCode,
          ...(retryAfterMs !== undefined && { retryAfterMs }),
        },
        error,
      );
    } catch (err) {
      if (err instanceof AttemptError || err instanceof SvcError) throw err;
      if (cancel?.aborted) throw new CancelledError('interrupted');
      if (timeout.signal.aborted) {
        this.trace(`< timed out after ${formatDuration(timeoutMs)}`);
        throw new AttemptError(
          { kind: 'timeout' },
          new TimeoutError(
            `request to ${policy.path} timed out after ${formatDuration(timeoutMs)}`,
            undefined,
            {
              hint: 'raise it with --timeout or SVC_TIMEOUT',
            },
          ),
        );
      }
      const code = errorCode(err) ?? 'UNKNOWN';
      this.trace(`< network error ${code}`);
      if (isConnectCode(code)) {
        throw new AttemptError(
          { kind: 'connect', code },
          new ConnectError(
            `could not connect to ${url.origin} (${code})${this.settings.connectAdvice ? `, given by ${this.settings.connectAdvice.source}` : ''}`,
            {
              hint:
                this.settings.connectAdvice?.hint ??
                'check --base-url or SVC_BASE_URL, and that the service is running',
            },
          ),
        );
      }
      throw new AttemptError(
        { kind: 'network', code },
        new OutcomeUnknownError(
          `the connection to ${url.origin} failed after the request was sent (${code}); ` +
            (policy.idempotent
              ? 'it is safe to run the command again'
              : 'the request may or may not have been applied'),
        ),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private trace(line: string): void {
    // A response body is the service's to choose: its control characters are shown, not obeyed.
    if (this.settings.trace) this.settings.trace(visibleText(this.settings.redactor.text(line)));
  }

  private async sleepOrCancel(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await this.settings.sleep(ms, signal);
    } catch {
      throw new CancelledError('interrupted');
    }
  }
}
