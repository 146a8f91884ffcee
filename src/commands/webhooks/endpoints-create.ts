import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { maskUrlPasswordsIn } from '../../text/url-passwords.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { eventNames, listValues, metadataEntries } from './fields.js';
import type { endpointsCreateOptions } from './index.js';

type Options = HandlerOptions<typeof endpointsCreateOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('webhooks.endpoints.create');
  const data = {
    url: opts.url,
    ...(opts.description !== undefined && { description: opts.description }),
    ...(opts.events !== undefined && { filterTypes: eventNames(opts.events) }),
    ...(opts.channel !== undefined && { channels: listValues(opts.channel, '--channel') }),
    ...(opts.disabled && { disabled: true }),
    ...(opts.rateLimit !== undefined && { rateLimit: opts.rateLimit }),
    ...(opts.uid !== undefined && { uid: opts.uid }),
    ...(opts.metadata !== undefined && { metadata: metadataEntries(opts.metadata) }),
  };
  const result = await send(ctx, op, data);
  if (result) await ctx.out.data(maskUrlPasswordsIn(result.data), op.table);
}
