import { failedFirst, throwIfAnyFailed, type ResultMap } from '../../bulk/index.js';
import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { activitiesDeleteOptions } from './index.js';

type Options = HandlerOptions<typeof activitiesDeleteOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const ids = opts.id?.length ? [...new Set(opts.id)] : undefined;
  if (!ids && opts.doc === undefined && opts.target === undefined) {
    throw new UsageError('give --id, --doc or --target: what to delete');
  }
  const op = operation('activities.delete');
  const data = {
    organizationId: opts.org,
    ...(opts.doc !== undefined && { documentId: opts.doc }),
    ...(ids && { activityIds: ids }),
    ...(opts.target !== undefined && { targetEntityId: opts.target }),
  };
  // Validated before asking, so that a bad flag is reported rather than confirmed.
  const client = await ctx.client();
  client.describe(op, data);
  await ctx.confirmation.confirm(ids ? { count: ids.length, ids } : {});
  const result = await send<ResultMap>(ctx, op, data, { client });
  if (!result) return;
  const results = result.data ?? {};
  const outcome = {
    results,
    sent: Object.keys(results).length,
    failed: Object.values(results).filter((r) => !r.success).length,
  };
  if (ctx.out.json) ctx.out.jsonDocument(results);
  else if (outcome.sent === 0) ctx.out.info('no activity logs matched: nothing was deleted');
  else await ctx.out.rows(failedFirst(results), op.table);
  throwIfAnyFailed(outcome);
}
