import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { sayWaiting } from '../../cli/wait.js';
import { UsageError } from '../../errors/errors.js';
import { resumeCommand, waitForMigration } from './migration.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { docsMigrateOptions } from './index.js';

type Options = HandlerOptions<typeof docsMigrateOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  // The service starts such a migration and only then fails it: refused here, nothing is sent.
  if (opts.to === opts.doc) {
    throw new UsageError(`--to must name a new id: "${opts.to}" is the document's own (--doc)`);
  }
  const client = await ctx.client();
  const started = await send<{ migrationId: string }>(
    ctx,
    operation('documents.migrate'),
    { organizationId: opts.org, documentId: opts.doc, newDocumentId: opts.to },
    { client },
  );
  if (!started) return;
  const id = started.data.migrationId;
  if (!opts.wait) {
    await ctx.out.data(started.data, operation('documents.migrate').table);
    if (!ctx.out.json) ctx.out.info(`Follow it with: ${resumeCommand(ctx, opts.org, id)}`);
    return;
  }
  sayWaiting(ctx, `Migration ${id}`);
  await waitForMigration(ctx, client, opts.org, id, opts.waitTimeout);
}
