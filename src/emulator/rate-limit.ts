export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** At most `limit` accepted hits per key in any sliding window of `windowMs`; 0 disables. */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts the hit when it is allowed; a refused hit does not extend the wait. */
  take(key: string): RateDecision {
    if (this.limit <= 0) return { allowed: true };
    const now = this.now();
    this.forgetBefore(now - this.windowMs);
    const recent = this.hits.get(key) ?? [];
    if (recent.length >= this.limit) {
      const oldest = recent[0] ?? now;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)),
      };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { allowed: true };
  }

  clear(): void {
    this.hits.clear();
  }

  // Sweeping every key keeps memory bounded by the callers of the last window.
  private forgetBefore(cutoff: number): void {
    for (const [key, times] of this.hits) {
      const kept = times.filter((t) => t > cutoff);
      if (kept.length === 0) this.hits.delete(key);
      else this.hits.set(key, kept);
    }
  }
}
