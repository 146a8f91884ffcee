import { createHash } from 'node:crypto';
import { chmod } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { JournalError, LockedError, UsageError } from '../errors/errors.js';
import { makeDirectories } from '../io/make-dir.js';
import { lockHolder, takeRunLock } from '../io/run-lock.js';
import { count } from '../io/plural.js';
import { fileReason } from '../io/file-reason.js';
import type { PreparedItem } from './batches.js';
import {
  PROGRESS_FILE_VERSION,
  JournalWriteError,
  ProgressWriter,
  confirm,
  emptyStates,
  markUnknown,
  readHeader,
  readStates,
  removeJournal,
  replayProgress,
  type ItemStates,
  type ProgressHeader,
} from './progress-file.js';
import { isUnknownOutcome, type ItemResult } from './result.js';
import { resultOf, type SendBatch } from './send.js';
import type { BulkSource } from './source.js';

/** Where a run says what it found: a resumed run's start, a journal it replaces. */
export interface Notices {
  info(line: string): void;
  warn(line: string): void;
}

export interface RunProgressOptions<Item> {
  /** The directory of journals; made private (0700) if need be. */
  dir: string;
  /** The catalogue operation, for the header. */
  operation: string;
  /**
   * What besides the input makes two runs the same work: the command, the members of
   * `data` beside the items, the service and the key it is sent with. Only a hash of it
   * is kept (as the journal's name), so it may hold anything.
   */
  scope: unknown;
  /** `--resume`: send only what earlier runs did not get confirmed. */
  resume: boolean;
  /** `--resend-unknown`: with `resume`, send items whose outcome is unknown again too. */
  resendUnknown: boolean;
  /**
   * `--restart`: send every item again although an earlier run of the same work stopped
   * part way; without it, a rerun of an operation that is not idempotent is refused.
   */
  restart: boolean;
  /** The catalogue's word: whether the operation may be sent twice without harm. */
  operationIdempotent: boolean;
  /** Whether sending the item twice does no harm (an item of an idempotent operation). */
  idempotent: (item: Item) => boolean;
  /**
   * Whether a batch's failure means that none of its items was applied (the service
   * refused the request as a whole), so that they are not left as unknown.
   */
  notApplied?: (error: unknown) => boolean;
  /** Reads the journal to plan a --dry-run: no lock is taken and nothing is written. */
  readOnly?: boolean;
  notices: Notices;
}

/** Where a stopped run's journal stands, for the message that tells how to resume it. */
export interface ProgressSummary {
  file: string;
  total: number;
  /** Items answered for sure, by this run and those before it. */
  confirmed: number;
  /** Items sent without a definite answer that `--resume` does not send again. */
  unknown: number;
}

/**
 * The progress of one bulk run, kept in its journal file (progress-file.ts has the format),
 * found by a hash of the scope
 * and the input's identity, and valid for the input whose SHA-256 it names. The run
 * records each answer as it arrives, whatever order the batches complete in, so a kill -9
 * loses only the requests that were out. A resumed run skips what is confirmed, hands the
 * earlier results on first so that its output is one complete document, and sends the
 * rest; the journal is removed once every item is confirmed.
 *
 * An item whose outcome is unknown (its request was out when svc stopped, or the
 * connection failed after it was sent) is sent again by `--resume` when that is harmless
 * (idempotent), and otherwise reported as unknown until `--resend-unknown` says to send it
 * again: only the user can check whether it was applied.
 *
 * Memory stays flat: two bits per item of the input, whatever the journal's length.
 */
export class RunProgress<Item> {
  private file: string | undefined;
  private header: ProgressHeader | undefined;
  private states: ItemStates | undefined;
  /** Made when the first batch is about to be sent: a run that sends nothing leaves none. */
  private writer: Promise<ProgressWriter | undefined> | undefined;
  private opened: ProgressWriter | undefined;
  private release: (() => Promise<void>) | undefined;
  private removed = false;
  /** Whether a request of this run may have reached the service (not refused as a whole). */
  private sentAny = false;

  constructor(private readonly options: RunProgressOptions<Item>) {}

  /**
   * Finds the journal for this input once it is known to be valid, and returns how many of
   * its `total` items this run is to send. With `resume`, refuses (UsageError) when there is
   * no journal, or it is for other contents. Without, an earlier run's journal means that
   * run stopped part way: a rerun of an operation that is not idempotent is refused unless
   * `restart`, and otherwise noted; it is replaced when sending starts. A journal that
   * cannot be kept is warned about, and the run goes on without one.
   */
  async open(source: BulkSource, total: number): Promise<number> {
    const { options } = this;
    if (options.restart && options.resume) {
      throw new UsageError('give either --resume or --restart, not both');
    }
    const name = createHash('sha256')
      .update(JSON.stringify([PROGRESS_FILE_VERSION, options.scope, source.identity]))
      .digest('hex')
      .slice(0, 32);
    const file = join(options.dir, `${name}.ndjson`);
    try {
      // A dry run only reads: it creates nothing, and finds no journal where there is none.
      if (!options.readOnly) {
        makeDirectories(options.dir, 0o700);
        await chmod(options.dir, 0o700);
        const lock = await takeRunLock(file, (err) =>
          options.notices.warn(`the journal's lock ${file}.lock was lost (${fileReason(err)})`),
        );
        if (!lock) {
          const pid = lockHolder(file);
          throw new LockedError(
            `another svc${pid === undefined ? '' : ` (pid ${pid})`} is running this command with the same input`,
            { hint: `wait for it to end, then run this again; its journal is ${file}` },
          );
        }
        this.release = lock.release;
      }
    } catch (err) {
      if (err instanceof LockedError || options.resume) throw err;
      this.cannotKeep(options.dir, err);
      return total;
    }
    this.file = file;
    this.header = {
      journal: 'svc bulk',
      version: PROGRESS_FILE_VERSION,
      operation: options.operation,
      input: source.label,
      sha256: await source.digest(),
      items: total,
    };
    const earlier = await readHeader(file);
    const same =
      typeof earlier === 'object' &&
      earlier.version === PROGRESS_FILE_VERSION &&
      earlier.operation === options.operation &&
      earlier.sha256 === this.header.sha256 &&
      earlier.items === total;

    if (!options.resume) {
      if (same && !options.restart) {
        const stopped = `an earlier run of this command with the same input stopped before every item was confirmed (journal: ${file})`;
        if (!options.operationIdempotent && !options.readOnly) {
          throw new UsageError(
            `${stopped}; sending every item again may apply some twice, so this run sends nothing`,
            {
              hint: 'rerun with --resume to send only what was not confirmed, or with --restart to send every item again',
            },
          );
        }
        options.notices.warn(
          `${stopped}; --resume sends only the rest. This run sends every item.`,
        );
      }
      this.states = emptyStates(total);
      return total;
    }
    if (earlier === 'missing') {
      throw new UsageError(
        `nothing to resume: no run of this command with ${source.label} left a journal`,
        { hint: 'the last run may have finished; without --resume every item is sent' },
      );
    }
    if (!same) {
      throw new UsageError(
        earlier === 'damaged'
          ? `the journal ${file} cannot be read`
          : `${source.label} is not what the interrupted run read, so its journal does not apply`,
        { hint: `without --resume every item is sent (journal: ${file})` },
      );
    }
    const states = await readStates(file, total);
    this.states = states;
    const unknown = states.unknown.size;
    const toSend = total - states.confirmed.size - (options.resendUnknown ? 0 : unknown);
    const held =
      unknown > 0 && !options.resendUnknown
        ? `; ${count(unknown, 'item')} whose outcome is unknown ${unknown === 1 ? 'is' : 'are'} not sent again (--resend-unknown sends them)`
        : '';
    options.notices.info(
      `resuming: ${states.confirmed.size.toLocaleString('en-US')} of ${count(total, 'item')} were confirmed earlier; sending ${toSend.toLocaleString('en-US')}${held}`,
    );
    return toSend;
  }

  private cannotKeep(where: string, err: unknown): void {
    this.options.notices.warn(
      `cannot keep a journal in ${where} (${fileReason(err)}); if this run stops, --resume cannot pick it up`,
    );
  }

  /**
   * The journal's writer, made on the first call: a fresh run's replaces the old journal,
   * a resumed run's appends to it. Undefined when no journal is kept (a fresh one that
   * could not be made was warned about).
   */
  private writerFor(): Promise<ProgressWriter | undefined> {
    this.writer ??= (async () => {
      const { file, header } = this;
      if (!file || !header || this.options.readOnly) return undefined;
      try {
        this.opened = this.options.resume
          ? await ProgressWriter.append(file)
          : await ProgressWriter.create(file, header);
        return this.opened;
      } catch (err) {
        if ((err as { code?: string }).code === 'ELOOP') {
          throw new UsageError(
            `the journal ${file} is a symbolic link, which svc does not write through`,
            { hint: 'remove the link; without --resume every item is sent' },
          );
        }
        if (this.options.resume) throw journalError(file, err);
        // Nothing is sent yet: the run goes on as one whose state directory is unusable.
        this.cannotKeep(file, err);
        this.file = undefined;
        return undefined;
      }
    })();
    return this.writer;
  }

  /** A resumed run's earlier results, each once, before anything is sent. */
  async carryOver(emit: (key: string, result: ItemResult) => void): Promise<void> {
    const { file, states } = this;
    if (!this.options.resume || !file || !states) return;
    await replayProgress(file, states, !this.options.resendUnknown, emit);
  }

  /**
   * The items this run sends (or, for `--dry-run`, would send): with `resume`, those an
   * earlier run did not settle, known by their place in the input.
   */
  unsent(
    items: AsyncIterable<readonly PreparedItem<Item>[]>,
  ): AsyncIterable<readonly PreparedItem<Item>[]> {
    const { states } = this;
    if (!this.options.resume || !states) return items;
    const settled = (i: number) =>
      states.confirmed.has(i) || (!this.options.resendUnknown && states.unknown.has(i));
    return (async function* () {
      for await (const chunk of items) {
        const left = chunk.filter((p) => !settled(p.ordinal));
        if (left.length > 0) yield left;
      }
    })();
  }

  /**
   * `send`, recording each batch in the journal: the items that must not be sent twice
   * before the request leaves (a batch whose intent cannot be recorded is not sent), and the
   * answers as they arrive. What the run counts as confirmed is what the journal holds.
   */
  recorded(send: SendBatch<Item>): SendBatch<Item> {
    if (!this.file || !this.states || this.options.readOnly) return send;
    return async (items, keys, ordinals) => {
      const { states } = this;
      const writer = await this.writerFor();
      if (!writer || !states) return send(items, keys, ordinals);
      const again = items.map((item) => this.options.idempotent(item));
      const once = ordinals.flatMap((i, n) => (again[n] ? [] : [{ i, key: keys[n] as string }]));
      if (once.length > 0) {
        this.write(() => writer.sending(once));
        for (const { i } of once) markUnknown(states, i);
      }
      let answer;
      try {
        answer = await send(items, keys, ordinals);
      } catch (err) {
        if (!this.options.notApplied?.(err)) this.sentAny = true;
        else if (once.length > 0) this.withdraw(writer, once);
        throw err;
      }
      this.sentAny = true;
      const records: { i: number; key: string; result: ItemResult }[] = [];
      const settle: (() => void)[] = [];
      keys.forEach((key, n) => {
        const i = ordinals[n] as number;
        const result = resultOf(answer, key);
        if (!isUnknownOutcome(result)) settle.push(() => confirm(states, i));
        else if (!again[n]) settle.push(() => markUnknown(states, i));
        // Not confirmed, and safe to send again: nothing to remember.
        else return;
        records.push({ i, key, result });
      });
      this.write(() => writer.answered(records));
      for (const apply of settle) apply();
      return answer;
    };
  }

  /** Items whose request was refused as a whole go back to unsent, if the journal says so. */
  private withdraw(writer: ProgressWriter, entries: readonly { i: number }[]): void {
    try {
      writer.unsent(entries.map((e) => e.i));
    } catch {
      // Left as unknown in the journal, and so here: the run stops on its error anyway.
      return;
    }
    for (const { i } of entries) this.states?.unknown.delete(i);
  }

  private write(action: () => void): void {
    try {
      action();
    } catch (err) {
      if (err instanceof JournalWriteError) throw journalError(err.file, err.cause);
      throw err;
    }
  }

  /** At the end of a run that sent everything: the journal goes once every item is confirmed. */
  async finish(): Promise<void> {
    const { file, states } = this;
    if (!file || !states || this.options.readOnly) return;
    if (!this.options.resume && !this.opened) return;
    this.opened?.close();
    if (states.confirmed.size === states.confirmed.capacity) {
      await removeJournal(file);
      this.removed = true;
    }
  }

  /** Where the journal stands; undefined when there is none to resume from. */
  summary(): ProgressSummary | undefined {
    const { file, states } = this;
    if (!file || !states || this.removed) return undefined;
    if (!this.options.resume && !this.opened) return undefined;
    return {
      file,
      total: states.confirmed.capacity,
      confirmed: states.confirmed.size,
      unknown: states.unknown.size,
    };
  }

  /**
   * Flushes the journal and releases the lock; safe to call more than once. A fresh run's
   * journal is removed when the run sent nothing that reached the service (its first
   * request was refused as a whole, or checked and refused here): there is nothing to
   * resume.
   */
  async close(): Promise<void> {
    this.opened?.close();
    const { file } = this;
    if (file && this.opened && !this.options.resume && !this.removed && !this.sentAny) {
      await removeJournal(file);
      this.removed = true;
    }
    await this.release?.();
    this.release = undefined;
  }
}

/** A journal that cannot be written stops the run: what it did not record is not sent. */
function journalError(file: string, cause: unknown): JournalError {
  return new JournalError(
    `cannot write the journal ${file} (${fileReason(cause)}); nothing more is sent`,
    { cause, hint: `--resume needs room on the disk that holds ${dirname(file)}` },
  );
}
