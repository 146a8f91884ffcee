import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { privateTempDir } from './temp-dir.js';

/** Written in pieces of about this size: a write per piece of text would be a system call each. */
const FLUSH_AT = 64 * 1024;

/**
 * Text built piece by piece in a private temporary file and copied to an output only once
 * it is complete: a million-line result costs disk rather than memory, and the output
 * stays empty when the command fails before the end (output is whole or an error).
 */
export class TextSpool {
  private pending = '';

  private constructor(
    private readonly dir: string,
    private readonly file: string,
    private fd: number | undefined,
    private readonly out: Writable,
  ) {}

  /** A spool that `print()` copies to `out`. */
  static async open(out: Writable): Promise<TextSpool> {
    const dir = await privateTempDir('svc-out-');
    const file = join(dir, 'result');
    try {
      return new TextSpool(dir, file, openSync(file, 'wx', 0o600), out);
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  }

  append(text: string): void {
    this.pending += text;
    if (this.pending.length >= FLUSH_AT) this.flush();
  }

  /**
   * Copies what was appended to the output, minding backpressure; with `transform`, reads
   * it whole and prints what that makes of it instead.
   */
  async print(transform?: (text: string) => string): Promise<void> {
    this.flush();
    this.closeFile();
    if (!transform) {
      await pipeline(createReadStream(this.file), this.out, { end: false });
      return;
    }
    this.out.write(transform(await readFile(this.file, 'utf8')));
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
