import { UsageError } from '../errors/errors.js';
import type { PreparedItem } from './batches.js';
import type { ItemJson, ItemSpool } from './item-spool.js';

const CHUNK_ROWS = 1024;

/** A spooled item, with where it came from to name it in a cycle. */
type Placed = PreparedItem<ItemJson> & { where: string };

interface Node {
  row: Placed;
  id: string | undefined;
}

/**
 * Every row after the row it depends on, and otherwise in input order. Each item depends on
 * at most one other, so the rows above a row form a chain: walk it up to a row already
 * placed (or one without a dependency in the input), then place the chain top down. A chain
 * that comes back to a row it passed is a cycle, refused with its members.
 */
function order(nodes: readonly Node[], label: string, dependsOnName: string): Placed[] {
  const indexOf = new Map<string, number>();
  nodes.forEach((node, i) => {
    if (node.id !== undefined) indexOf.set(node.id, i);
  });
  const placed = new Uint8Array(nodes.length);
  const ordered: Placed[] = [];
  for (let start = 0; start < nodes.length; start++) {
    const chain: number[] = [];
    const onChain = new Set<number>();
    for (let at: number | undefined = start; at !== undefined && placed[at] === 0;) {
      if (onChain.has(at))
        throw cycleError(nodes, chain.slice(chain.indexOf(at)), label, dependsOnName);
      chain.push(at);
      onChain.add(at);
      const dependency: string | undefined = nodes[at]?.row.dependsOn;
      at = dependency === undefined ? undefined : indexOf.get(dependency);
    }
    for (const at of chain.reverse()) {
      placed[at] = 1;
      const node = nodes[at];
      if (node) ordered.push(node.row);
    }
  }
  return ordered;
}

function cycleError(
  nodes: readonly Node[],
  members: readonly number[],
  label: string,
  dependsOnName: string,
): UsageError {
  const named = members.map((i) => `${JSON.stringify(nodes[i]?.id)} (${nodes[i]?.row.where})`);
  return new UsageError(
    `${label}: ${dependsOnName} goes round in a cycle, so no item of it can be first: ${named.join(' → ')} → ${named[0] ?? ''}; nothing was sent`,
  );
}

/**
 * The items the first pass spooled, with every item after the one it depends on (a parent
 * before its subfolders), otherwise in input order, so that a file may list folders in any
 * order. Unlike the passes over an input already in order, this holds the records in
 * memory: it is needed only for an input that is not. A cycle of dependencies fits no
 * order: it is refused, naming its members.
 */
export async function dependenciesFirst(
  spool: ItemSpool,
  label: string,
  dependsOnName = 'the dependency',
): Promise<AsyncIterable<PreparedItem<ItemJson>[]>> {
  const nodes: Node[] = [];
  for await (const chunk of spool.records()) {
    for (const { json, item, ordinal } of chunk) {
      const { key, dependsOn, where } = item;
      nodes.push({
        row: { item: json, key, dependsOn, bytes: json.length, ordinal, where },
        id: item.keyIsId ? key : undefined,
      });
    }
  }
  const rows = order(nodes, label, dependsOnName);
  return (async function* () {
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) yield rows.slice(i, i + CHUNK_ROWS);
  })();
}
