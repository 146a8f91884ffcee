/** Space after each column, as the table pads it. */
export const COLUMN_GAP = 2;
/** The narrowest a column of free text is made: two characters of text and the gap. */
export const MIN_WIDTH = 2 + COLUMN_GAP;

/** A cell's width in the table, gap included. */
export function cellWidth(text: string | undefined): number {
  return [...(text ?? '')].length + COLUMN_GAP;
}

/**
 * Column widths (gap included) within `columns` characters, each between its floor and its
 * natural width: the widest are narrowed to one cap, as little as the terminal needs, so
 * the columns that give way are the ones with the most to give. A column whose floor is its
 * natural width keeps it. The caller has checked that the floors fit.
 */
export function fitColumns(
  natural: readonly number[],
  floors: readonly number[],
  columns: number,
): number[] {
  const sum = (widths: readonly number[]) => widths.reduce((a, b) => a + b, 0);
  const capped = (cap: number) => natural.map((w, i) => Math.max(floors[i] ?? 0, Math.min(w, cap)));
  // The largest cap under which the table still fits.
  let low = 0;
  let high = Math.max(0, ...natural);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (sum(capped(mid)) <= columns) low = mid;
    else high = mid - 1;
  }
  return capped(low);
}
