import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { printedCommand, type Invocation } from '../../cli/printed-command.js';
import { waitFor, waitTimedOut } from '../../cli/wait.js';
import { CancelledError, OperationFailedError, TransientError } from '../../errors/errors.js';
import type { HttpClient } from '../../http/client.js';
import { failureLine, readMigration, type Migration } from '../../jobs/migration-status.js';

export { failureLine, readMigration, type Migration };

export function resumeCommand(invocation: Invocation, org: string, id: string): string {
  return printedCommand(invocation, [
    'docs',
    'migration-status',
    '--org',
    org,
    '--id',
    id,
    '--wait',
  ]);
}

export async function printMigration(ctx: Context, migration: Migration): Promise<void> {
  await ctx.out.data(migration, operation('documents.migrationStatus').table);
}

/**
 * Waits for a migration to end and prints `{migrationId, status}`: exit 0 when completed,
 * 6 when failed, 7 when --wait-timeout passes first (with the last status seen). A wait
 * that ends before the migration does for any other reason (Ctrl-C, SIGTERM, a service
 * that cannot be reached) prints `{migrationId}` alone: its id is what a script needs to
 * resume, and its status is not known.
 */
export async function waitForMigration(
  ctx: Context,
  client: HttpClient,
  org: string,
  id: string,
  timeout: number | undefined,
): Promise<void> {
  const resume = resumeCommand(ctx, org, id);
  let result;
  try {
    result = await waitFor(ctx, {
      poll: () => readMigration(client, org, id),
      done: ({ migration: m }) => m.status === 'completed' || m.status === 'failed',
      progressKey: ({ migration: m }) => m.status,
      describe: ({ migration: m }) => `Migration ${id}: ${m.status.replace('_', ' ')}`,
      subject: () => `migration ${id}`,
      timeout,
      resume: () => resume,
    });
  } catch (err) {
    const goesOn = err instanceof CancelledError || err instanceof TransientError;
    if (goesOn) await ctx.out.data({ migrationId: id }, operation('documents.migrate').table);
    throw err;
  }
  const last: Migration = result.state?.migration ?? { migrationId: id, status: 'pending' };
  await printMigration(ctx, last);
  if (result.timedOut) throw waitTimedOut(result, last, resume);
  if (last.status === 'failed') {
    throw new OperationFailedError(failureLine(id, result.state?.message), last);
  }
}
