/** "1 document", "3 documents", "10,000 items" */
export function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}

/** How many ids a message names before it says how many more there are. */
export const NAMED_IDS = 5;

/** "u1, u2, u3, u4, u5 and 2 more": the first of `total` ids (all of them, by default). */
export function someIds(ids: readonly string[], total = ids.length): string {
  const more = total - Math.min(ids.length, NAMED_IDS);
  return `${ids.slice(0, NAMED_IDS).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}
