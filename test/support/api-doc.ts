import { readFileSync } from 'node:fs';
import type { AuthLevel } from '../../src/catalogue/types.js';

/**
 * docs/api.md read as data: its summary tables, its envelope table and its trait table.
 * Tests hold the catalogue to what the document says, so the numbers come from the
 * document, never from a list in a test.
 */

export const apiDoc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

export interface SummaryRow {
  number: number;
  path: string;
  auth: AuthLevel;
}

const authByLetter: Record<string, AuthLevel> = { W: 'workspace', K: 'key', P: 'public' };

/** `| 28 | \`/v2/...\` | K | ... |`, with or without padding and backticks. */
const SUMMARY_ROW = /^\| (\d+)\s*\| `?(\/v\d\/[^ `|]+)`?\s*\| ([WKP])\s*\|/gm;

function summaryRows(text: string): SummaryRow[] {
  return [...text.matchAll(SUMMARY_ROW)].map((m) => ({
    number: Number(m[1]),
    path: m[2] ?? '',
    auth: authByLetter[m[3] ?? ''] ?? 'key',
  }));
}

/** The text of the section under a heading, up to the next heading of any level. */
export function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`no heading "${heading}"`);
  const rest = text.slice(start + heading.length + 2);
  const next = rest.search(/^#{1,6} /m);
  return next === -1 ? rest : rest.slice(0, next);
}

const summary = section(apiDoc, '### Summary');
/** The spec's own table comes first; the calls the spec leaves out follow it. */
const extrasStart = summary.indexOf('\nOne more call');

/** The operations of the external spec: the first table of "Summary". */
export const specRows: readonly SummaryRow[] = summaryRows(
  extrasStart === -1 ? summary : summary.slice(0, extrasStart),
);

/** Every operation the document lists: the spec's, then the calls it leaves out. */
export const documentedRows: readonly SummaryRow[] = summaryRows(summary);

/** The cells of each row of the first table in `text`, header and rule left out. */
export function tableRows(text: string): string[][] {
  const lines = text.split('\n').filter((line) => line.startsWith('|'));
  return lines
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .filter((cells) => cells.length > 0);
}

/** "2, 4, 8–17" (or "8-17") as the numbers it names. */
export function numbersIn(cell: string): number[] {
  const numbers: number[] = [];
  for (const part of cell.split(/,\s*/)) {
    const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part.trim());
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n++) numbers.push(n);
    } else if (/^\d+$/.test(part.trim())) {
      numbers.push(Number(part.trim()));
    }
  }
  return numbers;
}

/** Numbers as the document writes them: sorted, runs of three or more as `a–b`. */
export function numbersCell(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    parts.push(j - i >= 2 ? `${sorted[i]}–${sorted[j]}` : sorted.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * The envelope table: each kind and the numbers of its operations, `all but a,b` read
 * against every operation the document lists.
 */
export function envelopeKinds(): Map<string, number[]> {
  const all = documentedRows.map((row) => row.number);
  const kinds = new Map<string, number[]>();
  for (const [kind = '', , cell = ''] of tableRows(section(apiDoc, '### Success envelopes'))) {
    const but = /^all but (.*)$/.exec(cell);
    const excluded = but ? numbersIn(but[1] ?? '') : [];
    kinds.set(
      kind.replace(/`/g, ''),
      but ? all.filter((n) => !excluded.includes(n)) : numbersIn(cell),
    );
  }
  return kinds;
}

/** The trait table: each trait as written (`idempotent: false`) and its operations. */
export function traitRows(): Map<string, number[]> {
  const traits = new Map<string, number[]>();
  for (const [trait = '', cell = ''] of tableRows(
    section(apiDoc, '## Operation traits in the catalogue'),
  )) {
    traits.set(trait.replace(/`/g, ''), numbersIn(cell));
  }
  return traits;
}
