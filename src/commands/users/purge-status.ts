import type { Context } from '../../cli/context.js';
import { OperationFailedError } from '../../errors/errors.js';
import { printJobs, readPurge, waitForDeletions, type DeletionJob } from './purge-job.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { purgeStatusOptions } from './index.js';

type Options = HandlerOptions<typeof purgeStatusOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const client = await ctx.client();
  const jobs: DeletionJob[] = [...new Set(opts.job)].map((jobId) => ({ jobId }));
  const print = () => printJobs(ctx, jobs);
  if (opts.wait) {
    await waitForDeletions(ctx, client, jobs, opts.waitTimeout, print);
    return print();
  }
  let failed: OperationFailedError | undefined;
  for (const job of jobs) {
    try {
      Object.assign(job, await readPurge(client, job.jobId));
    } catch (err) {
      if (!(err instanceof OperationFailedError)) throw err;
      job.failure = err.message;
      failed ??= err;
    }
  }
  await print();
  if (failed) throw failed;
}
