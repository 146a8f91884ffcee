import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import type { notificationsAddOptions } from './index.js';

type Options = HandlerOptions<typeof notificationsAddOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const actionUser = {
    userId: opts.from,
    ...(opts.fromName !== undefined && { name: opts.fromName }),
  };
  const result = await send(ctx, operation('notifications.add'), {
    organizationId: opts.org,
    documentId: opts.doc,
    actionUser,
    notifyUsers: [...new Set(opts.to ?? [])].map((userId) => ({ userId })),
    ...(opts.onlyTo === true && { notifyAll: false }),
    ...(opts.headline !== undefined && {
      displayHeadlineMessageTemplate: opts.headline,
      displayHeadlineMessageTemplateData: { actionUser },
    }),
    ...(opts.body !== undefined && { displayBodyMessage: opts.body }),
    ...(opts.id !== undefined && { notificationId: opts.id }),
    ...(opts.verifyAccess === true && { verifyUserPermissions: true }),
    ...(opts.source !== undefined && { notificationSource: opts.source }),
    ...(opts.createOrg === true && { createOrganization: true }),
    ...(opts.createDoc === true && { createDocument: true }),
  });
  if (result) await ctx.out.success(result.message ?? 'Notification added.');
}
