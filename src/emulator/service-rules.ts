import { isAcceptedOwnerEmail } from '../catalogue/owner-email.js';
import { EmulatorError } from './errors.js';
import { RateLimiter } from './rate-limit.js';

/**
 * The service's rules for its public operations (spec ops 1, 4 and 5, docs/wire-notes.md), in one
 * place: per-IP rate limits, the disposable-domain rule, and where a login link may lead.
 */

/** Calls each client IP may make per window, by operation; the service gives no numbers. */
export const DEFAULT_RATE_LIMITS = {
  'workspace.create': 30,
  'workspace.emailStatus': 60,
  'workspace.loginLink': 20,
} as const;
export type RateLimitedOperation = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Partial<Record<RateLimitedOperation, number>>;
export const RATE_WINDOW_MS = 60_000;

const rateLimitedWhat: Record<RateLimitedOperation, string> = {
  'workspace.create': 'workspace creation',
  'workspace.emailStatus': 'email status',
  'workspace.loginLink': 'login link',
};

/** One sliding-window limiter per rate-limited operation, each keyed by client IP. */
export class PublicRateLimits {
  private readonly limiters: Record<RateLimitedOperation, RateLimiter>;

  /** A limit of 0 switches that operation's limit off. */
  constructor(limits: RateLimits, now: () => number) {
    const limiter = (op: RateLimitedOperation) =>
      new RateLimiter(limits[op] ?? DEFAULT_RATE_LIMITS[op], RATE_WINDOW_MS, now);
    this.limiters = {
      'workspace.create': limiter('workspace.create'),
      'workspace.emailStatus': limiter('workspace.emailStatus'),
      'workspace.loginLink': limiter('workspace.loginLink'),
    };
  }

  /** Counts the call, or throws RESOURCE_EXHAUSTED with the wait in `Retry-After`. */
  take(op: RateLimitedOperation, clientIp: string): void {
    const decision = this.limiters[op].take(clientIp);
    if (decision.allowed) return;
    throw new EmulatorError(
      'RESOURCE_EXHAUSTED',
      `Too many ${rateLimitedWhat[op]} requests from this IP address. Try again later.`,
      { headers: { 'retry-after': String(decision.retryAfterSeconds) } },
    );
  }

  clear(): void {
    for (const limiter of Object.values(this.limiters)) limiter.clear();
  }
}

/** INVALID_ARGUMENT when `email` is at a disposable domain, by the rule the CLI's prompt uses. */
export function refuseDisposableEmail(email: string, field: string): void {
  if (!isAcceptedOwnerEmail(email)) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `${field} is not accepted: disposable email domains are not allowed.`,
    );
  }
}

/** Whether `host` is a host name as a URL carries it: no scheme, port or path. */
export function isHostName(host: string): boolean {
  try {
    return host !== '' && new URL(`http://${host}`).hostname === host.toLowerCase();
  } catch {
    return false;
  }
}

/** The console host of the service's documentation, where its login links continue to. */
export const DEFAULT_CONSOLE_HOST = 'console.example.com';
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The hosts a login link may continue to: loopback, the console host, and those added by
 * `--allowed-continue-host` or a seed file's `allowedContinueHosts`.
 */
export class ContinueHosts {
  private readonly hosts = new Set<string>([...LOOPBACK_HOSTS, DEFAULT_CONSOLE_HOST]);

  constructor(extra: readonly string[] = []) {
    this.add(extra);
  }

  add(hosts: readonly string[]): void {
    for (const host of hosts) this.hosts.add(host.toLowerCase());
  }

  /** INVALID_ARGUMENT unless `continueUrl` is an http(s) URL on an allowed host. */
  check(continueUrl: string): void {
    let url: URL;
    try {
      url = new URL(continueUrl);
    } catch {
      throw new EmulatorError('INVALID_ARGUMENT', 'continueUrl is not a valid URL.');
    }
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      !this.hosts.has(url.hostname.toLowerCase())
    ) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `continueUrl must be an http(s) URL on ${[...this.hosts].join(', ')}.`,
      );
    }
  }
}
