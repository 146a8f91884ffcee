import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { emailStatusOptions } from './index.js';

type Options = HandlerOptions<typeof emailStatusOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('workspace.emailStatus');
  const result = await send<{ verified: boolean }>(ctx, op, { ownerEmail: opts.email });
  if (!result) return;
  await ctx.out.data(result.data, op.table);
  if (!ctx.out.json && result.message) ctx.out.info(result.message);
}
