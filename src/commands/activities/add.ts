import { objectItems, type WireObject } from '../../bulk/index.js';
import { operation } from '../../catalogue/operations.js';
import { runBulkCommand } from '../../cli/bulk-command.js';
import type { BulkFlags } from '../../cli/bulk-options.js';
import type { Context } from '../../cli/context.js';

interface Options extends BulkFlags {
  org: string;
  doc: string;
  id?: string;
  featureType?: string;
  actionType?: string;
  user?: string;
  userName?: string;
  userEmail?: string;
  target?: string;
  message?: string;
}

/** The one activity the flags describe; validated like a file's items, so gaps are named. */
function activityFromFlags(opts: Options): WireObject | undefined {
  const given = [
    opts.id,
    opts.featureType,
    opts.actionType,
    opts.user,
    opts.userName,
    opts.userEmail,
    opts.target,
    opts.message,
  ].some((v) => v !== undefined);
  if (!given) return undefined;
  const actionUser = {
    ...(opts.user !== undefined && { userId: opts.user }),
    ...(opts.userName !== undefined && { name: opts.userName }),
    ...(opts.userEmail !== undefined && { email: opts.userEmail }),
  };
  return {
    ...(opts.id !== undefined && { id: opts.id }),
    ...(opts.featureType !== undefined && { featureType: opts.featureType }),
    ...(opts.actionType !== undefined && { actionType: opts.actionType }),
    ...(Object.keys(actionUser).length > 0 && { actionUser }),
    ...(opts.target !== undefined && { targetEntityId: opts.target }),
    ...(opts.message !== undefined && { displayMessageTemplate: opts.message }),
  };
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('activities.add');
  const one = activityFromFlags(opts);
  await runBulkCommand(ctx, opts, {
    op,
    base: { organizationId: opts.org, documentId: opts.doc },
    items: objectItems(op),
    fromFlags: one && [one],
    itemFlags: '--feature-type, --action-type and --user',
    flagNames: {
      id: '--id',
      featureType: '--feature-type',
      actionType: '--action-type',
      actionUser: '--user',
      'actionUser.userId': '--user',
      'actionUser.name': '--user-name',
      'actionUser.email': '--user-email',
      targetEntityId: '--target',
      displayMessageTemplate: '--message',
    },
    // The service answers once per request, not per activity.
    batchAnswer: true,
    // Activities with ids overwrite themselves when sent twice; others would be duplicated.
    idempotent: (items) => items.every((a) => typeof a.id === 'string'),
  });
}
