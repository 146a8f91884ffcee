import {
  Batcher,
  OPEN_LEVELS,
  type Batch,
  type BatchLimits,
  type PreparedItem,
} from './batches.js';
import { failedAsNotFound, type BulkOutcome, type ItemResult, type ResultMap } from './result.js';

/**
 * Sends one batch and answers with its per-item results keyed like `keys` (the item ids,
 * or `line N` for items without one); `ordinals` are the items' positions in the input.
 * Supplied by the command, so this module knows nothing of HTTP; a rejection ends the run
 * with that error.
 */
export type SendBatch<Item> = (
  items: readonly Item[],
  keys: readonly string[],
  ordinals: readonly number[],
) => Promise<Record<string, ItemResult>>;

export type Keep = 'all' | 'failed' | 'none';

export interface Progress {
  /** Items answered so far. */
  done: number;
  failed: number;
}

export interface SendOptions<Item> {
  sendBatch: SendBatch<Item>;
  /** Largest batch, by items and by bytes. */
  limits: BatchLimits;
  /** Batches in flight at once. */
  concurrency: number;
  /**
   * What `results` holds: `failed` keeps only the failed items' results and `none` keeps
   * nothing (every item is still counted), so that memory stays flat on a million-item
   * import whose results are written out through `onResult` as they come.
   */
  keep?: Keep;
  /** Called for every result as it is merged, in input order, whatever `keep` says. */
  onResult?: (key: string, result: ItemResult) => void;
  /** Called as results are merged, which is in input order. */
  onProgress?: (progress: Progress) => void;
}

/** An item the service's answer does not mention cannot be taken as done. */
const noResult = (): ItemResult => ({
  success: false,
  message: 'the service returned no result for this item',
});

/** The result of the item keyed `key` in a batch's answer. */
export function resultOf(answer: Record<string, ItemResult>, key: string): ItemResult {
  return (Object.hasOwn(answer, key) && answer[key]) || noResult();
}

/** Whether a run that keeps `keep` holds on to `result`. */
export function keeps(keep: Keep, result: ItemResult): boolean {
  return keep === 'all' || (keep === 'failed' && !result.success);
}

interface Slot<Item> {
  batch: Batch<Item>;
  /** Earlier batches holding ids this one depends on; emptied when it starts. */
  waitsFor: Slot<Item>[];
  state: 'queued' | 'sending' | 'done';
  answer?: Record<string, ItemResult>;
  /** How many of its results have been merged. */
  merged: number;
}

/**
 * Cuts items into batches (batches.ts), sends them with at most `concurrency` in flight,
 * and merges the results in input order.
 *
 * Memory is bounded by a window of closed batches not yet fully merged: items are pulled
 * from the iterator only while it has room. Answers that arrive early, or ahead of an
 * earlier item still waiting, wait in it. A batch starts as soon as every batch holding one
 * of its dependencies has completed, so independent later batches overtake a waiting one.
 *
 * Why this cannot stall: a batch depends only on batches closed before it, so the oldest
 * closed batch not done has all its dependencies done and is sending or can start. The
 * window could still fill with done batches waiting for an item that is in no closed batch
 * yet, but such an item is closed within OPEN_LEVELS - 1 batches of being read (the
 * batcher closes from the lowest level up), and every batch closed before it was read is
 * merged; the window is larger than that, so a full window always has a batch in flight.
 */
export async function sendBatches<Item>(
  items: AsyncIterable<readonly PreparedItem<Item>[]>,
  options: SendOptions<Item>,
): Promise<BulkOutcome> {
  const { sendBatch, concurrency, onResult } = options;
  const keep = options.keep ?? 'all';
  const limit = 2 * concurrency + OPEN_LEVELS;
  const results = Object.create(null) as ResultMap;
  let done = 0;
  let failed = 0;
  let notFound = 0;

  const window: Slot<Item>[] = [];
  // Ids of the closed batches that have not completed, so that a later batch can find
  // what it must wait for; an id absent here is done, still open, or not in this input.
  const unfinished = new Map<string, Slot<Item>>();
  // Done batches by the input position of their next result to merge.
  const heads = new Map<number, Slot<Item>>();
  let inFlight = 0;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const changed = () => new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    wake?.();
    wake = undefined;
  };

  const mergeOne = (slot: Slot<Item>) => {
    const key = slot.batch.keys[slot.merged++] as string;
    const result = resultOf(slot.answer ?? {}, key);
    if (!result.success) failed++;
    if (failedAsNotFound(result)) notFound++;
    if (keeps(keep, result)) results[key] = result;
    onResult?.(key, result);
    done++;
  };

  /**
   * Members the service added beyond the items sent are kept, not counted, and never
   * replace an item's own result. Only a run that keeps every result can tell a stray
   * member from an item merged earlier, so the others, and `onResult`, leave them out.
   */
  const mergeExtras = (slot: Slot<Item>) => {
    const answer = slot.answer ?? {};
    const asked = new Set(slot.batch.keys);
    for (const [key, result] of Object.entries(answer)) {
      if (!asked.has(key) && !Object.hasOwn(results, key)) results[key] = result;
    }
  };

  const mergeReady = () => {
    const before = done;
    for (let slot = heads.get(done); slot; slot = heads.get(done)) {
      heads.delete(done);
      mergeOne(slot);
      const next = slot.batch.positions[slot.merged];
      if (next !== undefined) {
        heads.set(next, slot);
        continue;
      }
      if (keep === 'all') mergeExtras(slot);
      slot.answer = undefined;
      window.splice(window.indexOf(slot), 1);
    }
    if (done > before) options.onProgress?.({ done, failed });
  };

  const complete = (slot: Slot<Item>, answer: Record<string, ItemResult>) => {
    slot.state = 'done';
    slot.answer = answer;
    inFlight--;
    for (const key of slot.batch.keys) {
      if (unfinished.get(key) === slot) unfinished.delete(key);
    }
    heads.set(slot.batch.positions[0] as number, slot);
    mergeReady();
    dispatch();
    notify();
  };

  const start = (slot: Slot<Item>) => {
    slot.state = 'sending';
    slot.waitsFor = [];
    inFlight++;
    // Through a promise, so that a sendBatch that throws instead of rejecting ends the
    // run the same way.
    new Promise<Record<string, ItemResult>>((resolve) =>
      resolve(sendBatch(slot.batch.items, slot.batch.keys, slot.batch.ordinals)),
    )
      .then((answer) => complete(slot, answer))
      .catch((error: unknown) => {
        if (slot.state === 'sending') inFlight--;
        slot.state = 'done';
        failure ??= { error };
        notify();
      });
  };

  function dispatch(): void {
    for (const slot of window) {
      if (failure || inFlight >= concurrency) return;
      if (slot.state === 'queued' && slot.waitsFor.every((s) => s.state === 'done')) start(slot);
    }
  }

  const batcher = new Batcher<Item>(options.limits, (batch) => {
    const waitsFor = new Set<Slot<Item>>();
    for (const id of batch.needs) {
      const holder = unfinished.get(id);
      if (holder) waitsFor.add(holder);
    }
    const slot: Slot<Item> = { batch, waitsFor: [...waitsFor], state: 'queued', merged: 0 };
    for (const key of batch.keys) unfinished.set(key, slot);
    window.push(slot);
    dispatch();
  });

  const iterator = items[Symbol.asyncIterator]();
  let exhausted = false;
  try {
    let chunk: readonly PreparedItem<Item>[] = [];
    let next = 0;
    while (!failure) {
      if (window.length >= limit) {
        // The reasoning above says this cannot be; if it ever were, fail loudly rather
        // than wait forever.
        if (inFlight === 0) throw new Error('internal error: bulk sending stalled');
        await changed();
        continue;
      }
      if (next < chunk.length) {
        batcher.add(chunk[next++] as PreparedItem<Item>);
        continue;
      }
      const read = await iterator.next();
      if (read.done) {
        exhausted = true;
        break;
      }
      chunk = read.value;
      next = 0;
    }
    if (!failure) batcher.flush();
    while (!failure && window.length > 0) await changed();
  } catch (error) {
    // Reading the spool failed (a disk error): stop as a send failure does.
    failure ??= { error };
  } finally {
    // Never leave requests running behind the caller's back, whatever ended the run.
    while (inFlight > 0) await changed();
    if (!exhausted) await iterator.return?.();
  }
  if (failure) throw failure.error;
  return { results, sent: done, failed, ...(notFound > 0 && { notFound }) };
}
