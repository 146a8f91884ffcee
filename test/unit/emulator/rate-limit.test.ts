import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../src/emulator/rate-limit.js';

describe('RateLimiter', () => {
  it('allows `limit` hits per key in a sliding window and says how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.take('a')).toEqual({ allowed: true });
    now = 20_000;
    expect(limiter.take('a')).toEqual({ allowed: true });
    expect(limiter.take('b')).toEqual({ allowed: true });
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    now = 59_999;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // A hit exactly one window old no longer counts.
    now = 60_000;
    expect(limiter.take('a')).toEqual({ allowed: true });
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 20 });
  });

  it('does not count refused hits', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 1000, () => now);
    limiter.take('a');
    for (now = 100; now < 1000; now += 100) expect(limiter.take('a').allowed).toBe(false);
    now = 1000;
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('is off with a limit of 0, and forgets everything on clear', () => {
    const off = new RateLimiter(0, 1000, () => 0);
    for (let n = 0; n < 100; n++) expect(off.take('a').allowed).toBe(true);
    const limiter = new RateLimiter(1, 1000, () => 0);
    limiter.take('a');
    expect(limiter.take('a').allowed).toBe(false);
    limiter.clear();
    expect(limiter.take('a').allowed).toBe(true);
  });
});
