import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import type { membersClearOptions } from './index.js';

type Options = HandlerOptions<typeof membersClearOptions>;

/** `deleteAll: true`: the answer names each member it removed, as a bulk answer does. */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('groups.members.remove');
  const result = await send(ctx, op, {
    organizationId: opts.org,
    organizationUserGroupId: opts.group,
    deleteAll: true,
  });
  if (!result) return;
  await ctx.out.data(result.data ?? {}, op.table);
}
