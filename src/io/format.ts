import type { TableLayout } from '../catalogue/types.js';
import { visibleLine } from './visible.js';

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
 * One cell as plain text: no tabs or newlines that would break a TSV line, and no control
 * character a terminal would obey (a name from the service may hold one).
 */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).join(',');
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return visibleLine(text.replace(/[\t\r\n]+/g, ' '));
}

/** One row as a tab-separated line, as a pipe gets it. */
export function tsvLine(row: unknown, columns: TableLayout['columns']): string {
  return `${columns.map((c) => cellText(getPath(row, c.path))).join('\t')}\n`;
}
