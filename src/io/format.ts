import type { TableLayout } from '../catalogue/types.js';

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

/** One cell as plain text: no colour, no tabs or newlines that would break a TSV line. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

/** One row as a tab-separated line, as a pipe gets it. */
export function tsvLine(row: unknown, columns: TableLayout['columns']): string {
  return `${columns.map((c) => cellText(getPath(row, c.path))).join('\t')}\n`;
}
