import { privateTempFile, type PrivateTempFile } from '../io/temp-dir.js';
import { hashId, IdHashSet } from './id-set.js';
const { closeSync, openSync, readSync, writeSync } = process.getBuiltinModule('node:fs');

/** Buckets by the hash's top 8 bits: each holds about 1/256 of the input's ids. */
const BUCKETS = 256;
/** Records a bucket keeps in memory before it writes them out as one block. */
const BLOCK_RECORDS = 512;
/** A record is a hash's two 32-bit halves; the second's lowest bit marks a reference. */
const BLOCK_INTS = 2 * BLOCK_RECORDS;
const BLOCK_BYTES = 4 * BLOCK_INTS;
const REFERENCE = 1;

/**
 * Finds the ids an input may repeat, or refer to before they come, in memory that does not
 * grow with the input: the first pass hands over each item's id (`define`) and dependency
 * (`refer`) in input order; each is kept as its 64-bit hash in one of 256 buckets, whose
 * full blocks go to a private temporary file. `suspects()` then reads one bucket at a time
 * into sets of a 256th of the input. A hash hit is a suspect, as `IdHashSet` says; the
 * caller confirms suspects exactly.
 */
export class IdCheck {
  private readonly pending = new Int32Array(BUCKETS * BLOCK_INTS);
  private readonly counts = new Uint16Array(BUCKETS);
  /** Each bucket's blocks written so far, as offsets in the file, in input order. */
  private readonly blocks: number[][] = Array.from({ length: BUCKETS }, () => []);
  private written = 0;
  private fd: number | undefined;

  private constructor(private readonly file: PrivateTempFile) {
    this.fd = file.fd;
  }

  static async create(): Promise<IdCheck> {
    return new IdCheck(await privateTempFile('svc-bulk-', 'ids'));
  }

  /** The item with this id comes now. */
  define(id: string): void {
    const hash = hashId(id);
    this.record(hash[0] ?? 0, hash[1] ?? 0);
  }

  /** The item that comes now depends on the item with this id. */
  refer(id: string): void {
    const hash = hashId(id);
    this.record(hash[0] ?? 0, (hash[1] ?? 0) | REFERENCE);
  }

  /**
   * The hashes of ids defined more than once, or referred to before they were defined.
   * A reference to an id the input never defines is to something the service has already.
   */
  suspects(): IdHashSet {
    const suspects = new IdHashSet();
    const block = new Int32Array(BLOCK_INTS);
    const bytes = new Uint8Array(block.buffer);
    // The file was opened to write only; blocks are read back through a second descriptor.
    const reader = this.written > 0 ? openSync(this.file.path, 'r') : undefined;
    try {
      for (let bucket = 0; bucket < BUCKETS; bucket++) {
        const defined = new IdHashSet();
        const referredEarly = new IdHashSet();
        const visit = (records: Int32Array, from: number, count: number): void => {
          for (let i = from; i < from + 2 * count; i += 2) {
            const h1 = records[i] ?? 0;
            const tagged = records[i + 1] ?? 0;
            const h2 = tagged & ~REFERENCE;
            if ((tagged & REFERENCE) !== 0) {
              if (!defined.hasHash(h1, h2)) referredEarly.addHash(h1, h2);
            } else if (!defined.addHash(h1, h2) || referredEarly.hasHash(h1, h2)) {
              suspects.addHash(h1, h2);
            }
          }
        };
        for (const offset of this.blocks[bucket] ?? []) {
          readBlock(reader, bytes, offset);
          visit(block, 0, BLOCK_RECORDS);
        }
        visit(this.pending, bucket * BLOCK_INTS, this.counts[bucket] ?? 0);
      }
    } finally {
      if (reader !== undefined) closeSync(reader);
    }
    return suspects;
  }

  /** Removes the file; safe to call more than once. */
  async remove(): Promise<void> {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    await this.file.remove();
  }

  private record(h1: number, h2: number): void {
    const bucket = h1 >>> 24;
    const count = this.counts[bucket] ?? 0;
    const at = bucket * BLOCK_INTS + 2 * count;
    this.pending[at] = h1;
    this.pending[at + 1] = h2;
    if (count + 1 < BLOCK_RECORDS) {
      this.counts[bucket] = count + 1;
      return;
    }
    this.writeBlock(bucket);
    this.counts[bucket] = 0;
  }

  private writeBlock(bucket: number): void {
    if (this.fd === undefined) throw new Error('internal error: the id check was removed');
    const bytes = new Uint8Array(this.pending.buffer, bucket * BLOCK_BYTES, BLOCK_BYTES);
    for (let done = 0; done < BLOCK_BYTES;) {
      done += writeSync(this.fd, bytes, done, BLOCK_BYTES - done, this.written + done);
    }
    this.blocks[bucket]?.push(this.written);
    this.written += BLOCK_BYTES;
  }
}

function readBlock(fd: number | undefined, bytes: Uint8Array, offset: number): void {
  if (fd === undefined) throw new Error('internal error: no id check file to read');
  for (let done = 0; done < BLOCK_BYTES;) {
    const read = readSync(fd, bytes, done, BLOCK_BYTES - done, offset + done);
    if (read === 0) throw new Error('internal error: the id check file is cut short');
    done += read;
  }
}
