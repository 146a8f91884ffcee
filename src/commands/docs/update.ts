import { objectItems } from '../../bulk/index.js';
import { operation } from '../../catalogue/operations.js';
import { runBulkCommand } from '../../cli/bulk-command.js';
import type { BulkFlags } from '../../cli/bulk-options.js';
import type { Context } from '../../cli/context.js';

interface Options extends BulkFlags {
  org: string;
  doc?: string;
  name?: string;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('documents.update');
  const one = opts.doc !== undefined || opts.name !== undefined;
  await runBulkCommand(ctx, opts, {
    op,
    base: { organizationId: opts.org },
    items: objectItems(op),
    fromFlags: one ? [{ documentId: opts.doc, documentName: opts.name }] : undefined,
    itemFlags: '--doc and --name',
    flagNames: { documentId: '--doc', documentName: '--name' },
  });
}
