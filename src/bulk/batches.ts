/** One item of the sending pass, ready to batch. */
export interface PreparedItem<Item> {
  item: Item;
  /** Key of its result: the id, or where the item came from when it has none (`line 7`). */
  key: string;
  /** The id of another item whose batch must complete first, when it is in this input. */
  dependsOn: string | undefined;
  /** What it adds to a request's body: its JSON's length in bytes. */
  bytes: number;
  /** Its position in the input, from 0. */
  ordinal: number;
}

/** When a batch is full: at `items` items, or before an item would take it past `bytes`. */
export interface BatchLimits {
  items: number;
  bytes: number;
}

/** One request's worth of items. */
export interface Batch<Item> {
  /** Position among the batches, from 0, in the order they may be sent. */
  index: number;
  items: Item[];
  /** The result key of each item, in the same order. */
  keys: string[];
  /**
   * Each item's position among the items this run sends, from 0, ascending: the order
   * results are merged in. The same as `ordinals` unless items are skipped (`--resume`).
   */
  positions: number[];
  /** Each item's position in the input, from 0. */
  ordinals: number[];
  /** The ids this batch's items depend on, each once; empty without dependencies. */
  needs: string[];
}

/**
 * Open batches are kept by level. An item goes one level above the open batch holding its
 * dependency; an item whose dependency left in a recently closed batch goes to level 1,
 * so that level 0 only ever holds items that can be sent at once. Four levels let a tree
 * listed parent-then-children (depth first, or grouped by parent) fill whole batches that
 * run in parallel, where cutting the input into consecutive runs would close a batch at
 * every parent and chain each batch to the one before. Deeper chains still work: the
 * lowest level is closed early to make room.
 */
export const OPEN_LEVELS = 4;
/** How many closed batches count as recent: about the sender's window. */
const RECENT = 8;

interface OpenBatch<Item> {
  items: Item[];
  keys: string[];
  positions: number[];
  ordinals: number[];
  needs: Set<string>;
  /** The items' bytes, with a comma each. */
  bytes: number;
}

const emptyBatch = <Item>(): OpenBatch<Item> => ({
  items: [],
  keys: [],
  positions: [],
  ordinals: [],
  needs: new Set(),
  bytes: 0,
});

/**
 * Cuts prepared items into batches within `limits` and hands each to `onBatch` when it is
 * closed. A batch is always closed after every batch holding one of its dependencies,
 * so a sender that waits for those to complete never waits on a later batch. Items may
 * leave in a different order than they came (parents ahead of their children); each batch
 * carries the positions, so results can be put back in input order. The batches depend
 * only on the input, not on timing, so `--dry-run` shows the batches a run sends.
 */
export class Batcher<Item> {
  private readonly open: OpenBatch<Item>[] = [];
  /** Which open batch holds each key: at most OPEN_LEVELS × size entries. */
  private readonly holders = new Map<string, OpenBatch<Item>>();
  /** Keys of the last RECENT closed batches, oldest first. */
  private readonly recent: string[][] = [];
  private readonly recentKeys = new Set<string>();
  private position = 0;
  private index = 0;

  constructor(
    private readonly limits: BatchLimits,
    private readonly onBatch: (batch: Batch<Item>) => void,
  ) {}

  /** `p` must fit an empty batch: validation refuses an item larger than `limits.bytes`. */
  add(p: PreparedItem<Item>): void {
    const bytes = p.bytes + 1;
    let level = this.levelFor(p.dependsOn);
    // An item that would take its batch past the byte limit closes that batch first. Each
    // round closes at least one batch, so an empty one is reached.
    while (level < this.open.length && (this.open[level]?.bytes ?? 0) + bytes > this.limits.bytes) {
      this.closeUpTo(level);
      level = this.levelFor(p.dependsOn);
    }
    if (level >= OPEN_LEVELS) {
      this.closeLowest();
      level--;
    }
    while (this.open.length <= level) this.open.push(emptyBatch());
    const target = this.open[level] as OpenBatch<Item>;
    target.items.push(p.item);
    target.keys.push(p.key);
    target.positions.push(this.position++);
    target.ordinals.push(p.ordinal);
    target.bytes += bytes;
    if (p.dependsOn !== undefined) target.needs.add(p.dependsOn);
    this.holders.set(p.key, target);
    if (target.items.length >= this.limits.items) this.closeUpTo(level);
  }

  /** Closes every open batch, at the end of the input. */
  flush(): void {
    while (this.open.length > 0) this.closeLowest();
  }

  /** A full batch goes with every level below it, which its items may depend on. */
  private closeUpTo(level: number): void {
    for (let i = 0; i <= level; i++) this.closeLowest();
  }

  private levelFor(dependsOn: string | undefined): number {
    if (dependsOn === undefined) return 0;
    const holder = this.holders.get(dependsOn);
    if (holder) return this.open.indexOf(holder) + 1;
    return this.recentKeys.has(dependsOn) ? 1 : 0;
  }

  private closeLowest(): void {
    const batch = this.open.shift();
    if (!batch || batch.items.length === 0) return;
    for (const key of batch.keys) {
      this.holders.delete(key);
      this.recentKeys.add(key);
    }
    this.recent.push(batch.keys);
    if (this.recent.length > RECENT) {
      for (const key of this.recent.shift() ?? []) this.recentKeys.delete(key);
    }
    this.onBatch({
      index: this.index++,
      items: batch.items,
      keys: batch.keys,
      positions: batch.positions,
      ordinals: batch.ordinals,
      needs: [...batch.needs],
    });
  }
}
