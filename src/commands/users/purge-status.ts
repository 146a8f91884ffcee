import type { Context } from '../../cli/context.js';
import { ApiError, NotFoundError, OperationFailedError } from '../../errors/errors.js';
import { count } from '../../io/plural.js';
import {
  printJobs,
  readPurge,
  waitForDeletions,
  withJobsToFollow,
  type DeletionJob,
} from './purge-job.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { purgeStatusOptions } from './index.js';

type Options = HandlerOptions<typeof purgeStatusOptions>;

/** The error of the jobs the service does not know, each named. */
function unknownJobs(ids: readonly string[], found: number): NotFoundError {
  const names = ids.map((id) => `"${id}"`).join(', ');
  return new NotFoundError(
    `no user-data deletion ${ids.length === 1 ? 'job' : 'jobs'} named ${names}`,
    {
      hint:
        found > 0
          ? `the status of the ${count(found, 'job')} found is on stdout`
          : 'check the --job ids',
    },
  );
}

/**
 * Reads each job once. A job the service does not know is set aside rather than ending the
 * read, so that one wrong id does not hide the status of the others.
 */
async function readEach(
  client: Awaited<ReturnType<Context['client']>>,
  jobs: readonly DeletionJob[],
): Promise<{ unknown: string[]; failed?: OperationFailedError }> {
  const unknown: string[] = [];
  let failed: OperationFailedError | undefined;
  for (const job of jobs) {
    try {
      Object.assign(job, await readPurge(client, job.jobId));
    } catch (err) {
      if (err instanceof ApiError && err.status === 'NOT_FOUND') {
        unknown.push(job.jobId);
      } else if (err instanceof OperationFailedError) {
        job.failure = err.message;
        failed ??= err;
      } else throw err;
    }
  }
  return { unknown, ...(failed && { failed }) };
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const client = await ctx.client();
  const asked: DeletionJob[] = [...new Set(opts.job)].map((jobId) => ({ jobId }));
  const { unknown, failed } = await readEach(client, asked);
  const found = asked.filter((job) => !unknown.includes(job.jobId));
  // Several jobs asked for print as a list even when only one was found, so the shape of
  // the document does not depend on which ids the service knows.
  const print = async () => {
    if (found.length === 0) return;
    if (ctx.out.json && asked.length > 1) return ctx.out.jsonDocument(found);
    await printJobs(ctx, found);
  };
  const notFound = unknown.length > 0 ? unknownJobs(unknown, found.length) : undefined;
  if (opts.wait && !failed && found.length > 0) {
    try {
      await waitForDeletions(ctx, client, found, opts.waitTimeout, print);
    } catch (err) {
      if (notFound) ctx.out.warn(notFound.message);
      throw err;
    }
  }
  await print();
  if (failed) {
    if (notFound) ctx.out.warn(notFound.message);
    throw withJobsToFollow(ctx, failed, found);
  }
  if (notFound) throw notFound;
}
