import { objectItems } from '../../bulk/index.js';
import { operation } from '../../catalogue/operations.js';
import { runBulkCommand } from '../../cli/bulk-command.js';
import type { BulkFlags } from '../../cli/bulk-options.js';
import type { Context } from '../../cli/context.js';

interface Options extends BulkFlags {
  org: string;
  id?: string;
  name?: string;
  parent?: string;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('folders.add');
  const one = opts.id !== undefined || opts.name !== undefined;
  await runBulkCommand(ctx, opts, {
    op,
    base: { organizationId: opts.org },
    // A folder whose parent is in the same input is sent after the parent exists.
    items: objectItems(op, { dependsOn: 'parentFolderId' }),
    fromFlags: one
      ? [
          {
            folderId: opts.id,
            folderName: opts.name,
            // `--parent ''` is refused as an empty id, not taken for the top level.
            ...(opts.parent !== undefined && { parentFolderId: opts.parent }),
          },
        ]
      : undefined,
    itemFlags: '--id and --name',
    flagNames: { folderId: '--id', folderName: '--name', parentFolderId: '--parent' },
  });
}
