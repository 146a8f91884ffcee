import { chunk } from '../../bulk/chunk.js';
import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { emptyListingNote, requireEveryId } from '../../io/listing.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { docsListOptions } from './index.js';

const DOCUMENTS = { one: 'Document', many: 'Documents' };

type Options = HandlerOptions<typeof docsListOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('documents.get');
  const client = await ctx.client();
  const ids = opts.doc ? [...new Set(opts.doc)] : undefined;
  // The service takes at most 30 ids a call; more are fetched 30 at a time, in order.
  const batches = ids ? chunk(ids, op.bulk.maxBatch) : [undefined];
  const documents: unknown[] = [];
  for (const batch of batches) {
    const result = await send<unknown[]>(
      ctx,
      op,
      { organizationId: opts.org, ...(batch && { documentIds: batch }) },
      { client },
    );
    if (result) documents.push(...(result.data ?? []));
  }
  if (!ids && documents.length === 0) {
    ctx.out.nothingListed(emptyListingNote('documents', opts.org));
  }
  // What was found is printed even when some ids were not (as `kubectl get` does; under
  // --json the array of the found documents); the missing ones are named on stderr after
  // it, with exit 4. When none of the ids was found there is no result, only the error.
  if (!ids || documents.length > 0) await ctx.out.data(documents, op.table);
  if (ids) {
    requireEveryId(
      DOCUMENTS,
      ids,
      documents.map((d) => (d as { id?: unknown }).id).filter((id) => typeof id === 'string'),
      `organization ${opts.org}`,
    );
  }
}
