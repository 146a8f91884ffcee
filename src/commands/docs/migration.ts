import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { waitFor, waitTimedOut } from '../../cli/wait.js';
import { OperationFailedError } from '../../errors/errors.js';
import type { HttpClient } from '../../http/client.js';

export type Migration = ResponseOf<'documents.migrationStatus'>;

export function resumeCommand(org: string, id: string): string {
  return `svc docs migration-status --org ${org} --id ${id} --wait`;
}

export async function readMigration(
  client: HttpClient,
  org: string,
  id: string,
): Promise<Migration> {
  const result = await client.call<Migration>(operation('documents.migrationStatus'), {
    organizationId: org,
    migrationId: id,
  });
  return result.data;
}

export async function printMigration(ctx: Context, migration: Migration): Promise<void> {
  await ctx.out.data(migration, operation('documents.migrationStatus').table);
}

/**
 * Waits for a migration to end and prints `{migrationId, status}`: exit 0 when completed,
 * 6 when failed, 7 when --wait-timeout passes first (with the last status seen).
 */
export async function waitForMigration(
  ctx: Context,
  client: HttpClient,
  org: string,
  id: string,
  timeout: number | undefined,
): Promise<void> {
  const resume = resumeCommand(org, id);
  const result = await waitFor(ctx, {
    poll: () => readMigration(client, org, id),
    done: (m) => m.status === 'completed' || m.status === 'failed',
    progressKey: (m) => m.status,
    describe: (m) => `Migration ${id}: ${m.status.replace('_', ' ')}`,
    timeout,
    resume,
  });
  const last: Migration = result.state ?? { migrationId: id, status: 'pending' };
  await printMigration(ctx, last);
  if (result.timedOut) throw waitTimedOut(result, last, resume);
  if (last.status === 'failed') {
    throw new OperationFailedError(`migration ${id} failed`, last);
  }
}
