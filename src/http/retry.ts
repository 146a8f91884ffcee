/**
 * When a failed attempt may be sent again, and how long to wait first.
 *
 * Reads and idempotent writes are retried on any transient failure. Anything else is retried
 * only when the request surely did not reach the server (the connection was never made) or
 * the server said it did nothing (429, 503): a second purge or migration must never be
 * started by accident.
 */

export type AttemptFailure =
  | { kind: 'connect'; code: string }
  | { kind: 'timeout' }
  | { kind: 'network'; code: string }
  | { kind: 'status'; httpStatus: number; retryAfterMs?: number };

/** Error codes that mean no byte of the request reached the server. */
const connectCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function isConnectCode(code: string): boolean {
  return connectCodes.has(code);
}

export function isRetryable(failure: AttemptFailure, idempotent: boolean): boolean {
  switch (failure.kind) {
    case 'connect':
      return true;
    case 'timeout':
    case 'network':
      return idempotent;
    case 'status':
      if (failure.httpStatus === 429 || failure.httpStatus === 503) return true;
      return (
        idempotent &&
        (failure.httpStatus === 500 || failure.httpStatus === 502 || failure.httpStatus === 504)
      );
  }
}

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  random: () => number;
}

/** Exponential backoff with equal jitter: half the step is fixed, half is random. */
export function backoffDelay(attempt: number, o: BackoffOptions): number {
  const step = Math.min(o.capMs, o.baseMs * 2 ** attempt);
  return Math.round(step / 2 + (o.random() * step) / 2);
}

/** `Retry-After` is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // Anything else must be an HTTP date; Date.parse would read "-5" as a year.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** The system error code (`ECONNREFUSED`…) of an error or of one of its causes, a few deep. */
export function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
