import { planBatches, type BulkOptions } from '../bulk/index.js';
import { overwriteReason } from '../catalogue/destructive.js';
import type { Operation } from '../catalogue/types.js';
import type { HttpClient } from '../http/client.js';
import type { JsonSpool } from '../io/json-spool.js';
import { count } from '../io/plural.js';
import type { Context } from './context.js';
import { printRequest } from './send.js';

/**
 * `--dry-run` of a bulk command: every request it would send, with nothing sent. Under
 * `--json` that is one document, an array of the requests, as any `--json` prints one
 * document; otherwise each request in turn and one notice at the end.
 */
export async function printBulkDryRun<Item>(
  ctx: Context,
  client: HttpClient,
  op: Operation,
  options: BulkOptions<Item>,
  dataFor: (items: readonly Item[]) => unknown,
): Promise<void> {
  let spool: JsonSpool | undefined;
  try {
    spool = ctx.out.json ? await ctx.out.jsonSpool('array') : undefined;
    const { items, batches } = await planBatches(options, (batch) => {
      const data = dataFor(batch.items);
      const request = client.describe(op, data);
      const replaces = overwriteReason(op, data as Readonly<Record<string, unknown>>);
      if (spool)
        spool.add({ dryRun: true, ...request, ...(replaces !== undefined && { replaces }) });
      else {
        printRequest(ctx, request);
        if (replaces !== undefined) {
          ctx.out.info(`dry run: this request would replace existing content: ${replaces}`);
        }
      }
    });
    if (spool) {
      await spool.print();
      return;
    }
    ctx.out.info(
      `dry run: ${count(items, 'item')} in ${count(batches, 'request')}; nothing was sent`,
    );
  } finally {
    await spool?.discard();
  }
}
