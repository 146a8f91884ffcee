import type { SourceRow } from './read.js';

/** Lowercase letters and digits only: `user_id`, `User ID` and `userId` are all `userid`. */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether a first line names the ids rather than being one: `id`, `ids`, the column in any
 * case and spelling (`user_id`, `UserID`, `users`), or the name of some other id column. A CSV header naming the column
 * exactly is read as CSV before it gets here.
 */
function looksLikeHeader(text: string, idColumn: string): boolean {
  const column = squash(idColumn);
  const noun = column.replace(/id$/, '');
  const names = new Set(['id', 'ids', column, `${column}s`, noun, `${noun}s`].filter(Boolean));
  // Another column's name (`documentId`, `org_id`, `User ID`) is a header too, never an id.
  return names.has(squash(text)) || /^[A-Za-z]+(?:[ _-][Ii][Dd]|Id|ID)s?$/.test(text);
}

/** Why a line cannot be one id, and how to fix the file; undefined when it can. */
function problemOf(text: string, first: boolean, idColumn: string): string | undefined {
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
  if (first && looksLikeHeader(text, idColumn)) {
    return `looks like a header; a CSV header must name the ${idColumn} column exactly, and a plain list has none`;
  }
  return undefined;
}

/**
 * One line of a plain list of ids (`cut` or `jq -r` output): the id, trimmed, or why the
 * line cannot be one. The file is refused rather than guessed at: a CSV without the right
 * header or `jq` output with quotes would otherwise be sent as ids that match nobody.
 */
export function idLine(text: string, where: string, first: boolean, idColumn: string): SourceRow {
  const id = text.trim();
  const problem = problemOf(id, first, idColumn);
  return problem === undefined ? { where, value: id } : { where, error: problem };
}
