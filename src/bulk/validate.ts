import { UsageError } from '../errors/errors.js';
import { count, NAMED_IDS } from '../io/plural.js';
import { IdCheck } from './id-check.js';
import type { IdHashSet } from './id-set.js';
import type { BulkInput } from './input.js';
import type { ItemSpool } from './item-spool.js';
import { emptyInputError, type BulkSource } from './source.js';

/** How many invalid items a message lists; the rest are counted. */
const SHOWN_ERRORS = 20;

interface Problem {
  /** Position of the item in the input, to list problems in input order. */
  ordinal: number;
  text: string;
}

/** Keeps the first `SHOWN_ERRORS` problems it is given in order, and counts the rest. */
class Problems {
  readonly shown: Problem[] = [];
  count = 0;
  /** What fixes the problems found, each said once. */
  readonly hints = new Set<string>();

  constructor(private readonly source: BulkSource) {}

  add(ordinal: number, where: string, text: string, hint?: string): void {
    this.count++;
    if (hint !== undefined) this.hints.add(hint);
    if (this.shown.length < SHOWN_ERRORS) {
      this.shown.push({ ordinal, text: this.source.problem(where, text) });
    }
  }
}

/** An item no request can carry, as the service would refuse the whole batch with 413. */
function tooLarge(bytes: number, max: number): string {
  return `the item takes ${count(bytes, 'byte')} as JSON, more than the ${max.toLocaleString('en-US')} a request may carry`;
}

/**
 * The first pass: reads every row, checks it (an item too large for any request is
 * invalid too), and throws one UsageError listing the invalid items (by line or index, in
 * input order) when there is any. Returns the number of items, and whether each comes
 * after the item it depends on. Nothing is kept in memory per item: each id and dependency
 * goes, as a 64-bit hash, to id-check.ts, which keeps them on disk, to find:
 * - duplicate ids, which would make the per-item result map ambiguous;
 * - a dependency on an item that comes later in the input: sending in input order would
 *   make the child race its parent, so such an input is put in order first (order.ts).
 * Hash hits are only suspects; a second read, needed only when there are some, settles
 * them exactly and finds the first occurrence to name.
 *
 * Each valid item goes to `spool` as the JSON it is sent as, for the sending pass (or its
 * plan) to read instead of the input; once an item is found invalid, nothing more is spooled.
 */
export async function validateSource<Item>(
  source: BulkSource,
  input: BulkInput<Item>,
  spool: ItemSpool,
): Promise<{ items: number; inOrder: boolean; firstIds: string[] }> {
  const problems = new Problems(source);
  // What a confirmation names before it says how many more there are.
  const firstIds: string[] = [];
  const ids = await IdCheck.create();
  const dependsOnName = input.dependsOnName ?? 'the dependency';

  let ordinal = 0;
  let suspects: IdHashSet;
  try {
    for await (const chunk of source.rows()) {
      for (const row of chunk) {
        ordinal++;
        if (row.error !== undefined) {
          problems.add(ordinal, row.where, row.error);
          continue;
        }
        const parsed = input.parse(row.value);
        if (!parsed.ok) {
          problems.add(ordinal, row.where, parsed.message, parsed.hint);
          continue;
        }
        const json = JSON.stringify(parsed.item);
        const bytes = Buffer.byteLength(json);
        if (bytes > input.maxBatchBytes) {
          problems.add(ordinal, row.where, tooLarge(bytes, input.maxBatchBytes));
          continue;
        }
        const id = input.idOf?.(parsed.item);
        const dependency = input.dependsOn?.(parsed.item);
        if (dependency !== undefined && dependency === id) {
          problems.add(ordinal, row.where, `${dependsOnName} refers to the item itself`);
          continue;
        }
        if (dependency !== undefined) ids.refer(dependency);
        if (id !== undefined) ids.define(id);
        if (problems.count === 0) {
          if (id !== undefined && firstIds.length < NAMED_IDS) firstIds.push(id);
          spool.add(json, bytes, {
            key: id ?? row.where,
            keyIsId: id !== undefined,
            where: row.where,
            dependsOn: dependency,
          });
        }
      }
    }
    if (ordinal === 0) throw emptyInputError(source.label);
    suspects = ids.suspects();
  } finally {
    await ids.remove();
  }

  const { duplicates: confirmed, inOrder } =
    suspects.size > 0 ? await confirm(source, input, suspects) : { duplicates: [], inOrder: true };
  const total = problems.count + confirmed.length;
  if (total === 0) return { items: ordinal, inOrder, firstIds };

  const listed = [...problems.shown, ...confirmed]
    .sort((a, b) => a.ordinal - b.ordinal)
    .slice(0, SHOWN_ERRORS);
  const lines = listed.map((p) => `  ${p.text}`);
  if (total > listed.length)
    lines.push(`  … and ${(total - listed.length).toLocaleString('en-US')} more`);
  const hint = [...problems.hints].join('\n');
  throw new UsageError(
    `${source.label}: ${count(total, 'invalid item')}; nothing was sent\n${lines.join('\n')}`,
    hint ? { hint } : undefined,
  );
}

/**
 * The second read: exact checks for the ids whose hashes were seen twice: the duplicates,
 * and whether any item depends on one that comes after it.
 */
async function confirm<Item>(
  source: BulkSource,
  input: BulkInput<Item>,
  suspects: IdHashSet,
): Promise<{ duplicates: Problem[]; inOrder: boolean }> {
  // Bounded by the suspects, which are the duplicates and forward references themselves
  // (plus the odd hash collision), so this holds nothing when the input is valid.
  const problems: Problem[] = [];
  const firstAt = new Map<string, string>();
  const waiting = new Set<string>();
  let inOrder = true;
  const idName = input.idName ?? 'id';

  let ordinal = 0;
  for await (const chunk of source.rows()) {
    for (const row of chunk) {
      ordinal++;
      if (row.error !== undefined) continue;
      const parsed = input.parse(row.value);
      if (!parsed.ok) continue;
      const id = input.idOf?.(parsed.item);
      const dependency = input.dependsOn?.(parsed.item);
      if (
        dependency !== undefined &&
        dependency !== id &&
        suspects.has(dependency) &&
        !firstAt.has(dependency)
      ) {
        waiting.add(dependency);
      }
      if (id === undefined || !suspects.has(id)) continue;
      const first = firstAt.get(id);
      if (first !== undefined) {
        problems.push({
          ordinal,
          text: `${row.where}: duplicate ${idName} ${JSON.stringify(id)} (first at ${first})`,
        });
        continue;
      }
      firstAt.set(id, row.where);
      if (waiting.delete(id)) inOrder = false;
    }
  }
  return { duplicates: problems, inOrder };
}
