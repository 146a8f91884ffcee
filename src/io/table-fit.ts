import type { TableLayout } from '../catalogue/types.js';
import { cellWidth, COLUMN_GAP, fitColumns, MIN_WIDTH } from './fit-columns.js';

type Column = TableLayout['columns'][number];

/**
 * An id is copied and pasted into the next command: cut (`docume…`) it is useless. Id
 * columns are the `ID` column and those whose field names an id (`documentId`, `key` of a
 * map keyed by id).
 */
export function isIdColumn(column: Column): boolean {
  return column.header === 'ID' || /(^|\.)(id|key)$|Id$/.test(column.path);
}

/** How a table is laid out in the terminal's width. */
export interface TableFit {
  /** The indices of the columns shown, in order. */
  shown: number[];
  /** The headers of the columns left out to make room for whole ids. */
  leftOut: string[];
  /** Widths of the shown columns (gap included); undefined when they fit as they are. */
  widths: number[] | undefined;
  /** The shown rows' cells, an id wider than its column broken into lines, never cut. */
  cells: string[][];
}

/**
 * Fits a table into `columns`: ids keep their whole width and the other columns are
 * narrowed (their text wraps). When even that is too wide, the columns after the first
 * that are not ids are left out, the last first (a layout lists the most useful first);
 * when the ids alone are wider than the terminal, each id wraps onto more lines.
 */
export function fitTable(
  layout: readonly Column[],
  cells: readonly (readonly string[])[],
  columns: number | undefined,
): TableFit {
  const all = layout.map((_, i) => i);
  const header = layout.map((c) => c.header);
  const ids = layout.map(isIdColumn);
  const natural = all.map((i) =>
    Math.max(cellWidth(header[i]), ...cells.map((r) => cellWidth(r[i]))),
  );
  const floor = (i: number) =>
    ids[i]
      ? (natural[i] ?? 0)
      : Math.min(natural[i] ?? 0, Math.max(cellWidth(header[i]), MIN_WIDTH));
  const sum = (shown: readonly number[]) => shown.reduce((a, i) => a + floor(i), 0);

  let shown = all;
  if (columns && columns > 0) {
    while (sum(shown) > columns) {
      const last = shown.findLast((i, at) => at > 0 && !ids[i]);
      if (last === undefined) break;
      shown = shown.filter((i) => i !== last);
    }
  }
  const pick = (row: readonly string[]) => shown.map((i) => row[i] ?? '');
  let widths = fitColumns(
    [pick(header), ...cells.map(pick)],
    columns,
    shown.map((i) => ids[i] ?? false),
  );
  let rows = cells.map(pick);
  // Ids that cannot fit even alone share what the others leave, and wrap within it.
  if (columns && widths && widths.reduce((a, b) => a + b, 0) > columns) {
    const others = widths.reduce((a, w, at) => a + (ids[shown[at] ?? -1] ? 0 : w), 0);
    const idCount = shown.filter((i) => ids[i]).length;
    const each = Math.max(MIN_WIDTH, Math.floor((columns - others) / Math.max(idCount, 1)));
    widths = widths.map((w, at) => (ids[shown[at] ?? -1] ? Math.min(w, each) : w));
    rows = rows.map((row) =>
      row.map((text, at) =>
        ids[shown[at] ?? -1] ? chunks(text, (widths?.[at] ?? each) - COLUMN_GAP) : text,
      ),
    );
  }
  return {
    shown,
    leftOut: all.filter((i) => !shown.includes(i)).map((i) => header[i] ?? ''),
    widths,
    cells: rows,
  };
}

/** `text` in lines of `size` characters: an id broken, every character of it kept. */
function chunks(text: string, size: number): string {
  const chars = [...text];
  const lines: string[] = [];
  for (let at = 0; at < chars.length; at += size) lines.push(chars.slice(at, at + size).join(''));
  return lines.join('\n');
}

/** A line of words wrapped to `width`, for a notice that must fit the terminal too. */
export function wrapWords(text: string, width: number | undefined): string {
  if (!width || text.length <= width) return text;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}
