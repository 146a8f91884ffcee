import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UsageError } from '../errors/errors.js';
import { detectFormat, readRows, type BulkFormat, type RowChunks, type SourceRow } from './read.js';

/**
 * Where the items come from, readable more than once: every item is validated in a first
 * pass before the second pass sends anything, and neither pass holds all items.
 */
export interface BulkSource {
  /** Names the input in messages: the path as given, `stdin`, or the caller's label. */
  readonly label: string;
  /**
   * Which input this is, whatever it holds: the absolute path, `stdin`, or the label. A
   * journal is found again by it (and by the command), then checked against `digest`.
   */
  readonly identity: string;
  /** SHA-256 of what the input holds, hex: tells whether it changed between two runs. */
  digest(): Promise<string>;
  /** Reads the rows from the start. */
  rows(): RowChunks;
  /** Removes the spool file, if one was made. */
  close(): Promise<void>;
}

/**
 * `--file PATH` (`-` for stdin), or values a command already holds (a repeatable flag's
 * values), which then go through the same validation, batching and result handling.
 * Values are named `item N`, 1-based, with `label` naming the whole (e.g. `--doc`).
 */
export type SourceSpec = string | { values: readonly unknown[]; label: string };

export interface OpenOptions {
  /** Read when the path is `-`. */
  stdin?: Readable;
  /** Overrides the extension and sniffing (`--format`). */
  format?: BulkFormat;
  /** What the items are; a list of ids may come one a line. */
  describe?: { idColumn?: string };
}

export function emptyInputError(label: string): UsageError {
  return new UsageError(`${label} has no items`, {
    hint: 'give a JSON array, NDJSON (one object a line) or CSV with a header row',
  });
}

export async function openSource(spec: SourceSpec, options: OpenOptions = {}): Promise<BulkSource> {
  if (typeof spec !== 'string') return valuesSource(spec.values, spec.label);
  if (spec === '-') {
    if (!options.stdin) throw new UsageError('--file - reads stdin, but there is none here');
    return fileSource(await spool(options.stdin, 'stdin'), '-', 'stdin', 'stdin', options);
  }
  const info = await Promise.all([stat(spec), access(spec, constants.R_OK)]).then(
    ([found]) => found,
    (err: unknown) => {
      const code = (err as { code?: string }).code ?? 'unreadable';
      throw new UsageError(`cannot read --file ${spec}: ${code}`);
    },
  );
  if (info.isDirectory()) throw new UsageError(`--file ${spec} is a directory`);
  // A pipe (`--file <(generate)`) or a device can be read only once: spool it like stdin.
  if (!info.isFile()) {
    const spooled = await spool(createReadStream(spec), spec);
    return fileSource(spooled, spec, spec, resolve(spec), options);
  }
  const file = { file: spec, remove: () => Promise.resolve() };
  return fileSource(file, spec, spec, resolve(spec), options);
}

interface Spooled {
  file: string;
  remove(): Promise<void>;
}

/** Copies a read-once stream to a private temporary file, removed by `close()`. */
async function spool(input: Readable, label: string): Promise<Spooled> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-bulk-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const file = join(dir, 'input');
  try {
    await pipeline(input, createWriteStream(file, { mode: 0o600 }));
  } catch (err) {
    await remove();
    const code = (err as { code?: string }).code ?? (err instanceof Error ? err.message : 'error');
    throw new UsageError(`cannot read ${label}: ${code}`);
  }
  return { file, remove };
}

async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of createReadStream(file)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

async function fileSource(
  spooled: Spooled,
  name: string,
  label: string,
  identity: string,
  options: OpenOptions,
): Promise<BulkSource> {
  try {
    const resolved =
      options.format ?? (await detectFormat(spooled.file, name, options.describe?.idColumn));
    if (!resolved) throw emptyInputError(label);
    return {
      label,
      identity,
      digest: () => fileDigest(spooled.file),
      rows: () => readRows(spooled.file, resolved, label),
      close: () => spooled.remove(),
    };
  } catch (err) {
    await spooled.remove();
    throw err;
  }
}

function valuesSource(values: readonly unknown[], label: string): BulkSource {
  return {
    label,
    identity: label,
    digest: () =>
      Promise.resolve(createHash('sha256').update(JSON.stringify(values)).digest('hex')),
    async *rows() {
      const chunk: SourceRow[] = values.map((value, i) => ({ where: `item ${i + 1}`, value }));
      if (chunk.length > 0) yield chunk;
    },
    close: () => Promise.resolve(),
  };
}
