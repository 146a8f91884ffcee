import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { maskUrlPasswordsIn } from '../../text/url-passwords.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import { eventNames, listValues, metadataEntries } from './fields.js';
import type { endpointsUpdateOptions } from './index.js';

type Options = HandlerOptions<typeof endpointsUpdateOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  if (opts.enable && opts.disable) throw new UsageError('give --enable or --disable, not both');
  const op = operation('webhooks.endpoints.update');
  const changes = {
    ...(opts.url !== undefined && { url: opts.url }),
    ...(opts.description !== undefined && { description: opts.description }),
    ...(opts.events !== undefined && { filterTypes: eventNames(opts.events) }),
    ...(opts.channel !== undefined && { channels: listValues(opts.channel, '--channel') }),
    ...(opts.enable && { disabled: false }),
    ...(opts.disable && { disabled: true }),
    ...(opts.rateLimit !== undefined && { rateLimit: opts.rateLimit }),
    ...(opts.metadata !== undefined && { metadata: metadataEntries(opts.metadata) }),
  };
  if (Object.keys(changes).length === 0) {
    throw new UsageError(
      'nothing to change: give --url, --events, --enable, --disable or another setting',
    );
  }
  const result = await send(ctx, op, { endpointId: opts.endpoint, ...changes });
  if (result) await ctx.out.data(maskUrlPasswordsIn(result.data), op.table);
}
