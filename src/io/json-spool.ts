import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type JsonKind, JsonStreamWriter } from './json-stream.js';
import { privateTempDir } from './temp-dir.js';

/** Written in pieces of about this size: a write per member would be a system call each. */
const FLUSH_AT = 64 * 1024;

/**
 * A JSON array or object built member by member in a private temporary file and copied to
 * stdout only once it is complete. A million-item result costs disk rather than memory,
 * and stdout stays empty when the command fails before the end, as the contract asks of
 * `--json` errors.
 */
export class JsonSpool {
  private pending = '';
  private readonly writer: JsonStreamWriter;

  private constructor(
    kind: JsonKind,
    private readonly dir: string,
    private readonly file: string,
    private fd: number | undefined,
    private readonly out: Writable,
    pretty: boolean,
  ) {
    this.writer = new JsonStreamWriter(kind, pretty, (text) => {
      this.pending += text;
      if (this.pending.length >= FLUSH_AT) this.flush();
    });
  }

  /** A spool that `print()` copies to `out`; `pretty` as `JSON.stringify(v, null, 2)`. */
  static async open(kind: JsonKind, out: Writable, pretty: boolean): Promise<JsonSpool> {
    const dir = await privateTempDir('svc-out-');
    const file = join(dir, 'result.json');
    try {
      return new JsonSpool(kind, dir, file, openSync(file, 'w', 0o600), out, pretty);
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  }

  /** Adds one member; `key` names it in an object. */
  add(value: unknown, key?: string): void {
    this.writer.push(value, key);
  }

  /** Completes the document and copies it to the output, minding backpressure. */
  async print(): Promise<void> {
    this.writer.end();
    this.flush();
    this.closeFile();
    await pipeline(createReadStream(this.file), this.out, { end: false });
  }

  /** Removes the file, whether or not it was copied; safe to call more than once. */
  async discard(): Promise<void> {
    this.closeFile();
    await rm(this.dir, { recursive: true, force: true });
  }

  private flush(): void {
    if (this.fd === undefined || this.pending === '') return;
    writeSync(this.fd, this.pending);
    this.pending = '';
  }

  private closeFile(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}
