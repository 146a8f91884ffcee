import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { pipeline } from 'node:stream';
import { CsvError, parse as parseCsv } from 'csv-parse';
import { UsageError } from '../errors/errors.js';
import { idLine, settleFirstLine } from './id-lines.js';
import { jsonArrayRows, jsonRow } from './json-array.js';
const { createReadStream } = process.getBuiltinModule('node:fs');

/**
 * The three shapes `--file` accepts (docs/cli-contract.md, "Repeatable flags"), and for lists of
 * ids a fourth: one id a line, as `cut` or `jq -r` print them.
 */
export type BulkFormat = 'json' | 'ndjson' | 'csv' | 'lines';

/**
 * One item as read, before it is checked: a JSON value, or a CSV row as an object of
 * strings. `where` names it in messages: `line N` (1-based; a CSV header is line 1) or
 * `index N` (0-based, as in the JSON array). A row that could not be read at all (bad JSON
 * on an NDJSON line or in an array element, a CSV row with the wrong number of cells) has
 * `error` instead of a value, so the first pass can report it with every other invalid
 * item. All three formats are streamed: memory holds a chunk of rows, never the file.
 */
export type SourceRow =
  | { where: string; value: unknown; error?: undefined }
  | { where: string; value?: undefined; error: string };

/**
 * Rows come in chunks (as many as one read of the file yields) so that a million-line file
 * costs a few thousand awaits per pass rather than a million.
 */
export type RowChunks = AsyncIterable<readonly SourceRow[]>;

const CHUNK_ROWS = 1024;
const READ_BYTES = 256 * 1024;

/** The format a path's extension stands for; undefined when it must be sniffed. */
function formatFromExtension(path: string): BulkFormat | undefined {
  switch (extname(path).toLowerCase()) {
    case '.json':
      return 'json';
    case '.ndjson':
    case '.jsonl':
      return 'ndjson';
    case '.csv':
      return 'csv';
    default:
      return undefined;
  }
}

/** The first character that is not white space or a byte-order mark, or undefined. */
async function firstSignificantChar(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    for (let offset = 0; ;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      if (bytesRead === 0) return undefined;
      // A UTF-8 byte-order mark is three bytes; only at the very start of the file.
      const start = offset === 0 && buffer[0] === 0xef && buffer[1] === 0xbb ? 3 : 0;
      for (let i = start; i < bytesRead; i++) {
        const byte = buffer[i];
        if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) {
          return String.fromCharCode(byte ?? 0);
        }
      }
      offset += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/** The first line of a file, at most 64 KiB of it. */
async function firstLine(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return text.trimStart().split(/\r?\n/)[0] ?? '';
  } finally {
    await handle.close();
  }
}

/**
 * Decides the format of a regular file. A `.csv` name (of `name`, the path the user gave,
 * which differs from `file` when stdin was spooled) is CSV. Otherwise what the file holds
 * decides between JSON and NDJSON (`[` a JSON array, `{` NDJSON), whatever the extension:
 * a `.json` file of one object a line is NDJSON. Otherwise the extension says, or else it
 * is CSV. A list of ids (`idColumn`
 * given) that is not a CSV whose header names that column is one id a line, and so is one
 * whose `header` is false (`--no-header`). Undefined for a file with nothing in it but
 * white space.
 */
export async function detectFormat(
  file: string,
  name: string = file,
  idColumn?: string,
  header?: boolean,
): Promise<BulkFormat | undefined> {
  const first = await firstSignificantChar(file);
  if (first === undefined) return undefined;
  // `--no-header`: a list of ids whose first line is an id too, whatever it says.
  const headerless = idColumn !== undefined && header === false;
  const byExtension = formatFromExtension(name);
  if (byExtension === 'csv' && !headerless) return byExtension;
  if (first === '[') return 'json';
  if (first === '{') return 'ndjson';
  if (headerless) return 'lines';
  if (byExtension) return byExtension;
  if (idColumn !== undefined) {
    const line = await firstLine(file);
    // A `;`-separated header (csvRows reads it so) names the column as well as one with commas.
    const header = line
      .split(line.includes(',') ? ',' : ';')
      .map((cell) => cell.trim().replace(/^"|"$/g, ''));
    if (!header.includes(idColumn)) return 'lines';
  }
  return 'csv';
}

/**
 * The separator of a CSV, from its header line: a comma, or a semicolon where the header
 * is a list of known fields joined by `;` (Excel writes that in locales whose decimal mark
 * is a comma). A header that looks `;`-separated but names a field the command does not
 * know is refused rather than read either way, saying how to convert the file.
 */
async function csvDelimiter(
  path: string,
  label: string,
  knownFields: ReadonlySet<string> | undefined,
): Promise<',' | ';'> {
  const line = await firstLine(path);
  if (line.includes(',') || !line.includes(';')) return ',';
  const names = line.split(';').map((cell) => cell.trim().replace(/^"|"$/g, ''));
  const known = (name: string) => knownFields?.has(name.split('.')[0] ?? name) === true;
  if (names.every(known)) return ';';
  throw new UsageError(
    `${label}: line 1: the header looks ;-separated (${line.slice(0, 80)}); svc reads CSV separated by commas`,
    {
      hint: "export it again as comma-separated CSV (Excel: CSV UTF-8; LibreOffice: field delimiter ,), or convert it with csvkit's csvformat -d ';', which writes it with commas",
    },
  );
}

/** Reads a regular file's rows in the given format. Each call reads it from the start. */
export function readRows(
  path: string,
  format: BulkFormat,
  label: string,
  idColumn = 'id',
  header?: boolean,
  knownFields?: ReadonlySet<string>,
): RowChunks {
  switch (format) {
    case 'json':
      return jsonArrayRows(path, label, CHUNK_ROWS);
    case 'ndjson':
      return lineRows(path, (text, where) => jsonRow(text, where));
    case 'lines':
      return settleFirstLine(
        lineRows(path, (text, where) => idLine(text, where, idColumn)),
        idColumn,
        header,
      );
    case 'csv':
      return csvRows(path, label, knownFields);
  }
}

type LineParser = (text: string, where: string) => SourceRow;

function lineRow(line: string, n: number, parse: LineParser): SourceRow | undefined {
  const text = n === 1 && line.startsWith('\uFEFF') ? line.slice(1) : line;
  if (text.trim() === '') return undefined;
  return parse(text, `line ${n}`);
}

/** One value a line (NDJSON, or plain ids), streamed; blank lines skipped, CRLF accepted. */
async function* lineRows(path: string, parse: LineParser): RowChunks {
  let rest = '';
  let n = 0;
  for await (const piece of createReadStream(path, {
    encoding: 'utf8',
    highWaterMark: READ_BYTES,
  })) {
    const text = rest + (piece as string);
    const chunk: SourceRow[] = [];
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const row = lineRow(text.slice(start, text[nl - 1] === '\r' ? nl - 1 : nl), ++n, parse);
      if (row) chunk.push(row);
      start = nl + 1;
    }
    rest = text.slice(start);
    if (chunk.length > 0) yield chunk;
  }
  const last = lineRow(rest.endsWith('\r') ? rest.slice(0, -1) : rest, ++n, parse);
  if (last) yield [last];
}

/** csv-parse says `... at line 7 ...`; the line goes first in our messages. */
function csvReason(err: CsvError): string {
  return err.message.replace(/:? at line \d+/, '').replace(/\s+$/, '');
}

/**
 * CSV, streamed through csv-parse, separated by commas or, where the header says so,
 * semicolons (`csvDelimiter`). The header row names the wire fields, a dotted name a
 * field of a nested object (`actionUser.userId`); values stay strings and empty cells are
 * left out, so an optional field can be blank. Quoted fields
 * may hold commas and line breaks, so a row's line is where it starts: csv-parse reports
 * where it ends, and we count forward from the previous row's end plus the blank lines it
 * skipped.
 */
async function* csvRows(
  path: string,
  label: string,
  knownFields: ReadonlySet<string> | undefined,
): RowChunks {
  const parser = parseCsv({
    delimiter: await csvDelimiter(path, label, knownFields),
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  // pipeline destroys both streams when either fails or the loop below ends early; the
  // failure itself surfaces through the parser's iteration, so the callback has no work.
  pipeline(createReadStream(path, { highWaterMark: READ_BYTES }), parser, () => undefined);

  let header: string[] | undefined;
  let previousEnd = 0;
  let previousEmpty = 0;
  let overcount = 0;
  let chunk: SourceRow[] = [];
  try {
    for await (const entry of parser) {
      const { record, info } = entry as {
        record: string[];
        info: { lines: number; empty_lines: number };
      };
      const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
      // csv-parse counts the CR and the LF of a CRLF inside a quoted field as two lines.
      overcount += record.reduce((n, cell) => n + cell.split('\r\n').length - 1, 0);
      previousEnd = info.lines - overcount;
      previousEmpty = info.empty_lines;
      if (!header) {
        header = csvHeader(record, line, label);
        continue;
      }
      chunk.push(csvRow(header, record, line));
      if (chunk.length >= CHUNK_ROWS) {
        yield chunk;
        chunk = [];
      }
    }
  } catch (err) {
    if (err instanceof CsvError) {
      throw new UsageError(
        `${label} is not valid CSV: line ${String(err.lines)}: ${csvReason(err)}`,
      );
    }
    throw err;
  }
  if (chunk.length > 0) yield chunk;
}

function csvHeader(record: string[], line: number, label: string): string[] {
  const names = record.map((name) => name.trim());
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (name === '') {
      throw new UsageError(`${label}: line ${line}: column ${i + 1} of the header has no name`);
    }
    if (seen.has(name)) {
      throw new UsageError(`${label}: line ${line}: the header names column ${name} twice`);
    }
    seen.add(name);
  });
  return names;
}

function csvRow(header: readonly string[], record: readonly string[], line: number): SourceRow {
  if (record.length !== header.length) {
    return {
      where: `line ${line}`,
      error: `expected ${header.length} columns as in the header, found ${record.length}`,
    };
  }
  // No prototype: a column named `__proto__` must stay an ordinary (and unknown) field.
  const value = Object.create(null) as CsvObject;
  for (const [i, name] of header.entries()) {
    const cell = record[i];
    if (cell === undefined || cell === '') continue;
    if (!setPath(value, name.split('.'), cell)) {
      return {
        where: `line ${line}`,
        error: `column ${name} and a column it is part of are both given`,
      };
    }
  }
  return { where: `line ${line}`, value };
}

interface CsvObject {
  [field: string]: string | CsvObject;
}

/**
 * Sets a cell by its column's dotted name (`actionUser.userId`), so that a CSV can give
 * an item's nested objects; false when the path runs into a value already set.
 */
function setPath(target: CsvObject, path: readonly string[], cell: string): boolean {
  const [name, ...rest] = path;
  if (name === undefined) return false;
  if (rest.length === 0) {
    if (name in target) return false;
    target[name] = cell;
    return true;
  }
  const existing = target[name] ?? (Object.create(null) as CsvObject);
  if (typeof existing === 'string') return false;
  target[name] = existing;
  return setPath(existing, rest, cell);
}
