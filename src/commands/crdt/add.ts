import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import type { crdtUpdateOptions } from './index.js';
import { contentOf } from './update.js';

type Options = HandlerOptions<typeof crdtUpdateOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const data = await contentOf(ctx, opts.type, opts);
  const result = await send(ctx, operation('crdt.add'), {
    organizationId: opts.org,
    documentId: opts.doc,
    editorId: opts.editor,
    type: opts.type,
    data,
    ...(opts.contentKey !== undefined && { contentKey: opts.contentKey }),
  });
  if (result) await ctx.out.success(result.message ?? `Added editor ${opts.editor}.`);
}
