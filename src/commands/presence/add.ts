import { objectItems } from '../../bulk/index.js';
import { operation } from '../../catalogue/operations.js';
import { runBulkCommand } from '../../cli/bulk-command.js';
import type { BulkFlags } from '../../cli/bulk-options.js';
import type { Context } from '../../cli/context.js';

interface Options extends BulkFlags {
  org: string;
  doc: string;
  user?: string;
  name?: string;
  email?: string;
  status?: string;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('presence.add');
  const one = [opts.user, opts.name, opts.email, opts.status].some((v) => v !== undefined);
  await runBulkCommand(ctx, opts, {
    op,
    base: { organizationId: opts.org, documentId: opts.doc },
    items: objectItems(op),
    fromFlags: one
      ? [{ userId: opts.user, name: opts.name, email: opts.email, status: opts.status }]
      : undefined,
    itemFlags: '--user',
    flagNames: { userId: '--user', name: '--name', email: '--email', status: '--status' },
    // The service answers `{success}` once per request.
    batchAnswer: true,
  });
}
