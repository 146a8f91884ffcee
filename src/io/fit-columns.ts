/** Space after each column, as the table pads it. */
export const COLUMN_GAP = 2;
/** The narrowest a column is made: two characters of text and the gap. */
export const MIN_WIDTH = 2 + COLUMN_GAP;

/** A cell's width in the table, gap included. */
export function cellWidth(text: string | undefined): number {
  return [...(text ?? '')].length + COLUMN_GAP;
}

/**
 * Column widths (gap included) that fit a table into `columns` characters: every column
 * keeps its natural width when that fits; otherwise the widest are narrowed to one cap, as
 * little as the terminal needs, and their text wraps. Columns marked `fixed` (ids) keep
 * their natural width whatever it costs the others. Undefined when the table fits as it is
 * or there is no terminal width to fit.
 */
export function fitColumns(
  rows: readonly (readonly string[])[],
  columns: number | undefined,
  fixed: readonly boolean[] = [],
): number[] | undefined {
  if (!columns || columns <= 0 || rows.length === 0) return undefined;
  const [header = [], ...body] = rows;
  const width = cellWidth;
  const natural = header.map((h, i) => Math.max(width(h), ...body.map((row) => width(row[i]))));
  const sum = (widths: readonly number[]) => widths.reduce((a, b) => a + b, 0);
  if (sum(natural) <= columns) return undefined;
  // Headers stay whole when the terminal allows it.
  const headers = header.map((h, i) => Math.min(natural[i] ?? 0, Math.max(width(h), MIN_WIDTH)));
  const floors = (
    sum(headers) <= columns ? headers : natural.map((w) => Math.min(w, MIN_WIDTH))
  ).map((w, i) => (fixed[i] ? (natural[i] ?? w) : w));
  const capped = (cap: number) => natural.map((w, i) => Math.max(floors[i] ?? 0, Math.min(w, cap)));
  // The largest cap under which the table still fits.
  let low = MIN_WIDTH;
  let high = Math.max(...natural);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (sum(capped(mid)) <= columns) low = mid;
    else high = mid - 1;
  }
  return capped(low);
}
