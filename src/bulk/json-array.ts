import { UsageError } from '../errors/errors.js';
import type { RowChunks, SourceRow } from './read.js';
const { createReadStream } = process.getBuiltinModule('node:fs');

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
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (err) {
    return { where, error: `not valid JSON: ${jsonReason(err)}` };
  }
  // JSON.parse keeps the last of a key given twice, so the value has fewer keys than the
  // text; such an item is refused, as a CSV header naming a column twice is.
  // The cheap bound settles almost every item; a colon inside a string sends it to the
  // exact count, and only a real shortfall to the search for the key.
  const keys = keysInValue(value);
  if (keysAtMost(text) !== keys && keysInText(text) !== keys) {
    const key = duplicateKey(text);
    if (key !== undefined) return { where, error: `the key ${key} is given twice` };
  }
  return { where, value };
}

/**
 * At least as many as the object keys a JSON text holds: the colons that follow a quote
 * (and white space). A colon inside a string may count too, which only makes this larger:
 * equal to the keys of the parsed value, it proves that no key was given twice. Colons
 * are found with indexOf, so this costs far less than the parse it checks.
 */
function keysAtMost(text: string): number {
  let keys = 0;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    let before = i - 1;
    while (isSpace(text.charCodeAt(before))) before--;
    if (text.charCodeAt(before) === QUOTE) keys++;
  }
  return keys;
}

/** How many object keys a JSON text holds: the strings followed by a colon. */
function keysInText(text: string): number {
  let keys = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) {
    i = closingQuote(text, i);
    if (i === -1) return keys;
    let next = i + 1;
    while (isSpace(text.charCodeAt(next))) next++;
    if (text.charCodeAt(next) === COLON) keys++;
  }
  return keys;
}

/** Where the string opened at `open` closes, or -1. */
function closingQuote(text: string, open: number): number {
  for (let end = text.indexOf('"', open + 1); end !== -1; end = text.indexOf('"', end + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
  }
  return -1;
}

/**
 * How many keys the objects of a parsed value hold, at every level. A loop over a stack of
 * its own, not recursion: an item nested deeper than the call stack is refused for its
 * depth later, with its path, not here with a stack overflow.
 */
function keysInValue(value: unknown): number {
  let keys = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      for (const element of current) pending.push(element);
      continue;
    }
    for (const key in current) {
      keys++;
      const inner = (current as Record<string, unknown>)[key];
      if (typeof inner === 'object' && inner !== null) pending.push(inner);
    }
  }
  return keys;
}

/**
 * The first key given twice in one object of a JSON text that parses, by its path
 * (`actionUser.userId`); read only once the key counts say there is one.
 */
function duplicateKey(text: string): string | undefined {
  /** Per open object, its keys so far; per open array, undefined. */
  const open: (Set<string> | undefined)[] = [];
  /** The path of keys down to the current value. */
  const path: string[] = [];
  let lastKey: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = closingQuote(text, i);
      let next = end + 1;
      while (isSpace(text.charCodeAt(next))) next++;
      if (text.charCodeAt(next) === COLON) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        const keys = open[open.length - 1];
        if (keys?.has(key)) return [...path, key].join('.');
        keys?.add(key);
        lastKey = key;
      }
      i = end;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (open.length > 0 && open[open.length - 1] !== undefined) path.push(lastKey ?? '');
      else if (open.length > 0) path.push('[]');
      open.push(c === OPEN_BRACE ? new Set() : undefined);
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      open.pop();
      if (open.length > 0) path.pop();
    }
  }
  return undefined;
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const COLON = 0x3a;

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
