import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { resourcesOf } from '../permissions/grant.js';
import type { userTokenOptions } from './index.js';
import { printSecret } from './secret-output.js';

type Options = HandlerOptions<typeof userTokenOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const organization = {
    type: 'organization',
    id: opts.org,
    ...(opts.orgRole !== undefined && { accessRole: opts.orgRole }),
  };
  const named =
    opts.doc?.length || opts.folder?.length
      ? resourcesOf(opts, {
          ...(opts.role !== undefined && { accessRole: opts.role }),
          ...(opts.expires !== undefined && { expiresAt: opts.expires }),
        })
      : [];
  const result = await send<{ token: string }>(ctx, operation('auth.userToken'), {
    userId: opts.user,
    userProperties: {
      name: opts.name,
      email: opts.email,
      ...(opts.admin === true && { isAdmin: true }),
    },
    permissions: { resources: [organization, ...named] },
  });
  if (result) printSecret(ctx, result.data.token, 'token', opts.show === true);
}
