import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { UsageError } from '../errors/errors.js';
import { plainText, spoolTo, type CheckedFile } from './encoding.js';
import { readableFile } from '../io/readable-file.js';
import type { FieldTree } from './fields.js';
import { detectFormat, readRows, type BulkFormat, type RowChunks, type SourceRow } from './read.js';
const { createReadStream } = process.getBuiltinModule('node:fs');

/**
 * Where the items come from, readable more than once: the first pass validates every item
 * (and spools it) before anything is sent, and reads the input again only to settle
 * suspected duplicate ids; no pass holds all items.
 */
export interface BulkSource {
  /** Names the input in messages: the path as given, `stdin`, or the caller's label. */
  readonly label: string;
  /**
   * Which input this is: the absolute path of a file, whatever it holds; stdin or items
   * from flags by what they hold. A journal is found again by it (and by the command),
   * then checked against `digest`.
   */
  readonly identity: string;
  /** SHA-256 of what the input holds, hex: tells whether it changed between two runs. */
  digest(): Promise<string>;
  /** Reads the rows from the start. */
  rows(): RowChunks;
  /**
   * What is wrong with the row at `where`, in the input's own terms: `line 3, column
   * folderName: missing` for a CSV, `--name: must not be empty` for a flag. `text` names
   * wire fields (`folderName: missing; folderId: …`).
   */
  problem(where: string, text: string): string;
  /** Removes the spool file, if one was made. */
  close(): Promise<void>;
}

/**
 * `--file PATH` (`-` for stdin), or values a command already holds (a repeatable flag's
 * values), which then go through the same validation, batching and result handling.
 * Values are named `item N`, 1-based, with `label` naming the whole (e.g. `--doc`).
 */
export type SourceSpec =
  | string
  | {
      values: readonly unknown[];
      label: string;
      /** The flag each wire field came from (`{ parentFolderId: '--parent' }`), for messages. */
      flags?: Readonly<Record<string, string>>;
    };

export interface OpenOptions {
  /**
   * Called, and read, only when the path is `-`: a command that reads no stdin makes no
   * stream of it (src/io/streams.ts says why).
   */
  stdin?: () => Readable;
  /** Overrides the extension and sniffing (`--format`). */
  format?: BulkFormat;
  /** What the items are; a list of ids may come one a line. */
  describe?: { idColumn?: string; idHeader?: boolean; fields?: FieldTree };
}

export function emptyInputError(label: string): UsageError {
  return new UsageError(`${label} has no items`, {
    hint: 'give a JSON array, NDJSON (one object a line) or CSV with a header row',
  });
}

export async function openSource(spec: SourceSpec, options: OpenOptions = {}): Promise<BulkSource> {
  if (typeof spec !== 'string') return valuesSource(spec.values, spec.label, spec.flags ?? {});
  if (spec === '-') {
    const stdin = options.stdin?.();
    if (!stdin) throw new UsageError('--file - reads stdin, but there is none here');
    const spooled = await plainText(await spoolTo(stdin, 'stdin'), 'stdin');
    // Runs fed different input on stdin are different work: each has a journal of its own.
    return fileSource(spooled, '-', 'stdin', `stdin ${spooled.sha256}`, options);
  }
  // Checked again as the run opens it: the file may have gone since the line was parsed.
  const info = readableFile(spec, `--file ${spec}`);
  // A pipe (`--file <(generate)`) or a device can be read only once: spool it like stdin.
  const given = info.isFile()
    ? { file: spec, remove: () => Promise.resolve() }
    : await spoolTo(createReadStream(spec), `--file ${spec}`);
  return fileSource(await plainText(given, spec), spec, spec, resolve(spec), options);
}

async function fileSource(
  spooled: CheckedFile,
  name: string,
  label: string,
  identity: string,
  options: OpenOptions,
): Promise<BulkSource> {
  try {
    const idColumn = options.describe?.idColumn;
    const header = options.describe?.idHeader;
    const fields = options.describe?.fields;
    const knownFields = fields ? new Set(fields.keys()) : undefined;
    const resolved = options.format ?? (await detectFormat(spooled.file, name, idColumn, header));
    if (!resolved) throw emptyInputError(label);
    const kind = resolved === 'csv' ? 'column' : 'field';
    return {
      label,
      identity,
      digest: () => Promise.resolve(spooled.sha256),
      rows: () => readRows(spooled.file, resolved, label, idColumn, header, knownFields),
      problem: (where, text) => {
        const [first, ...rest] = text.split(FIELD_PROBLEMS);
        if (rest.length === 0 || first !== '') return `${where}: ${text}`;
        return rest.map((part, i) => (i % 2 === 0 ? `${where}, ${kind} ${part}: ` : part)).join('');
      },
      close: () => spooled.remove(),
    };
  } catch (err) {
    await spooled.remove();
    throw err;
  }
}

/**
 * Splits `folderName: missing; folderId: too long` at each field name it starts with:
 * `['', 'folderName', 'missing; ', 'folderId', 'too long']`.
 */
const FIELD_PROBLEMS = /(?:^|(?<=; ))([A-Za-z_][\w.[\]]*): /;

function valuesSource(
  values: readonly unknown[],
  label: string,
  flags: Readonly<Record<string, string>>,
): BulkSource {
  const digest = createHash('sha256').update(JSON.stringify(values)).digest('hex');
  return {
    label,
    // Runs given different items by their flags are different work, as with stdin.
    identity: `${label} ${digest}`,
    digest: () => Promise.resolve(digest),
    async *rows() {
      const chunk: SourceRow[] = values.map((value, i) => ({ where: `item ${i + 1}`, value }));
      if (chunk.length > 0) yield chunk;
    },
    // One item from flags needs no number; a field is named by its flag where there is one.
    problem: (where, text) => {
      const named = text
        .split(FIELD_PROBLEMS)
        .map((part, i) => (i % 2 === 1 ? `${flags[part] ?? part}: ` : part))
        .join('');
      return values.length === 1 ? named : `${where}: ${named}`;
    },
    close: () => Promise.resolve(),
  };
}
