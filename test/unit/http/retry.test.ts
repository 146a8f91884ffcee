import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  isConnectCode,
  isRetryable,
  parseRetryAfter,
} from '../../../src/http/retry.js';

describe('isRetryable', () => {
  it('retries a connect failure whatever the operation', () => {
    expect(isRetryable({ kind: 'connect', code: 'ECONNREFUSED' }, false)).toBe(true);
    expect(isRetryable({ kind: 'connect', code: 'ECONNREFUSED' }, true)).toBe(true);
  });

  it('retries a timeout or a dropped connection only when idempotent', () => {
    expect(isRetryable({ kind: 'timeout' }, true)).toBe(true);
    expect(isRetryable({ kind: 'timeout' }, false)).toBe(false);
    expect(isRetryable({ kind: 'network', code: 'ECONNRESET' }, true)).toBe(true);
    expect(isRetryable({ kind: 'network', code: 'ECONNRESET' }, false)).toBe(false);
  });

  it('retries 429 and 503 always, 500/502/504 only when idempotent, never 4xx', () => {
    const status = (httpStatus: number, idempotent: boolean) =>
      isRetryable({ kind: 'status', httpStatus }, idempotent);
    expect([429, 503].map((s) => status(s, false))).toEqual([true, true]);
    expect([500, 502, 504].map((s) => status(s, true))).toEqual([true, true, true]);
    expect([500, 502, 504].map((s) => status(s, false))).toEqual([false, false, false]);
    expect([400, 401, 403, 404, 409, 501].map((s) => status(s, true))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('isConnectCode', () => {
  it('knows the codes that mean nothing was sent', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']) {
      expect(isConnectCode(code)).toBe(true);
    }
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UNKNOWN']) {
      expect(isConnectCode(code)).toBe(false);
    }
  });
});

describe('backoffDelay', () => {
  const o = { baseMs: 250, capMs: 8_000 };

  it('doubles each attempt, with equal jitter between half and the whole step', () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, { ...o, random: () => 0 }))).toEqual([
      125, 250, 500, 1000,
    ]);
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, { ...o, random: () => 0.5 }))).toEqual([
      188, 375, 750, 1500,
    ]);
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, { ...o, random: () => 1 }))).toEqual([
      250, 500, 1000, 2000,
    ]);
  });

  it('never exceeds the cap', () => {
    expect(backoffDelay(10, { ...o, random: () => 1 })).toBe(8_000);
    expect(backoffDelay(30, { ...o, random: () => 0 })).toBe(4_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-02T03:04:05Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Thu, 02 Jan 2025 03:04:35 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 02 Jan 2025 03:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable value', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('in a while', now)).toBeUndefined();
  });
});
