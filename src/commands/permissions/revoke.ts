import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { resourcesOf } from './grant.js';
import type { permissionsRevokeOptions } from './index.js';

type Options = HandlerOptions<typeof permissionsRevokeOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const result = await send(ctx, operation('permissions.remove'), {
    userId: opts.user,
    permissions: { resources: resourcesOf(opts) },
  });
  if (result) await ctx.out.success(result.message ?? 'Permissions removed.');
}
