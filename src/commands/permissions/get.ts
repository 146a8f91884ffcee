import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { send } from '../../cli/send.js';

interface Options extends GlobalOptions {
  org: string;
  user: string[];
  folder?: string[];
  doc?: string[];
}

interface Entry {
  accessRole?: string;
  accessType?: string;
  expiresAt?: number;
  errorCode?: string;
}
type UserPermissions = Partial<
  Record<'organization' | 'folders' | 'documents', Record<string, Entry>>
>;

const kinds = [
  ['organization', 'organization'],
  ['folders', 'folder'],
  ['documents', 'document'],
] as const;

/** One row per user × resource, the layout the catalogue's table describes. */
export function permissionRows(data: Record<string, UserPermissions>) {
  return Object.entries(data).flatMap(([userId, perms]) =>
    kinds.flatMap(([member, kind]) =>
      Object.entries(perms[member] ?? {}).map(([resourceId, e]) => ({
        userId,
        kind,
        resourceId,
        accessRole: e.accessRole,
        accessType: e.accessType,
        expiresAt:
          e.expiresAt === undefined ? undefined : new Date(e.expiresAt * 1000).toISOString(),
        errorCode: e.errorCode,
      })),
    ),
  );
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('permissions.get');
  const result = await send<Record<string, UserPermissions>>(ctx, op, {
    organizationId: opts.org,
    userIds: opts.user,
    ...(opts.folder && { folderIds: opts.folder }),
    ...(opts.doc && { documentIds: opts.doc }),
  });
  if (!result) return;
  if (ctx.out.json) return ctx.out.jsonDocument(result.data);
  await ctx.out.rows(permissionRows(result.data ?? {}), op.table);
}
