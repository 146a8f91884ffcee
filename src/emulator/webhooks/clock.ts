import type { JobDelay } from '../jobs/engine.js';

/**
 * The time webhook retries and debounces run on, set like the jobs' (`--job-delay`):
 * `manual` stands still until advanced by the admin call (things due at once still happen
 * at once), `0` makes every wait instant, and any other delay means real time, where a
 * 5-minute retry waits 5 minutes.
 */
export type ClockMode = 'manual' | 'instant' | 'real';

export function clockModeOf(delay: JobDelay): ClockMode {
  if (delay === 'manual') return 'manual';
  return delay === 0 ? 'instant' : 'real';
}

interface Planned {
  at: number;
  order: number;
  run: () => Promise<void>;
}

/** A cancel function for something planned. */
export type Cancel = () => void;

export class WebhookClock {
  /** How far the manual clock has been moved ahead of the emulator's own. */
  private offset = 0;
  private order = 0;
  private readonly planned = new Set<Planned>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    readonly mode: ClockMode,
    private readonly base: () => number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.start = mode === 'manual' ? base() : undefined;
  }

  /** A manual clock stands still between advances: it starts at the emulator's time. */
  private readonly start: number | undefined;

  now(): number {
    return (this.start ?? this.base()) + this.offset;
  }

  /** Runs `run` after `ms` on this clock. */
  after(ms: number, run: () => Promise<void>): Cancel {
    if (this.closed) return () => undefined;
    const wait = this.mode === 'instant' ? 0 : Math.max(0, ms);
    if (this.mode === 'manual' && wait > 0) {
      const entry = { at: this.now() + wait, order: this.order++, run };
      this.planned.add(entry);
      return () => this.planned.delete(entry);
    }
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        run().catch(this.onError);
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    timer.unref();
    this.timers.add(timer);
    return () => {
      clearTimeout(timer);
      this.timers.delete(timer);
    };
  }

  /**
   * Moves a manual clock ahead by `ms`, running what falls due in time order, each to its
   * end (what they plan within the span runs too). Resolves once all of it has run.
   */
  async advance(ms: number): Promise<number> {
    const target = this.now() + ms;
    for (;;) {
      const next = [...this.planned]
        .filter((p) => p.at <= target)
        .sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!next) break;
      this.planned.delete(next);
      this.offset += Math.max(0, next.at - this.now());
      await next.run().catch(this.onError);
    }
    this.offset += Math.max(0, target - this.now());
    return this.now();
  }

  /** The earliest planned time on a manual clock, if any. */
  nextPlanned(): number | undefined {
    const times = [...this.planned].map((p) => p.at);
    return times.length === 0 ? undefined : Math.min(...times);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.planned.clear();
  }
}
