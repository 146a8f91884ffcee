import type { Readable } from 'node:stream';
import { UsageError } from '../errors/errors.js';
import { tempWriteError } from '../io/temp-dir.js';
import { Batcher, type Batch, type BatchLimits, type PreparedItem } from './batches.js';
import { checkingFields, type BulkInput } from './input.js';
import type { BulkFormat } from './read.js';
import { failedAsNotFound, type BulkOutcome, type ItemResult, type ResultMap } from './result.js';
import type { RunProgress } from './run-progress.js';
import { ItemSpool, parseItemJson, type ItemJson } from './item-spool.js';
import { keeps, sendBatches, type Keep, type Progress, type SendBatch } from './send.js';
import { dependenciesFirst } from './order.js';
import { openSource, type BulkSource, type SourceSpec } from './source.js';
import { validateSource } from './validate.js';

/** Batches in flight when the command does not say (`--concurrency`). */
export const DEFAULT_CONCURRENCY = 4;
/** More would only queue on the connection pool and hold more batches in memory. */
export const MAX_CONCURRENCY = 64;

export interface BulkOptions<Item> {
  /** The `--file` value (`-` is stdin), or values a command holds from its flags. */
  source: SourceSpec;
  /** Called, and read, only when `source` is `-` (`OpenOptions.stdin`). */
  stdin?: () => Readable;
  /** Overrides the extension and sniffing. */
  format?: BulkFormat;
  /** What the items are (`objectItems`, `idItems`). */
  describe: BulkInput<Item>;
  /** `--batch-size`: 1 to the operation's `maxBatch`, which is the default. */
  batchSize?: number;
  /** `--allow-unknown-fields`: leave out fields an item may not have, rather than refuse it. */
  allowUnknownFields?: boolean;
  /**
   * Records what the service confirmed, so that a run that stops can be resumed; with
   * `--resume`, what earlier runs confirmed is not sent again.
   */
  progress?: RunProgress<ItemJson>;
  /**
   * Checks against the service what only it knows (that the items name users or documents
   * it has), every item after the first pass, before anything is recorded or sent: it
   * throws a UsageError naming the items by `where` to refuse the run.
   */
  verify?: (items: readonly VerifiedItem[]) => Promise<void>;
}

/** An item as `verify` sees it: its JSON, its result key, and where it came from. */
export interface VerifiedItem {
  item: ItemJson;
  key: string;
  where: string;
}

export interface RunBulkOptions<Item> extends BulkOptions<Item> {
  /** `--concurrency`: batches in flight, 1 to MAX_CONCURRENCY; DEFAULT_CONCURRENCY. */
  concurrency?: number;
  /** Sends the items of a batch, each as the JSON the first pass validated. */
  sendBatch: SendBatch<ItemJson>;
  /**
   * Checks a batch before it is recorded or sent, throwing to refuse it: a run refused here
   * has sent nothing, and leaves no journal.
   */
  checkBatch?: (items: readonly ItemJson[]) => void;
  /**
   * Called once every item is valid and before anything is sent, with the number of
   * items to send (fewer when resuming; not called when that is none): the place to
   * confirm destructive work ("disable 250 documents?"), with the ids of the first few
   * (none when resuming, whose first unsent items are others). Throwing here (a declined
   * confirmation) sends nothing.
   */
  beforeSend?: (total: number, firstIds: readonly string[]) => void | Promise<void>;
  /** Which results `results` holds (see SendOptions). */
  keep?: Keep;
  /** Every result as it is merged, in input order (see SendOptions). */
  onResult?: (key: string, result: ItemResult) => void;
  /** Called as batches are answered, in input order; `total` is known from the first pass. */
  onProgress?: (progress: Progress & { total: number }) => void;
  /**
   * Hands the outcome over (prints the results) before the journal of a finished run is
   * removed: if that fails, as on a full disk, `--resume` still has every result to print.
   */
  deliver?: (outcome: BulkOutcome) => Promise<void>;
}

function wholeNumber(value: number | undefined, fallback: number, max: number, flag: string) {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new UsageError(`${flag} must be a whole number from 1 to ${max}`);
  }
  return n;
}

function batchLimitsOf<Item>(options: BulkOptions<Item>): BatchLimits {
  const max = options.describe.maxBatch;
  return {
    items: wholeNumber(options.batchSize, max, max, '--batch-size'),
    bytes: options.describe.maxBatchBytes,
  };
}

/** What the first pass leaves for the sending pass, or for a plan of it. */
interface ValidatedItems {
  /** The input as opened: what a journal is matched against. */
  source: BulkSource;
  /** The number of items in the input. */
  total: number;
  /** The spooled items, parents before children, numbered by their place in the input. */
  prepared: AsyncIterable<PreparedItem<ItemJson>[]>;
  /** The ids of the first few items, in input order. */
  firstIds: string[];
}

/**
 * Opens the input (spooling stdin), validates every item (throwing one UsageError that
 * lists the invalid ones) while spooling each as the JSON it is sent as, and hands `use`
 * the spooled items in an order where each comes after the one it depends on. A run and
 * its `--dry-run` both go through here, so a plan numbers, orders and batches the items
 * exactly as the run does, `--resume` included.
 */
async function withValidatedItems<Item, Result>(
  options: BulkOptions<Item>,
  use: (validated: ValidatedItems) => Promise<Result>,
): Promise<Result> {
  const describe = checkingFields(options.describe, options.allowUnknownFields === true);
  const source = await openSource(options.source, options);
  let spool: ItemSpool | undefined;
  try {
    spool = await ItemSpool.create();
    let validated: Awaited<ReturnType<typeof validateSource>>;
    try {
      validated = await validateSource(source, describe, spool);
      spool.finish();
    } catch (err) {
      throw tempWriteError(err);
    }
    const { items: total, inOrder, firstIds } = validated;
    if (options.verify) {
      for await (const chunk of spool.records()) {
        await options.verify(chunk.map(({ json, item }) => ({ item: json, ...item })));
      }
    }
    const prepared = inOrder
      ? spool.items()
      : await dependenciesFirst(spool, source.label, describe.dependsOnName);
    return await use({ source, total, prepared, firstIds });
  } finally {
    await options.progress?.close();
    await spool?.remove();
    await source.close();
  }
}

/**
 * The one bulk path: validates and spools every item (`withValidatedItems`), then sends
 * the spooled items in batches with bounded concurrency, parents before children wherever
 * the input lists them. Resolves to the merged results; a batch that fails as a whole
 * (ApiError, TransientError...) rejects with that error once the batches in flight have
 * settled. Pass the outcome to `throwIfAnyFailed` for exit 5. With a journal, a resumed
 * run's earlier results come first, through `onResult` and in the outcome, as if this run
 * had sent them.
 */
export async function runBulk<Item>(options: RunBulkOptions<Item>): Promise<BulkOutcome> {
  const limits = batchLimitsOf(options);
  const concurrency = wholeNumber(
    options.concurrency,
    DEFAULT_CONCURRENCY,
    MAX_CONCURRENCY,
    '--concurrency',
  );
  const { progress, onProgress, onResult } = options;
  const keep = options.keep ?? 'all';
  return withValidatedItems(options, async ({ source, total, prepared, firstIds }) => {
    const toSend = progress ? await progress.open(source, total) : total;
    if (toSend > 0) await options.beforeSend?.(toSend, toSend === total ? firstIds : []);

    const earlier = {
      results: Object.create(null) as ResultMap,
      sent: 0,
      failed: 0,
      notFound: 0,
    } satisfies BulkOutcome;
    await progress?.carryOver((key, result) => {
      earlier.sent++;
      if (!result.success) earlier.failed++;
      if (failedAsNotFound(result)) earlier.notFound++;
      if (keeps(keep, result)) earlier.results[key] = result;
      onResult?.(key, result);
    });
    const { checkBatch } = options;
    const recorded = progress ? progress.recorded(options.sendBatch) : options.sendBatch;
    const outcome = await sendBatches(progress ? progress.unsent(prepared) : prepared, {
      sendBatch: checkBatch
        ? (items, keys, ordinals) => {
            checkBatch(items);
            return recorded(items, keys, ordinals);
          }
        : recorded,
      limits,
      concurrency,
      keep,
      ...(onResult && { onResult }),
      ...(onProgress && {
        onProgress: (p: Progress) =>
          onProgress({ done: earlier.sent + p.done, failed: earlier.failed + p.failed, total }),
      }),
    });
    const merged: BulkOutcome = {
      results: Object.assign(earlier.results, outcome.results),
      sent: earlier.sent + outcome.sent,
      failed: earlier.failed + outcome.failed,
      ...(earlier.notFound + (outcome.notFound ?? 0) > 0 && {
        notFound: earlier.notFound + (outcome.notFound ?? 0),
      }),
    };
    await options.deliver?.(merged);
    await progress?.finish();
    return merged;
  });
}

/**
 * `--dry-run`: validates the input exactly as `runBulk` does and hands each batch it would
 * send to `onBatch` (with a read-only journal, only what `--resume` would send), in the
 * order they may be sent, without sending. Batches are not collected, so a large input can
 * be printed as it is read.
 */
export async function planBatches<Item>(
  options: BulkOptions<Item>,
  onBatch: (batch: Batch<Item>) => void | Promise<void>,
): Promise<{ items: number; batches: number }> {
  const limits = batchLimitsOf(options);
  const { progress } = options;
  return withValidatedItems(options, async ({ source, total, prepared }) => {
    const items = progress ? await progress.open(source, total) : total;
    // The batcher closes batches synchronously; they are handed on after each chunk, so
    // that onBatch may be asynchronous (a slow stdout) without the batcher waiting.
    const closed: Batch<ItemJson>[] = [];
    const batcher = new Batcher<ItemJson>(limits, (batch) => closed.push(batch));
    let batches = 0;
    const handOn = async () => {
      for (const batch of closed.splice(0)) {
        await onBatch({ ...batch, items: batch.items.map((json) => parseItemJson<Item>(json)) });
        batches++;
      }
    };
    for await (const chunk of progress ? progress.unsent(prepared) : prepared) {
      for (const item of chunk) batcher.add(item);
      await handOn();
    }
    batcher.flush();
    await handOn();
    return { items, batches };
  });
}
