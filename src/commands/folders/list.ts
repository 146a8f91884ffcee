import { operation } from '../../catalogue/operations.js';
import type { Folder } from '../../catalogue/models.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { emptyListingNote } from '../../io/listing.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { foldersListOptions } from './index.js';

type Options = HandlerOptions<typeof foldersListOptions>;

interface FolderRow extends Folder {
  depth: number;
}

/**
 * Folders in tree order with their depth: nested `subFolders` are walked depth first, and
 * a flat list is ordered by `parentFolderId` so children follow their parent.
 */
export function treeRows(folders: Folder[]): FolderRow[] {
  const rows: FolderRow[] = [];
  const walk = (list: Folder[], depth: number) => {
    for (const f of list) {
      rows.push({ ...f, depth });
      if (f.subFolders) walk(f.subFolders, depth + 1);
    }
  };
  const ids = new Set(folders.map((f) => f.folderId));
  const children = new Map<string, Folder[]>();
  const roots: Folder[] = [];
  for (const f of folders) {
    if (ids.has(f.parentFolderId) && f.parentFolderId !== f.folderId) {
      children.set(f.parentFolderId, [...(children.get(f.parentFolderId) ?? []), f]);
    } else {
      roots.push(f);
    }
  }
  const attach = (f: Folder): Folder => {
    const kids = children.get(f.folderId);
    return kids && !f.subFolders ? { ...f, subFolders: kids.map(attach) } : f;
  };
  walk(roots.map(attach), 0);
  return rows;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const { maxDepth } = opts;
  const op = operation('folders.get');
  const result = await send<Folder[]>(ctx, op, {
    organizationId: opts.org,
    ...(opts.folder && { folderId: opts.folder }),
    ...(maxDepth !== undefined && { maxDepth }),
  });
  if (!result) return;
  if (ctx.out.json) return ctx.out.jsonDocument(result.data);
  if (!result.data?.length) ctx.out.nothingListed(emptyListingNote('folders', opts.org));
  const rows = treeRows(result.data ?? []).map((r) => ({
    ...r,
    // Indentation shows the tree to a person; piped lines stay plain fields.
    folderName: ctx.io.stdoutIsTTY ? `${'  '.repeat(r.depth)}${r.folderName}` : r.folderName,
  }));
  await ctx.out.rows(rows, op.table);
}
