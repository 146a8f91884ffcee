import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { maskUrlPasswordsIn } from '../../text/url-passwords.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import type { configGetOptions } from './index.js';

type Options = HandlerOptions<typeof configGetOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation(opts.advanced ? 'webhooks.advancedConfig.get' : 'webhooks.config.get');
  const result = await send(ctx, op, {});
  if (!result) return;
  await ctx.out.data(maskUrlPasswordsIn(result.data), op.table);
}
