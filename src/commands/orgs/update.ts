import { objectItems } from '../../bulk/index.js';
import { operation } from '../../catalogue/operations.js';
import { runBulkCommand } from '../../cli/bulk-command.js';
import type { BulkFlags } from '../../cli/bulk-options.js';
import type { Context } from '../../cli/context.js';

interface Options extends BulkFlags {
  org?: string;
  name?: string;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('organizations.update');
  const one = opts.org !== undefined || opts.name !== undefined;
  await runBulkCommand(ctx, opts, {
    op,
    base: {},
    items: objectItems(op),
    fromFlags: one ? [{ organizationId: opts.org, organizationName: opts.name }] : undefined,
    itemFlags: '--org and --name',
    flagNames: { organizationId: '--org', organizationName: '--name' },
  });
}
