import type { TableLayout } from '../catalogue/types.js';
import { visibleLine } from '../text/visible.js';

export type Row = Record<string, unknown>;

export function getPath(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Turns a result's `data` into rows, as the operation's layout says. */
export function toRows(data: unknown, layout: TableLayout): Row[] {
  const at = layout.at ? getPath(data, layout.at) : data;
  if (at === null || at === undefined) return [];
  if (layout.rows === 'list') return Array.isArray(at) ? (at as Row[]) : [at as Row];
  if (layout.rows === 'map') {
    return Object.entries(at as Record<string, unknown>).map(([key, v]) => ({
      key,
      ...(v && typeof v === 'object' ? (v as Row) : { value: v }),
    }));
  }
  return [at as Row];
}

/**
 * One cell as plain text for a table on a terminal: no tabs or newlines that would break a
 * row, and no control character a terminal would obey (a name from the service may hold
 * one). A pipe gets `tsvCell` instead.
 */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).join(',');
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return visibleLine(text.replace(/[\t\r\n]+/g, ' '));
}

const TSV_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

/**
 * One cell of a piped line, readable back exactly (docs/cli-contract.md, "Output"): a
 * backslash, tab, newline or carriage return in a value is written `\\`, `\t`, `\n` or
 * `\r`, so that a script splitting on tabs and lines gets the value it can write back;
 * any other control character is shown as `\xNN`, as on a terminal.
 */
export function tsvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(tsvCell).join(',');
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return visibleLine(text.replace(/[\\\t\n\r]/g, (c) => TSV_ESCAPES[c] ?? c));
}

/** One row as a tab-separated line, as a pipe gets it. */
export function tsvLine(row: unknown, columns: TableLayout['columns']): string {
  return `${columns.map((c) => tsvCell(getPath(row, c.path))).join('\t')}\n`;
}
