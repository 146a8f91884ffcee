import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { processAlive } from '../io/temp-dir.js';
import { BitSet } from './bit-set.js';
import { readRows } from './read.js';
import { isUnknownOutcome, unknownOutcome, type ItemResult } from './result.js';
const { closeSync, constants, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } =
  process.getBuiltinModule('node:fs');

/**
 * A bulk run's journal: NDJSON, a header line and then one line per event, appended as the
 * run goes and by every run that resumes it. Items are named by their position in the input
 * (the header pins the input by its SHA-256), so reading a journal back costs two bits per
 * item however long their ids are. Lines:
 *
 * - `{"i":12,"k":"f12","r":{…}}`: the service's answer for item 12, keyed `f12` in results.
 *   A definite answer (success or failure) confirms the item. An answer whose outcome is
 *   unknown is written only for an item that must not be sent twice.
 * - `{"sending":[12,13],"keys":["line 13","line 14"]}`: items that must not be sent twice
 *   (not idempotent), written and flushed to disk before their request leaves. If no answer
 *   follows, svc stopped while the request was out: the outcome is unknown.
 * - `{"unsent":[12,13]}`: the request of those items was refused as a whole before the
 *   service applied any of them (a 4xx answer): they are as if never sent.
 *
 * A line that does not parse (the tail of one cut short by a machine crash) is skipped:
 * whatever it recorded is then merely not confirmed.
 */

/**
 * 2: items are numbered by their place in the input, also where a run sends parents first;
 * a journal of version 1 numbered them after reordering, so it is never read as this one.
 */
export const PROGRESS_FILE_VERSION = 2;

/** Which run a journal belongs to. Nothing secret: the credentials only choose its name. */
export interface ProgressHeader {
  journal: 'svc bulk';
  version: number;
  /** The catalogue operation. */
  operation: string;
  /** The input as the user named it. */
  input: string;
  /** SHA-256 of the input's bytes, hex. */
  sha256: string;
  /** How many items the input holds. */
  items: number;
}

/** Every item's state as journals tell it, by position in the input. */
export interface ItemStates {
  /** Answered with a definite result, success or failure. */
  confirmed: BitSet;
  /** Sent without a definite answer, and not safe to send again; never also confirmed. */
  unknown: BitSet;
}

export function emptyStates(items: number): ItemStates {
  return { confirmed: new BitSet(items), unknown: new BitSet(items) };
}

export function confirm(states: ItemStates, i: number): void {
  states.confirmed.add(i);
  states.unknown.delete(i);
}

export function markUnknown(states: ItemStates, i: number): void {
  if (!states.confirmed.has(i)) states.unknown.add(i);
}

/** The message of an item whose request was out when an earlier run stopped. */
const IN_DOUBT =
  'svc stopped before the service answered: it may or may not have been applied; --resend-unknown sends it again';

type Event =
  | { kind: 'answer'; i: number; key: string; result: ItemResult }
  | { kind: 'sending'; i: number; key: string }
  | { kind: 'unsent'; i: number };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPosition(value: unknown, items: number): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < items;
}

/** The events of one line; none for a line that is not one this module writes. */
function eventsOf(value: unknown, items: number): Event[] {
  if (!isObject(value)) return [];
  const { i, k, r, sending, keys, unsent } = value;
  if (isPosition(i, items) && typeof k === 'string' && isObject(r)) {
    return typeof r.success === 'boolean'
      ? [{ kind: 'answer', i, key: k, result: r as ItemResult }]
      : [];
  }
  if (Array.isArray(unsent)) {
    return unsent.flatMap((at) =>
      isPosition(at, items) ? [{ kind: 'unsent' as const, i: at }] : [],
    );
  }
  if (Array.isArray(sending) && Array.isArray(keys) && sending.length === keys.length) {
    return sending.flatMap((at, n) => {
      const key: unknown = keys[n];
      return isPosition(at, items) && typeof key === 'string'
        ? [{ kind: 'sending' as const, i: at, key }]
        : [];
    });
  }
  return [];
}

async function* events(file: string, items: number): AsyncGenerator<Event> {
  let first = true;
  for await (const chunk of readRows(file, 'ndjson', file)) {
    for (const row of chunk) {
      if (first) {
        first = false;
        continue;
      }
      if (row.error === undefined) yield* eventsOf(row.value, items);
    }
  }
}

/** A journal's header; `missing` when there is no journal, `damaged` when it is not one. */
export async function readHeader(file: string): Promise<ProgressHeader | 'missing' | 'damaged'> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return 'missing';
    throw err;
  }
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const line = buffer.subarray(0, bytesRead).toString('utf8').split('\n')[0] ?? '';
    const header = JSON.parse(line) as unknown;
    if (
      isObject(header) &&
      header.journal === 'svc bulk' &&
      typeof header.operation === 'string' &&
      typeof header.input === 'string' &&
      typeof header.sha256 === 'string' &&
      Number.isInteger(header.items) &&
      typeof header.version === 'number'
    ) {
      return header as unknown as ProgressHeader;
    }
    return 'damaged';
  } catch {
    return 'damaged';
  } finally {
    await handle.close();
  }
}

/** Every item's state after the runs a journal records. */
export async function readStates(file: string, items: number): Promise<ItemStates> {
  const states = emptyStates(items);
  for await (const event of events(file, items)) {
    if (event.kind === 'unsent') states.unknown.delete(event.i);
    else if (event.kind === 'answer' && !isUnknownOutcome(event.result)) confirm(states, event.i);
    else markUnknown(states, event.i);
  }
  return states;
}

/**
 * Hands on each earlier result a resumed run keeps, once per item: the definite answer of a
 * confirmed item, and, when `withUnknown`, the first word on an item whose outcome is
 * unknown. In the order the answers came, which is about the input's.
 */
export async function replayProgress(
  file: string,
  states: ItemStates,
  withUnknown: boolean,
  emit: (key: string, result: ItemResult) => void,
): Promise<void> {
  const emitted = new BitSet(states.confirmed.capacity);
  for await (const event of events(file, states.confirmed.capacity)) {
    const { i } = event;
    if (event.kind === 'unsent') continue;
    const definite = event.kind === 'answer' && !isUnknownOutcome(event.result);
    const wanted = definite ? states.confirmed.has(i) : withUnknown && states.unknown.has(i);
    if (!wanted || !emitted.add(i)) continue;
    emit(event.key, event.kind === 'answer' ? event.result : unknownOutcome(IN_DOUBT));
  }
}

/**
 * A machine that crashes loses what was written in its last moments unless it was flushed
 * to disk; flushing each answer would cost a disk flush per batch. Answers are flushed at
 * most this often, so a crash of the machine (not of svc, which loses nothing written)
 * leaves that much confirmed work to be sent again, which is safe: what must not be sent
 * twice is flushed before it is sent.
 */
const FLUSH_EVERY_MS = 1_000;

/**
 * Removes the temporary journals of runs killed between making one and putting it in place
 * (their names hold the process id); a live run's is left alone.
 */
async function removeLeftTemporaries(file: string): Promise<void> {
  const prefix = `${basename(file)}.`;
  const names = await readdir(dirname(file)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(/^(\d+)\.[0-9a-f]+\.new$/.exec(name.slice(prefix.length))?.[1]);
    if (!name.startsWith(prefix) || !Number.isInteger(pid) || processAlive(pid)) continue;
    await rm(join(dirname(file), name), { force: true });
  }
}

/**
 * Opens a journal to append to, and to read its last byte; never through a symbolic link
 * (O_NOFOLLOW), so that a link planted in its place cannot redirect the writes.
 */
function openAppending(file: string): number {
  return openSync(file, constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW, 0o600);
}

/**
 * The journal could not be written (a full disk, an I/O error): what it holds is whole, and
 * the line that failed is not in it.
 */
export class JournalWriteError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`cannot write the journal ${file}`, { cause });
  }
}

/**
 * Appends a run's events to its journal. Writes are synchronous: one call per batch. A write
 * is whole or not there: one that fails part way (a disk filling up) is cut back off, so
 * that the journal never holds half a line, and every write after it fails the same way.
 */
export class ProgressWriter {
  private lastFlush: number;
  private failure: JournalWriteError | undefined;

  private constructor(
    private readonly file: string,
    private fd: number | undefined,
    /** The journal's length: where a write that fails is cut back to. */
    private size: number,
    private readonly now: () => number,
  ) {
    this.lastFlush = now();
  }

  /**
   * A new journal holding only `header`, replacing any earlier one in one step. The
   * temporary file has a name no other run uses and is created, never opened if it exists:
   * a symbolic link planted there is not followed, and its target is left alone.
   */
  static async create(
    file: string,
    header: ProgressHeader,
    now: () => number = Date.now,
  ): Promise<ProgressWriter> {
    await removeLeftTemporaries(file);
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.new`;
    try {
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(`${JSON.stringify(header)}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
    const fd = openAppending(file);
    return new ProgressWriter(file, fd, fstatSync(fd).size, now);
  }

  /** Appends to an existing journal, after ending a last line a crash may have cut short. */
  static async append(file: string, now: () => number = Date.now): Promise<ProgressWriter> {
    const fd = openAppending(file);
    const { size } = fstatSync(fd);
    const last = Buffer.alloc(1);
    if (size > 0) readSync(fd, last, 0, 1, size - 1);
    const writer = new ProgressWriter(file, fd, size, now);
    if (size > 0 && last[0] !== 0x0a) writer.write('\n');
    return writer;
  }

  /**
   * Items that must not be sent twice, on disk before their request leaves; throws
   * JournalWriteError when they cannot be, and then the request must not leave.
   */
  sending(entries: readonly { i: number; key: string }[]): void {
    const line = { sending: entries.map((e) => e.i), keys: entries.map((e) => e.key) };
    this.write(`${JSON.stringify(line)}\n`);
    this.flush();
  }

  /** Items whose request was refused as a whole, so that none of them was applied. */
  unsent(positions: readonly number[]): void {
    this.write(`${JSON.stringify({ unsent: positions })}\n`);
  }

  /** Answers as they arrive. */
  answered(records: readonly { i: number; key: string; result: ItemResult }[]): void {
    if (records.length === 0) return;
    let text = '';
    // The text of JSON.stringify({ i, k: key, r: result }), without an object per answer.
    for (const { i, key, result } of records)
      text += `{"i":${i},"k":${JSON.stringify(key)},"r":${JSON.stringify(result)}}\n`;
    this.write(text);
    if (this.now() - this.lastFlush >= FLUSH_EVERY_MS) this.flush();
  }

  /** Flushes and closes; safe to call more than once. */
  close(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      if (!this.failure) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  private write(text: string): void {
    if (this.failure) throw this.failure;
    if (this.fd === undefined) throw new Error('the journal is closed');
    const bytes = Buffer.from(text);
    try {
      // A disk that fills up takes part of a write and refuses the rest on the next call.
      for (let at = 0; at < bytes.length;) at += writeSync(this.fd, bytes, at);
    } catch (err) {
      this.failure = new JournalWriteError(this.file, err);
      try {
        ftruncateSync(this.fd, this.size);
      } catch {
        // A line cut short is skipped when the journal is read: only its news is lost.
      }
      throw this.failure;
    }
    this.size += bytes.length;
  }

  private flush(): void {
    if (this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } catch (err) {
      this.failure ??= new JournalWriteError(this.file, err);
      throw this.failure;
    }
    this.lastFlush = this.now();
  }
}

export const removeJournal = (file: string): Promise<void> => rm(file, { force: true });
