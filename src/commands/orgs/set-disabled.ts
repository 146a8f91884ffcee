import { idItems } from '../../bulk/index.js';
import { operation } from '../../catalogue/operations.js';
import { runBulkCommand } from '../../cli/bulk-command.js';
import type { BulkFlags } from '../../cli/bulk-options.js';
import { count } from '../../io/plural.js';
import type { Context } from '../../cli/context.js';

interface Options extends BulkFlags {
  org?: string[];
}

/** `orgs disable` and `orgs enable`: one operation, the flag says which way. */
export function forState(disabled: boolean) {
  return async (ctx: Context, opts: Options): Promise<void> => {
    const op = operation('organizations.setDisabled');
    await runBulkCommand(ctx, opts, {
      op,
      base: { disabled },
      items: idItems(op, 'organizationId'),
      fromFlags: opts.org,
      itemFlags: '--org',
      flagNames: { organizationId: '--org' },
      ...(disabled && {
        confirm: (n: number) =>
          `switch off all access to every document of ${count(n, 'organization')}`,
      }),
    });
  };
}
