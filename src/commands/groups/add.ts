import { objectItems } from '../../bulk/index.js';
import { operation } from '../../catalogue/operations.js';
import { runBulkCommand } from '../../cli/bulk-command.js';
import type { BulkFlags } from '../../cli/bulk-options.js';
import type { Context } from '../../cli/context.js';

interface Options extends BulkFlags {
  org: string;
  id?: string;
  name?: string;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('groups.add');
  const one = opts.id !== undefined || opts.name !== undefined;
  await runBulkCommand(ctx, opts, {
    op,
    base: { organizationId: opts.org },
    items: objectItems(op),
    fromFlags: one ? [{ groupId: opts.id, groupName: opts.name }] : undefined,
    itemFlags: '--id and --name',
    flagNames: { groupId: '--id', groupName: '--name' },
  });
}
