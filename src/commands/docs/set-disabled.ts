import { idItems } from '../../bulk/index.js';
import { operation } from '../../catalogue/operations.js';
import { runBulkCommand } from '../../cli/bulk-command.js';
import type { BulkFlags } from '../../cli/bulk-options.js';
import { count } from '../../io/plural.js';
import type { Context } from '../../cli/context.js';

interface Options extends BulkFlags {
  org: string;
  doc?: string[];
}

/** `docs disable` and `docs enable`: one operation, the flag says which way. */
export function forState(disabled: boolean) {
  return async (ctx: Context, opts: Options): Promise<void> => {
    const op = operation('documents.setDisabled');
    await runBulkCommand(ctx, opts, {
      op,
      base: { organizationId: opts.org, disabled },
      items: idItems(op, 'documentId'),
      fromFlags: opts.doc,
      itemFlags: '--doc',
      flagNames: { documentId: '--doc' },
      // Enabling only restores access, so only switching it off is confirmed.
      ...(disabled && {
        confirm: (n: number) =>
          `switch off all access to ${count(n, 'document')} in organization ${opts.org}`,
      }),
    });
  };
}
