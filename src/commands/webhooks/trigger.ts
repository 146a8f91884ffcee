import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { ADMIN_TOKEN_VAR } from '../../emulator/launch.js';
import { UsageError } from '../../errors/errors.js';
import type { triggerOptions } from './index.js';

type Options = HandlerOptions<typeof triggerOptions>;

/** The emulator's route that emits a sample event (docs/webhooks.md). */
const TRIGGER_PATH = '/_emulator/webhooks/trigger';

export async function run(ctx: Context, opts: Options, [event]: string[]): Promise<void> {
  if (ctx.dryRun)
    throw new UsageError(
      'svc webhooks trigger has no --dry-run: it only asks the emulator to send',
    );
  const client = await ctx.client();
  // An emulator's admin routes ask for its token (svc emulator exec and start --detach hand
  // it on); it is a secret like the credentials, so the redactor hides it too.
  const adminToken = ctx.env[ADMIN_TOKEN_VAR] || undefined;
  ctx.redactor.add(adminToken);
  const answer = await client.raw(
    {
      path: TRIGGER_PATH,
      auth: 'key',
      envelope: 'standard',
      idempotent: false,
      slow: false,
      ...(adminToken !== undefined && { adminToken }),
    },
    {
      event,
      ...(opts.org !== undefined && { organizationId: opts.org }),
      ...(opts.doc !== undefined && { documentId: opts.doc }),
    },
  );
  const result = answer.body as { webhookId: string; event: string; deliveries: number };
  await ctx.out.data(result, {
    rows: 'record',
    columns: [
      { header: 'MESSAGE', path: 'webhookId' },
      { header: 'EVENT', path: 'event' },
      { header: 'DELIVERIES', path: 'deliveries' },
    ],
  });
}
