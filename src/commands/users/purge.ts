import { idItems, planBatches } from '../../bulk/index.js';
import { operation, type ResponseOf } from '../../catalogue/operations.js';
import { printBulkDryRun } from '../../cli/bulk-dry-run.js';
import type { Context } from '../../cli/context.js';
import { printedCommand } from '../../cli/printed-command.js';
import { sayWaiting } from '../../cli/wait.js';
import { OutcomeUnknownError, SvcError, UsageError } from '../../errors/errors.js';
import { count, someIds } from '../../io/plural.js';
import {
  addHint,
  printJobs,
  waitForDeletions,
  withJobsToFollow,
  type DeletionJob,
} from './purge-job.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { purgeOptions } from './index.js';

type Options = HandlerOptions<typeof purgeOptions>;

type Started = ResponseOf<'users.purge'>;

const startedColumns = operation('users.purge').table.columns;
const waitedColumns = [
  ...startedColumns,
  { header: 'COMPLETED', path: 'isDeleteCompleted' },
  { header: 'TASKS LEFT', path: 'tasksLeft' },
  { header: 'FAILURE', path: 'failure', wraps: true },
];

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
    source: users
      ? { values: users, label: 'the flags', flags: { userId: '--user' } }
      : (opts.file ?? '-'),
    stdin: () => ctx.io.stdin,
    describe: idItems(op, 'userId', opts.header === undefined ? {} : { header: opts.header }),
    ...(opts.allowUnknownFields && { allowUnknownFields: true }),
    ...(opts.batchSize !== undefined && { batchSize: opts.batchSize }),
  };

  // A person at a terminal would otherwise face a silent wait for input.
  if (!users && opts.file === '-' && ctx.io.stdinIsTTY) {
    ctx.out.info(
      'Reading user ids from stdin, one a line; press Ctrl-D on a line of its own to end them.',
    );
  }

  if (ctx.dryRun) {
    await printBulkDryRun(ctx, client, op, common, (items) => ({ ...base, userIds: items }));
    return;
  }

  // The ids are read and checked in full first: the confirmation names them, and a run that
  // stops part way can say exactly who was not handled.
  const batches: string[][] = [];
  await planBatches(common, (batch) => {
    batches.push([...batch.items]);
  });
  const userIds = batches.flat();
  if (userIds.length > 0) await ctx.confirmation.confirm({ count: userIds.length, ids: userIds });

  // One deletion at a time: each is a long job on the service's side.
  const jobs: DeletionJob[] = [];
  for (const [i, batch] of batches.entries()) {
    try {
      const { data } = await client.call<Started>(op, { ...base, userIds: batch });
      jobs.push({ jobId: data.jobId, tasksCount: data.tasksCount });
    } catch (err) {
      if (jobs.length > 0) await printJobs(ctx, jobs, startedColumns);
      const followed = withJobsToFollow(ctx, err, jobs);
      // Its answer was lost: the deletion may have started, and purging again starts another.
      if (err instanceof OutcomeUnknownError) {
        throw withUsersLeft(
          ctx,
          opts,
          withLostJob(ctx, opts, followed, batch),
          batches.slice(i + 1).flat(),
        );
      }
      throw withUsersLeft(ctx, opts, followed, batches.slice(i).flat());
    }
  }

  warnOfUsersWithoutData(ctx, batches, jobs, opts.org);
  if (!opts.wait) return printJobs(ctx, jobs, startedColumns);
  const print = () => printJobs(ctx, jobs, waitedColumns);
  const ids = jobs.map((job) => job.jobId).join(', ');
  if (jobs.length > 0)
    sayWaiting(
      ctx,
      `User-data deletion ${jobs.length === 1 ? 'job' : 'jobs'} ${ids}`,
      jobs.length > 1,
    );
  await waitForDeletions(ctx, client, jobs, opts.waitTimeout, print);
  await print();
}

/**
 * A deletion of no tasks found nothing of its users: most likely ids that are not users (a
 * header line, a typo) or the wrong organizations. The answer counts tasks (organizations
 * with data, or those named) per request, so only a request that found nothing at all can
 * name its users.
 */
function warnOfUsersWithoutData(
  ctx: Context,
  batches: readonly string[][],
  jobs: readonly DeletionJob[],
  orgs: readonly string[] | undefined,
): void {
  const none = batches.filter((_, i) => jobs[i]?.tasksCount === 0).flat();
  if (none.length === 0) return;
  const where = orgs?.length ? ` in ${orgs.join(', ')}` : '';
  ctx.out.warn(
    `no data to delete for ${count(none.length, 'user')}${where}: ${someIds(none)}; check the ids${where ? ' and --org' : ''}`,
  );
}

/**
 * Adds to the error of a deletion request whose answer was lost how to find the job it may
 * have started, before the command that would start a second one.
 */
function withLostJob(ctx: Context, opts: Options, error: unknown, users: string[]): unknown {
  if (!(error instanceof SvcError)) return error;
  return addHint(
    error,
    [
      `the deletion for ${count(users.length, 'user')} (${someIds(users)}) may have started a job whose id never arrived; purging them again starts a second one`,
      'look for that job first (an emulator lists its jobs at /_emulator/jobs and in its web UI, /_emulator/ui/), and follow it with `svc users purge-status --job` and its id',
      `only if no job was started, delete their data with: ${rerunCommand(ctx, opts, users)}`,
    ].join('\n'),
  );
}

/** Adds to the error of a run that stopped part way the users it never asked to delete. */
function withUsersLeft(ctx: Context, opts: Options, error: unknown, left: string[]): unknown {
  if (!(error instanceof SvcError) || left.length === 0) return error;
  return addHint(
    error,
    `${count(left.length, 'user')} not yet handled; delete their data with: ${rerunCommand(ctx, opts, left)}`,
  );
}

/** The purge of `users` alone, as this run was asked for. */
function rerunCommand(ctx: Context, opts: Options, users: readonly string[]): string {
  return printedCommand(ctx, [
    'users',
    'purge',
    '--user',
    users.join(','),
    ...(opts.org?.length ? ['--org', opts.org.join(',')] : []),
    ...(ctx.yes ? ['--yes'] : []),
    ...(opts.wait ? ['--wait'] : []),
  ]);
}
