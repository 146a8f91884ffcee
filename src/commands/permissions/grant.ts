import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import type { permissionsGrantOptions } from './index.js';

type Options = HandlerOptions<typeof permissionsGrantOptions>;

/**
 * The resources `--doc` and `--folder` name in organization `--org`, or the organization
 * itself when they name none, each with what `more` adds (a role and an end, for a grant).
 */
export function resourcesOf(
  opts: { org: string; doc?: string[] | undefined; folder?: string[] | undefined },
  more: Record<string, unknown> = {},
): Record<string, unknown>[] {
  const inOrg = (type: 'document' | 'folder') => (id: string) => ({
    type,
    id,
    organizationId: opts.org,
    ...more,
  });
  const named = [
    ...[...new Set(opts.folder ?? [])].map(inOrg('folder')),
    ...[...new Set(opts.doc ?? [])].map(inOrg('document')),
  ];
  return named.length > 0 ? named : [{ type: 'organization', id: opts.org, ...more }];
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const result = await send(ctx, operation('permissions.add'), {
    user: { userId: opts.user },
    permissions: {
      resources: resourcesOf(opts, {
        ...(opts.role !== undefined && { accessRole: opts.role }),
        ...(opts.expires !== undefined && { expiresAt: opts.expires }),
      }),
    },
  });
  if (result) await ctx.out.success(result.message ?? 'Permissions added.');
}
