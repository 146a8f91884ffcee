import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { type ResultMap, throwIfAnyFailed } from '../../bulk/result.js';
import { send } from '../../cli/send.js';
import type { notificationsDeleteOptions } from './index.js';

type Options = HandlerOptions<typeof notificationsDeleteOptions>;

/** Each notification deleted, or named and not found, as the service's per-item map. */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('notifications.delete');
  const result = await send(ctx, op, {
    organizationId: opts.org,
    ...(opts.doc !== undefined && { documentId: opts.doc }),
    ...(opts.location !== undefined && { locationId: opts.location }),
    ...(opts.user !== undefined && { userId: opts.user }),
    ...(opts.id !== undefined && { notificationIds: [...new Set(opts.id)] }),
  });
  if (!result) return;
  const results = (result.data ?? {}) as ResultMap;
  await ctx.out.data(results, op.table);
  // A named notification the filters do not select is a failed item: exit 5, as a bulk run.
  const items = Object.values(results);
  throwIfAnyFailed({ results, sent: items.length, failed: items.filter((r) => !r.success).length });
}
