import { EmulatorError } from '../errors.js';
import { newId } from '../ids.js';
import { isFinished, type JobProgress, type JobRecord, type JobSpec } from '../store/jobs.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import { runStep, stepsOf } from './kinds.js';

/**
 * How a job's steps are timed: milliseconds between steps (0: a job finishes before the
 * call that started it answers), or `manual`: steps happen only through the admin calls.
 */
export type JobDelay = number | 'manual';

export const DEFAULT_JOB_DELAY_MS = 200;
/** The longest delay a Node timer can wait. */
const MAX_JOB_DELAY_MS = 2 ** 31 - 1;

/** A failure of the emulator itself, as a job reports it; details go to onInternalError. */
const INTERNAL_FAILURE = 'The job failed because of an internal error.';

/** The delay as given, or INVALID_ARGUMENT for one no timer can keep. */
export function checkJobDelay(delay: JobDelay): JobDelay {
  if (delay === 'manual') return delay;
  if (!Number.isInteger(delay) || delay < 0 || delay > MAX_JOB_DELAY_MS) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `jobDelay must be "manual" or a whole number of milliseconds from 0 to ${MAX_JOB_DELAY_MS}.`,
    );
  }
  return delay;
}

export interface JobEngineDeps {
  store: Store;
  now: () => number;
  delay: JobDelay;
  onInternalError?: ((error: unknown) => void) | undefined;
}

/**
 * Runs migrations and user-data deletions step by step. A job's state lives in the store and
 * each step is one transaction, so a job survives a restart and a step that throws leaves no
 * half-done change behind (the job is marked failed instead). Timers only decide when the
 * next step happens; they never keep the process alive.
 */
export class JobEngine {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly deps: JobEngineDeps) {}

  /** Records a new job and sets it going as the delay says; a job with no steps is done. */
  start(scope: Scope, spec: JobSpec): JobRecord {
    const at = this.deps.now();
    const stepsTotal = stepsOf(spec);
    const job: JobRecord = {
      id: newId(),
      scope,
      spec,
      status: stepsTotal === 0 ? 'completed' : 'pending',
      stepsDone: 0,
      stepsTotal,
      reason: null,
      lastStepAt: null,
      createdAt: at,
      updatedAt: at,
    };
    this.deps.store.jobs.insert(job);
    if (isFinished(job.status)) return job;
    this.setGoing(job.id);
    return this.deps.store.jobs.find(job.id) ?? job;
  }

  /** Jobs an earlier run left unfinished continue under this run's delay. */
  resume(): void {
    for (const id of this.deps.store.jobs.unfinishedIds()) this.setGoing(id);
  }

  /** The job, when it belongs to this workspace and API key. */
  find(scope: Scope, id: string): JobRecord | undefined {
    const job = this.deps.store.jobs.find(id);
    const mine =
      job?.scope.workspaceId === scope.workspaceId && job.scope.apiKeyId === scope.apiKeyId;
    return mine ? job : undefined;
  }

  /** Any job, whoever it belongs to: the admin calls' view. */
  get(id: string): JobRecord | undefined {
    return this.deps.store.jobs.find(id);
  }

  list(workspaceId?: string): JobRecord[] {
    return this.deps.store.jobs.list(workspaceId);
  }

  unfinishedIds(): string[] {
    return this.deps.store.jobs.unfinishedIds();
  }

  /** One step of the job; a finished job is left as it is. Undefined: no such job. */
  step(id: string): JobRecord | undefined {
    try {
      return this.deps.store.transaction(() => this.advance(id));
    } catch (error) {
      this.deps.onInternalError?.(error);
      this.deps.store.jobs.fail(id, INTERNAL_FAILURE, this.deps.now());
      this.clearTimer(id);
      return this.deps.store.jobs.find(id);
    }
  }

  /** Steps the job until it is finished. */
  run(id: string): JobRecord | undefined {
    this.clearTimer(id);
    let job = this.step(id);
    while (job && !isFinished(job.status)) job = this.step(id);
    return job;
  }

  /** Fails an unfinished job at once; a finished one is left as it is. */
  fail(id: string, reason: string): JobRecord | undefined {
    this.clearTimer(id);
    this.deps.store.jobs.fail(id, reason, this.deps.now());
    return this.deps.store.jobs.find(id);
  }

  /** Stops every timer; jobs stay as they are in the store, to be resumed by a later run. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private advance(id: string): JobRecord | undefined {
    const { store } = this.deps;
    const job = store.jobs.find(id);
    if (!job || isFinished(job.status)) return job;
    const result = runStep(store, job);
    const at = this.deps.now();
    const progress: JobProgress =
      result.status === 'failed'
        ? { ...job, status: 'failed', reason: result.reason, updatedAt: at }
        : {
            status: result.status,
            stepsDone: job.stepsDone + 1,
            reason: null,
            lastStepAt: at,
            updatedAt: at,
          };
    store.jobs.setProgress(id, progress);
    return { ...job, ...progress };
  }

  private setGoing(id: string): void {
    const { delay } = this.deps;
    if (delay === 'manual') return;
    if (delay === 0) this.run(id);
    else this.schedule(id, delay);
  }

  private schedule(id: string, delay: number): void {
    if (this.closed || this.timers.has(id)) return;
    const timer = setTimeout(() => {
      this.timers.delete(id);
      // A timer callback that threw would end the process; nothing may escape it.
      try {
        const job = this.step(id);
        if (job && !isFinished(job.status)) this.schedule(id, delay);
      } catch (error) {
        this.deps.onInternalError?.(error);
      }
    }, delay);
    timer.unref();
    this.timers.set(id, timer);
  }

  private clearTimer(id: string): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }
}
