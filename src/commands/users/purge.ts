import { idItems, planBatches, runBulk } from '../../bulk/index.js';
import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { BulkFlags } from '../../cli/bulk-options.js';
import { confirmDestructive } from '../../cli/confirm.js';
import type { Context } from '../../cli/context.js';
import type { WaitFlags } from '../../cli/wait-options.js';
import { printDryRun } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import { count } from '../../io/plural.js';
import { waitForPurge, type PurgeStatus } from './purge-job.js';

interface Options extends BulkFlags, WaitFlags {
  user?: string[];
  org?: string[];
}

type Job = ResponseOf<'users.purge'>;

const table = operation('users.purge').table;
const waitedTable = {
  rows: 'list' as const,
  columns: [
    ...table.columns,
    { header: 'COMPLETED', path: 'isDeleteCompleted' },
    { header: 'TASKS LEFT', path: 'tasksLeft' },
  ],
};

/** One job is one document, as the contract says; more than one batch makes a list. */
function document(jobs: object[]): unknown {
  return jobs.length === 1 ? jobs[0] : jobs;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('users.purge');
  const users = opts.user?.length ? opts.user : undefined;
  if (users && opts.file !== undefined)
    throw new UsageError('give either --user or --file, not both');
  if (!users && opts.file === undefined) {
    throw new UsageError('give --user, or --file PATH (- reads ids from stdin)');
  }
  const client = await ctx.client();
  const base = opts.org?.length ? { organizationIds: opts.org } : {};
  const common = {
    source: users ? { values: users, label: 'the flags' } : (opts.file ?? '-'),
    stdin: ctx.io.stdin,
    describe: idItems(op, 'userId'),
    ...(opts.batchSize !== undefined && { batchSize: opts.batchSize }),
  };

  if (ctx.dryRun) {
    await planBatches(common, (batch) =>
      printDryRun(ctx, client.describe(op, { ...base, userIds: batch.items })),
    );
    return;
  }

  const jobs: Job[] = [];
  await runBulk({
    ...common,
    // One deletion at a time: each is a long job on the service's side.
    concurrency: 1,
    beforeSend: (total) => confirmDestructive(ctx, `delete all data of ${count(total, 'user')}`),
    sendBatch: async (items) => {
      const result = await client.call<Job>(op, { ...base, userIds: items });
      jobs.push(result.data);
      return Object.fromEntries(
        items.map((id) => [id, { success: true, jobId: result.data.jobId }]),
      );
    },
  });

  if (!opts.wait) {
    if (ctx.out.json) ctx.out.jsonDocument(document(jobs));
    else await ctx.out.rows(jobs, { ...table, rows: 'list' });
    return;
  }

  const finished: (Job & Partial<PurgeStatus>)[] = jobs.map((job) => ({ ...job }));
  const print = async () => {
    if (ctx.out.json) ctx.out.jsonDocument(document(finished));
    else await ctx.out.rows(finished, waitedTable);
  };
  for (const [i, job] of jobs.entries()) {
    const status = await waitForPurge(ctx, client, job.jobId, opts.waitTimeout, async (last) => {
      if (last) finished[i] = { ...job, ...last };
      await print();
    });
    finished[i] = { ...job, ...status };
  }
  await print();
}
