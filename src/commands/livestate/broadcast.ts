import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import { dataFlagName, parseJsonArg, requireDataFlags } from '../../io/input.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { broadcastOptions } from './index.js';

type Options = HandlerOptions<typeof broadcastOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('livestate.broadcast');
  const flag = dataFlagName(opts);
  const data = await parseJsonArg(await requireDataFlags(opts, ctx.io.stdin), flag);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError(`${flag} must be a JSON object, e.g. '{"x": 1}'`);
  }
  const result = await send(ctx, op, {
    organizationId: opts.org,
    documentId: opts.doc,
    liveStateDataId: opts.id,
    data,
    merge: opts.merge === true,
  });
  if (!result) return;
  if (ctx.out.json) ctx.out.jsonDocument(result.data);
  else ctx.out.info(`Broadcast ${opts.id} to document ${opts.doc}${opts.merge ? ' (merged)' : ''}`);
}
