import type { RowChunks, SourceRow } from './read.js';

/** Lowercase letters and digits only: `user_id`, `User ID` and `userId` are all `userid`. */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Words a spreadsheet or a `SELECT` puts above a column of ids, squashed: whatever the
 * column holds, a list that starts with one of these is more likely headed than not.
 */
const HEADER_WORDS = new Set(
  [
    'name',
    'email',
    'mail',
    'doc',
    'document',
    'title',
    'org',
    'organization',
    'uid',
    'user',
    'username',
    'group',
    'folder',
    'key',
  ].flatMap((word) => [word, `${word}s`]),
);

/**
 * Whether a first line names the ids rather than being one: `id`, `ids`, the column in any
 * case and spelling (`user_id`, `UserID`, `users`), the name of some other id column, or a
 * word from HEADER_WORDS. A CSV header naming the column exactly is read as CSV before it
 * gets here.
 */
function isHeaderWord(text: string, idColumn: string): boolean {
  const column = squash(idColumn);
  const noun = column.replace(/id$/, '');
  const names = new Set(['id', 'ids', column, `${column}s`, noun, `${noun}s`].filter(Boolean));
  const squashed = squash(text);
  // Another column's name (`documentId`, `org_id`, `User ID`) is a header too.
  return (
    names.has(squashed) ||
    HEADER_WORDS.has(squashed) ||
    /^[A-Za-z]+(?:[ _-][Ii][Dd]|Id|ID)s?$/.test(text)
  );
}

/**
 * The shape of an id, coarsely: whether it holds a digit, and which characters other than
 * letters and digits (of any script). `d-101` and `d-7` share one; `name` has another.
 */
function shapeOf(id: string): string {
  const others = [...new Set(id.replace(/[\p{L}\p{N}]/gu, ''))].sort().join('');
  return `${/\p{N}/u.test(id) ? '9' : ''}${others}`;
}

/**
 * Whether the first line of a list may be a header, given the ids after it (as many as
 * the first read of the file holds): it is a word (letters, with spaces, `_` or `-`
 * between), and either a header word (`isHeaderWord`), or every other id has one shape
 * that it does not have (`name` above `d1`, `d2`). Such a file is ambiguous, and refused
 * until `--header` or `--no-header` says which it is: svc never acts on the guess.
 */
function mayBeHeader(first: string, rest: readonly string[], idColumn: string): boolean {
  if (!/^\p{L}[\p{L} _-]*$/u.test(first)) return false;
  if (isHeaderWord(first, idColumn)) return true;
  const shapes = new Set(rest.map(shapeOf));
  const [shape] = shapes;
  return shapes.size === 1 && shape !== shapeOf(first);
}

/** Why a line cannot be one id, and how to fix the file; undefined when it can. */
function problemOf(text: string, idColumn: string): string | undefined {
  if (/["'`]/.test(text)) {
    return 'holds a quote; ids go one a line without quotes (from jq, use `jq -r`)';
  }
  if (text.includes(',')) {
    return `holds a comma; ids go one a line, or give a CSV whose header names the ${idColumn} column`;
  }
  if (text.includes('\t')) {
    return `holds a tab; ids go one a line, or give a CSV whose header names the ${idColumn} column`;
  }
  if (text.includes('\r')) {
    return "holds a carriage return; a file with CR line endings? convert it with tr '\\r' '\\n'";
  }
  // C0 and C1 control characters, NUL among them: no id holds one, a binary file does.
  const control = [...text].find((c) => c <= '\u001f' || (c >= '\u007f' && c <= '\u009f'));
  if (control !== undefined) {
    const code = control.charCodeAt(0).toString(16).padStart(2, '0');
    return `holds the control character \\x${code}; is it a text file of ids, one a line?`;
  }
  return undefined;
}

/**
 * One line of a plain list of ids (`cut` or `jq -r` output): the id, trimmed, or why the
 * line cannot be one. The file is refused rather than guessed at: a CSV without the right
 * header or `jq` output with quotes would otherwise be sent as ids that match nobody.
 */
export function idLine(text: string, where: string, idColumn: string): SourceRow {
  const id = text.trim();
  const problem = problemOf(id, idColumn);
  return problem === undefined ? { where, value: id } : { where, error: problem };
}

/**
 * The rows of a list of ids with its first line settled: `header` true (`--header`) drops
 * it, false (`--no-header`) keeps it as an id, and undefined refuses it when it may be a
 * header (`mayBeHeader`), naming both flags.
 */
export async function* settleFirstLine(
  rows: RowChunks,
  idColumn: string,
  header: boolean | undefined,
): RowChunks {
  let first = true;
  for await (const chunk of rows) {
    if (!first || chunk.length === 0) {
      yield chunk;
      continue;
    }
    first = false;
    const [line, ...rest] = chunk;
    if (line === undefined || header === false) {
      yield chunk;
    } else if (header === true) {
      if (rest.length > 0) yield rest;
    } else {
      const others = rest.flatMap((row) => (typeof row.value === 'string' ? [row.value] : []));
      const ambiguous = typeof line.value === 'string' && mayBeHeader(line.value, others, idColumn);
      yield ambiguous ? [headerOrId(line.where, line.value as string), ...rest] : chunk;
    }
  }
}

function headerOrId(where: string, text: string): SourceRow {
  return {
    where,
    error: `${JSON.stringify(text)} may be a header rather than an id: give --header to skip the first line, or --no-header to send it as an id`,
  };
}
