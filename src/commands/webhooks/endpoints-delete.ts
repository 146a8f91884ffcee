import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import type { endpointOnlyOptions } from './index.js';

type Options = HandlerOptions<typeof endpointOnlyOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('webhooks.endpoints.delete');
  const result = await send(ctx, op, { endpointId: opts.endpoint });
  if (result) await ctx.out.data(result.data, op.table);
}
