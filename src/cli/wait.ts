import { ApiError, CancelledError, TimeoutError, TransientError } from '../errors/errors.js';
import { ExitCode, exitCodeFor } from '../errors/exit-codes.js';
import { formatDuration } from '../http/duration.js';
import { startSpinner } from '../io/spinner.js';
import type { Context } from './context.js';
import { EXEC_EMULATOR_VAR } from './reference/environment.js';

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
  /** What is waited for, in a sentence's words: "migration M", "user-data deletion J". */
  subject: () => string;
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
 * The line a wait for a job it just started begins with where no spinner shows (no terminal,
 * `--json` aside): the job's id and that svc now waits, so a CI log never looks stuck. Every
 * command that starts a job and waits for it says it here, in the same words.
 */
export function sayWaiting(ctx: Context, started: string, plural = false): void {
  if (ctx.out.json || ctx.io.animateStderr) return;
  ctx.out.info(`${started} started; waiting for ${plural ? 'them' : 'it'} to end`);
}

/** The service in use is the emulator that `svc emulator exec` stops when this run ends. */
function endsWithExec(ctx: Context): boolean {
  const exec = ctx.env[EXEC_EMULATOR_VAR];
  return exec !== undefined && exec !== '' && ctx.explicitBaseUrl() === exec;
}

/** What polling needs from its surroundings: a clock, a way to sleep, and a stop signal. */
export interface PollClock {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal: AbortSignal;
}

export type PollSpec<S> = Pick<WaitSpec<S>, 'poll' | 'done' | 'progressKey' | 'timeout'> & {
  /** Hears each state read. */
  onState?: (state: S) => void | Promise<void>;
};

/**
 * The polling of every wait, the CLI's and the MCP server's: reads until `done` or the
 * deadline, fast after a change and slower while nothing changes. Any error of a read ends
 * it, a transient one too: the HTTP core has retried that read already, and a wait that
 * went on through an outage would report its last state as if it were current. The signal
 * ends it with whatever the sleep rejects with.
 */
export async function pollUntil<S>(clock: PollClock, spec: PollSpec<S>): Promise<WaitResult<S>> {
  const timeoutMs = spec.timeout ?? DEFAULT_WAIT_TIMEOUT_MS;
  const deadline = clock.now() + timeoutMs;
  let last: S | undefined;
  let lastKey: string | undefined;
  let delay: number = POLL.firstMs;
  let polls = 0;
  for (;;) {
    const state = await spec.poll();
    polls++;
    const key = spec.progressKey(state);
    delay = key === lastKey ? Math.min(POLL.ceilingMs, delay * POLL.factor) : POLL.firstMs;
    last = state;
    lastKey = key;
    await spec.onState?.(state);
    if (spec.done(state)) return { state, polls, timedOut: false, timeoutMs };
    const left = deadline - clock.now();
    if (left <= 0) return { state: last, polls, timedOut: true, timeoutMs };
    await clock.sleep(Math.min(delay, left), clock.signal);
  }
}

/**
 * The error of a wait whose read failed after all its retries: the job goes on, but what
 * it is doing cannot be known, so the wait ends (exit 75) rather than wait in silence.
 */
export function connectionLost(error: Error, subject: string, resume: string): TransientError {
  return new TransientError(
    `the service could not be reached while waiting: ${error.message}; the state of ${subject} is unknown`,
    { hint: `resume waiting with: ${resume}` },
  );
}

/** A read that failed after its retries for want of the service: no answer, or "unavailable". */
function unreachable(err: unknown): err is Error {
  if (err instanceof TransientError || err instanceof TimeoutError) return true;
  return err instanceof ApiError && exitCodeFor(err) === ExitCode.Temporary;
}

/**
 * Polls until `done` or the deadline, with a spinner. Ctrl-C ends it with exit 130, the
 * error naming the command that resumes it; a read that fails after its retries ends it
 * with exit 75, saying the state is unknown. Where no spinner shows (no terminal, --json),
 * each connection lost and regained during a read's retries is one line on stderr.
 */
export async function waitFor<S>(ctx: Context, spec: WaitSpec<S>): Promise<WaitResult<S>> {
  const spinner = await startSpinner(ctx.io, ctx.out.progress, 'Waiting…');
  let lost = false;
  const stopListening = ctx.onRetry((line) => {
    if (lost || spinner.active) return;
    lost = true;
    ctx.out.warn(`connection to the service lost (${line}); waiting for ${spec.subject()}`);
  });
  try {
    return await pollUntil(ctx, {
      ...spec,
      onState: (state) => {
        if (lost) {
          lost = false;
          ctx.out.info(`connection to the service regained; waiting for ${spec.subject()}`);
        }
        spinner.update(spec.describe(state));
      },
    });
  } catch (err) {
    if (err instanceof CancelledError || ctx.signal.aborted) {
      // Inside `svc emulator exec`, the emulator stops with its command, and the job with it:
      // there is nothing left to resume, so nothing points at it.
      if (endsWithExec(ctx))
        throw new CancelledError(
          `interrupted; the emulator of svc emulator exec stops now, and ${spec.subject()} ends with it`,
        );
      // In the error's hint, so that under --json too stderr is the one error line.
      throw new CancelledError('interrupted; the job goes on', {
        hint: `resume waiting with: ${spec.resume()}`,
      });
    }
    if (unreachable(err)) throw connectionLost(err, spec.subject(), spec.resume());
    throw err;
  } finally {
    stopListening();
    spinner.stop();
  }
}
