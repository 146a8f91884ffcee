import { chunk } from '../../bulk/chunk.js';
import { DEFAULT_BATCH, operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { permissionsGetOptions } from './index.js';

type Options = HandlerOptions<typeof permissionsGetOptions>;

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

/** Adds `more` to `into`: each user's permissions of each kind, by resource id. */
function mergeInto(
  into: Record<string, UserPermissions>,
  more: Record<string, UserPermissions>,
): void {
  for (const [userId, perms] of Object.entries(more)) {
    const user = (into[userId] ??= {});
    for (const [member] of kinds) {
      if (perms[member]) user[member] = { ...user[member], ...perms[member] };
    }
  }
}

/**
 * The lists cut to what one call takes: users in runs of DEFAULT_BATCH, and the folders and
 * documents beside them in runs of the same size, so that every user is asked about every
 * resource once.
 */
function calls(opts: Options) {
  const users = chunk([...new Set(opts.user)], DEFAULT_BATCH);
  const folders = chunk([...new Set(opts.folder ?? [])], DEFAULT_BATCH);
  const docs = chunk([...new Set(opts.doc ?? [])], DEFAULT_BATCH);
  const rounds = Math.max(1, folders.length, docs.length);
  // No user at all still makes one call, for the request's own check to refuse.
  return (users.length > 0 ? users : [[]]).flatMap((userIds) =>
    Array.from({ length: rounds }, (_, i) => ({
      organizationId: opts.org,
      userIds,
      ...(folders[i] && { folderIds: folders[i] }),
      ...(docs[i] && { documentIds: docs[i] }),
    })),
  );
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('permissions.get');
  const client = await ctx.client();
  // More users or resources than one call takes are asked about in several calls.
  const data = Object.create(null) as Record<string, UserPermissions>;
  for (const request of calls(opts)) {
    const result = await send<Record<string, UserPermissions>>(ctx, op, request, { client });
    mergeInto(data, result?.data ?? {});
  }
  if (ctx.out.json) return ctx.out.jsonDocument(ctx.out.limitedMap(data));
  await ctx.out.rows(permissionRows(data), op.table);
}
