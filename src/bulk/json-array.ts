import { createReadStream } from 'node:fs';
import { UsageError } from '../errors/errors.js';
import type { RowChunks, SourceRow } from './read.js';

/**
 * V8's JSON.parse messages quote the offending text and give an offset that means little
 * inside one item; keep the reason only.
 */
function jsonReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '');
}

/** One item's JSON text as a row: its value, or why it does not parse. */
export function jsonRow(text: string, where: string): SourceRow {
  try {
    return { where, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { where, error: `not valid JSON: ${jsonReason(err)}` };
  }
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === NEWLINE || c === 0x0d || c === 0xfeff;
}

/**
 * A top-level JSON array, streamed: a small scanner finds where each element starts and
 * ends (tracking strings, escapes and nesting), and each element is parsed on its own. So
 * memory holds one item, not the file, and a bad item is reported by its index like a bad
 * NDJSON line while the rest are still checked. Only the array's own structure (no `[`,
 * no closing `]`, text after it) stops the reading.
 */
export async function* jsonArrayRows(path: string, label: string, chunkRows: number): RowChunks {
  let state = 'before' as 'before' | 'item' | 'in' | 'after';
  let line = 1;
  let index = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The current element's text from earlier pieces of the file. */
  let carried = '';

  const fail = (what: string): never => {
    throw new UsageError(`${label} is not a JSON array of items: ${what} at line ${line}`, {
      hint: 'give a JSON array, NDJSON (one object a line) or CSV with a header row',
    });
  };

  for await (const piece of createReadStream(path, {
    encoding: 'utf8',
    highWaterMark: 256 * 1024,
  })) {
    const text = piece as string;
    const rows: SourceRow[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === NEWLINE) line++;
      if (state !== 'in') {
        if (isSpace(c)) continue;
        if (state === 'before') {
          if (c !== OPEN_BRACKET) fail(`it starts with ${JSON.stringify(text[i])}`);
          state = 'item';
          continue;
        }
        if (state === 'after') fail('text after the closing ]');
        if (c === COMMA || c === CLOSE_BRACKET) {
          // `[]` is empty; `[a,,b]` and `[a,]` are missing an item, reported like a bad one.
          if (c === COMMA || index > 0)
            rows.push({ where: `index ${index++}`, error: 'missing item' });
          if (c === CLOSE_BRACKET) state = 'after';
          continue;
        }
        state = 'in';
        start = i;
        depth = 0;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) {
        inString = true;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
      } else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && depth > 0) {
        depth--;
      } else if (depth === 0 && (c === COMMA || c === CLOSE_BRACKET)) {
        rows.push(jsonRow(carried + text.slice(start, i), `index ${index++}`));
        carried = '';
        state = c === COMMA ? 'item' : 'after';
        if (rows.length >= chunkRows) yield rows.splice(0);
      }
    }
    if (state === 'in') carried += text.slice(start);
    if (rows.length > 0) yield rows;
  }
  if (state === 'item' || state === 'in') fail('the array is not closed');
}
