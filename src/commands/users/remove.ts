import { idItems } from '../../bulk/index.js';
import { operation } from '../../catalogue/operations.js';
import { runBulkCommand } from '../../cli/bulk-command.js';
import type { BulkFlags } from '../../cli/bulk-options.js';
import { count } from '../../io/plural.js';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../errors/errors.js';

interface Options extends BulkFlags {
  org: string;
  doc?: string;
  folder?: string;
  user?: string[];
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  if (opts.doc !== undefined && opts.folder !== undefined) {
    throw new UsageError('give --doc or --folder, not both');
  }
  const op = operation('users.remove');
  const from = opts.doc
    ? `document ${opts.doc}`
    : opts.folder
      ? `folder ${opts.folder}`
      : `organization ${opts.org} (all its documents and its contact list)`;
  await runBulkCommand(ctx, opts, {
    op,
    base: {
      organizationId: opts.org,
      ...(opts.doc && { documentId: opts.doc }),
      ...(opts.folder && { folderId: opts.folder }),
    },
    items: idItems(op, 'userId'),
    fromFlags: opts.user,
    itemFlags: '--user',
    flagNames: { userId: '--user' },
    confirm: (n) => `remove ${count(n, 'user')} from ${from}`,
  });
}
