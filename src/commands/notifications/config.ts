import { chunk } from '../../bulk/chunk.js';
import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { notificationsConfigOptions } from './index.js';

type Options = HandlerOptions<typeof notificationsConfigOptions>;

type Config = ResponseOf<'notifications.config.v2'>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const docs = opts.doc?.length ? [...new Set(opts.doc)] : undefined;
  const api = opts.api ?? 'v2';
  if (opts.orgLevel && api === 'v1') {
    throw new UsageError('--org-level needs the v2 API: drop --api v1');
  }
  if (opts.orgLevel && docs) throw new UsageError('give --doc or --org-level, not both');
  if (!opts.orgLevel && !docs) {
    throw new UsageError('give --doc ID (repeatable), or --org-level for the organization');
  }
  const base = { organizationId: opts.org, userId: opts.user };
  const client = await ctx.client();
  const configs: Config = [];
  if (api === 'v2') {
    const op = operation('notifications.config.v2');
    const result = await send<Config>(
      ctx,
      op,
      opts.orgLevel ? { ...base, getOrganizationConfig: true } : { ...base, documentIds: docs },
      { client },
    );
    configs.push(...(result?.data ?? []));
  } else {
    // v1 takes at most 30 documents a call; more are read 30 at a time, in order.
    const op = operation('notifications.config.v1');
    for (const batch of chunk(docs ?? [], op.bulk.maxBatch)) {
      const result = await send<Config>(ctx, op, { ...base, documentIds: batch }, { client });
      configs.push(...(result?.data ?? []));
    }
  }
  await ctx.out.data(configs, operation('notifications.config.v2').table);
}
