import type { Context } from '../../cli/context.js';
import { failureLine, printMigration, readMigration, waitForMigration } from './migration.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { migrationStatusOptions } from './index.js';

type Options = HandlerOptions<typeof migrationStatusOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const client = await ctx.client();
  if (opts.wait) return waitForMigration(ctx, client, opts.org, opts.id, opts.waitTimeout);
  const { migration, message } = await readMigration(client, opts.org, opts.id);
  await printMigration(ctx, migration);
  if (migration.status === 'failed' && !ctx.out.json) ctx.out.info(failureLine(opts.id, message));
}
