import type { Context } from '../../cli/context.js';
import { printedCommand, type Invocation } from '../../cli/printed-command.js';
import { waitFor, waitTimedOut } from '../../cli/wait.js';
import { OperationFailedError, SvcError } from '../../errors/errors.js';
import type { HttpClient } from '../../http/client.js';
import { readPurge, type PurgeStatus } from '../../jobs/purge-status.js';

export { readPurge, type PurgeStatus };

/** A deletion job as svc reports it: its id, and what is known of it so far. */
export interface DeletionJob extends Partial<PurgeStatus> {
  jobId: string;
  /** From the answer that started it; unknown to purge-status. */
  tasksCount?: number;
  /** Why it failed, once the service has said so. */
  failure?: string;
}

const statusColumns = [
  { header: 'JOB', path: 'jobId' },
  { header: 'COMPLETED', path: 'isDeleteCompleted' },
  { header: 'TASKS LEFT', path: 'tasksLeft' },
  { header: 'FAILURE', path: 'failure', wraps: true },
];

/** Prints jobs the contract's way: one job is one document, several make a list. */
export async function printJobs(
  ctx: Context,
  jobs: readonly DeletionJob[],
  columns: readonly { header: string; path: string }[] = statusColumns,
): Promise<void> {
  if (ctx.out.json) return ctx.out.jsonDocument(jobs.length === 1 ? jobs[0] : jobs);
  await ctx.out.rows(jobs, { rows: 'list', columns: [...columns] });
}

/** The command that follows these jobs to their end. */
export function resumeCommand(invocation: Invocation, jobIds: readonly string[]): string {
  return printedCommand(invocation, ['users', 'purge-status', '--job', jobIds.join(','), '--wait']);
}

/** Reads every job not yet completed into `jobs`; the first failure recorded ends the read. */
async function refresh(client: HttpClient, jobs: DeletionJob[]): Promise<DeletionJob[]> {
  for (const job of jobs) {
    if (job.isDeleteCompleted) continue;
    try {
      Object.assign(job, await readPurge(client, job.jobId));
    } catch (err) {
      if (err instanceof OperationFailedError) job.failure = err.message;
      throw err;
    }
  }
  return jobs;
}

const unfinished = (jobs: readonly DeletionJob[]): DeletionJob[] =>
  jobs.filter((job) => !job.isDeleteCompleted && job.failure === undefined);

/**
 * Adds to an error that stops work on several jobs what a person needs to carry on: every
 * job still running, as the one command that follows them all.
 */
export function withJobsToFollow(
  ctx: Context,
  error: unknown,
  jobs: readonly DeletionJob[],
): unknown {
  const running = unfinished(jobs).map((job) => job.jobId);
  if (!(error instanceof SvcError) || running.length === 0) return error;
  const follow = resumeCommand(ctx, running);
  // A wait's own hint already names it when the wait was interrupted or timed out.
  if (error.hint?.includes(follow)) return error;
  const which = running.length === 1 ? 'job' : `${running.length} jobs`;
  return addHint(error, `follow the ${which} still running with: ${follow}`);
}

/** Puts `line` after the hint the error already has. */
export function addHint(error: SvcError, line: string): SvcError {
  error.hint = error.hint ? `${error.hint}\n${line}` : line;
  return error;
}

/**
 * Waits for every job to complete, reading each one still running once per poll. Resolves
 * when all are completed. A failed job ends the wait at once (exit 6, its reason in the
 * message); a timeout ends it with exit 7. Either way the jobs are printed, as last read,
 * and the error names the command that follows the ones still running.
 */
export async function waitForDeletions(
  ctx: Context,
  client: HttpClient,
  jobs: DeletionJob[],
  timeout: number | undefined,
  print: () => Promise<void>,
): Promise<void> {
  const resume = () =>
    resumeCommand(
      ctx,
      unfinished(jobs).map((job) => job.jobId),
    );
  try {
    const result = await waitFor(ctx, {
      poll: () => refresh(client, jobs),
      done: (all) => all.every((job) => job.isDeleteCompleted),
      progressKey: (all) => all.map((job) => job.tasksLeft).join(','),
      describe: (all) => describeProgress(all),
      subject: () => {
        const running = unfinished(jobs);
        const only = running.length === 1 ? running[0] : undefined;
        return only ? `user-data deletion ${only.jobId}` : `${running.length} user-data deletions`;
      },
      timeout,
      resume,
    });
    if (result.timedOut) throw waitTimedOut(result, null, resume());
  } catch (err) {
    await print();
    throw withJobsToFollow(ctx, err, jobs);
  }
}

function describeProgress(jobs: readonly DeletionJob[]): string {
  const left = jobs.reduce((sum, job) => sum + (job.tasksLeft ?? 0), 0);
  const done = jobs.filter((job) => job.isDeleteCompleted).length;
  const of = jobs.length === 1 ? `job ${jobs[0]?.jobId}` : `${done} of ${jobs.length} jobs done`;
  return `Deleting user data (${of}): ${left} task(s) left`;
}
