import type { Column } from '../catalogue/types.js';
import { cellWidth, fitColumns, MIN_WIDTH } from './fit-columns.js';

/** How a listing is laid out in the terminal's width. */
export type TableFit =
  /**
   * A table of the `shown` columns; `widths` (gap included, one a column shown) when some
   * free text must wrap to fit, undefined when every column keeps its natural width.
   */
  | { blocks: false; shown: number[]; widths: number[] | undefined }
  /** One record per block of `label: value` lines: the columns cannot fit side by side. */
  | { blocks: true; shown: number[] };

/** The width of the longest word of `text`, gap included: free text never breaks inside one. */
function longestWord(text: string): number {
  return Math.max(0, ...text.split(' ').map((word) => cellWidth(word)));
}

/**
 * Fits a listing into `columns`. A column with no value in any row is left out. Every value
 * is shown whole: only a column declared free text (`wraps`) is narrowed, its text wrapping
 * between words, down to its longest word or its header. When the columns cannot fit side
 * by side even so, the listing is shown one record per block.
 */
export function fitTable(
  layout: readonly Column[],
  cells: readonly (readonly string[])[],
  columns: number | undefined,
): TableFit {
  const filled = layout.map((_, i) => i).filter((i) => cells.some((row) => row[i]));
  // A listing whose every column is empty still shows its rows, by their first column.
  const shown = filled.length > 0 ? filled : [0];
  const natural = shown.map((i) =>
    Math.max(cellWidth(layout[i]?.header), ...cells.map((row) => cellWidth(row[i]))),
  );
  const sum = (widths: readonly number[]) => widths.reduce((a, b) => a + b, 0);
  if (!columns || columns <= 0 || sum(natural) <= columns) {
    return { blocks: false, shown, widths: undefined };
  }
  const floors = shown.map((i, at) => {
    if (!layout[i]?.wraps) return natural[at] ?? 0;
    const words = Math.max(...cells.map((row) => longestWord(row[i] ?? '')));
    return Math.min(natural[at] ?? 0, Math.max(cellWidth(layout[i]?.header), words, MIN_WIDTH));
  });
  if (sum(floors) > columns) return { blocks: true, shown };
  return { blocks: false, shown, widths: fitColumns(natural, floors, columns) };
}
