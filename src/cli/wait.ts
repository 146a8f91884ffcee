import { CancelledError, TimeoutError, TransientError } from '../errors/errors.js';
import { formatDuration } from '../http/duration.js';
import { startSpinner } from '../io/spinner.js';
import type { Context } from './context.js';

/** `--wait-timeout` when none is given (issue contract: 30 minutes). */
export const DEFAULT_WAIT_TIMEOUT_MS = 30 * 60_000;

/**
 * Polling starts fast, slows down while nothing changes, and starts fast again after a
 * change: a job that moves on is noticed within a tenth of a second, while a long one costs
 * one request every few seconds.
 */
export const POLL = { firstMs: 100, factor: 1.5, ceilingMs: 2_000 } as const;

export interface WaitSpec<S> {
  /** Reads the current state once. */
  poll: () => Promise<S>;
  done: (state: S) => boolean;
  /** A key that changes when the job moves on (its status, its tasks left). */
  progressKey: (state: S) => string;
  /** One line for the spinner. */
  describe: (state: S) => string;
  /** `--wait-timeout` in milliseconds, as parsed; undefined for the default. */
  timeout: number | undefined;
  /** The command that resumes waiting, printed on Ctrl-C and on timeout, as it is then. */
  resume: () => string;
}

export interface WaitResult<S> {
  /** The last state read; undefined only if no poll ever succeeded before the deadline. */
  state: S | undefined;
  polls: number;
  /** The deadline passed before `done`. */
  timedOut: boolean;
  timeoutMs: number;
}

/** The error a command throws after printing the last state of a wait that timed out. */
export function waitTimedOut(
  result: WaitResult<unknown>,
  document: unknown,
  resume: string,
): TimeoutError {
  return new TimeoutError(
    `still not finished after ${formatDuration(result.timeoutMs)} (--wait-timeout)`,
    document,
    { hint: `resume waiting with: ${resume}` },
  );
}

/**
 * Polls until `done` or the deadline. Transient failures of a poll (after the HTTP core's
 * own retries) do not end the wait; Ctrl-C ends it with exit 130, the error naming the
 * command that resumes it.
 */
export async function waitFor<S>(ctx: Context, spec: WaitSpec<S>): Promise<WaitResult<S>> {
  const timeoutMs = spec.timeout ?? DEFAULT_WAIT_TIMEOUT_MS;
  const deadline = ctx.now() + timeoutMs;
  const spinner = await startSpinner(ctx.io, ctx.out.progress, 'Waiting…');
  let last: S | undefined;
  let lastKey: string | undefined;
  let delay: number = POLL.firstMs;
  let polls = 0;
  try {
    for (;;) {
      try {
        const state = await spec.poll();
        polls++;
        const key = spec.progressKey(state);
        delay = key === lastKey ? Math.min(POLL.ceilingMs, delay * POLL.factor) : POLL.firstMs;
        last = state;
        lastKey = key;
        spinner.update(spec.describe(state));
        if (spec.done(state)) return { state, polls, timedOut: false, timeoutMs };
      } catch (err) {
        if (!(err instanceof TransientError || err instanceof TimeoutError)) throw err;
        spinner.update(`${err.message}; still waiting`);
      }
      const left = deadline - ctx.now();
      if (left <= 0) return { state: last, polls, timedOut: true, timeoutMs };
      await ctx.sleep(Math.min(delay, left), ctx.signal);
    }
  } catch (err) {
    if (err instanceof CancelledError || ctx.signal.aborted) {
      // In the error's hint, so that under --json too stderr is the one error line.
      throw new CancelledError('interrupted; the job goes on', {
        hint: `resume waiting with: ${spec.resume()}`,
      });
    }
    throw err;
  } finally {
    spinner.stop();
  }
}
