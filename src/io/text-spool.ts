import { readFile } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { privateTempFile, type PrivateTempFile } from './temp-dir.js';
const { closeSync, openSync, readSync, writeSync } = process.getBuiltinModule('node:fs');

/** Written in pieces of about this size: a write per piece of text would be a system call each. */
const FLUSH_AT = 64 * 1024;

/**
 * Text built piece by piece in a private temporary file and copied to an output only once
 * it is complete: a million-line result costs disk rather than memory, and the output
 * stays empty when the command fails before the end (output is whole or an error).
 */
export class TextSpool {
  private pending = '';

  private fd: number | undefined;

  private constructor(
    private readonly file: PrivateTempFile,
    private readonly out: Writable,
  ) {
    this.fd = file.fd;
  }

  /** A spool that `print()` copies to `out`. */
  static async open(out: Writable): Promise<TextSpool> {
    return new TextSpool(await privateTempFile('svc-out-', 'result'), out);
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
    if (!transform) return this.copyToOutput();
    this.out.write(transform(await readFile(this.file.path, 'utf8')));
  }

  /**
   * Copies the file to the output through one buffer, reused once the output has taken each
   * piece: a read stream would make a new buffer a piece, and a result of some megabytes
   * would sit in memory as those buffers until the collector next ran.
   */
  private async copyToOutput(): Promise<void> {
    const fd = openSync(this.file.path, 'r');
    try {
      const buffer = Buffer.allocUnsafe(FLUSH_AT);
      for (;;) {
        const read = readSync(fd, buffer, 0, buffer.length, null);
        if (read === 0) return;
        await new Promise<void>((resolve, reject) => {
          this.out.write(buffer.subarray(0, read), (err) => (err ? reject(err) : resolve()));
        });
      }
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Completes the file and gives its path, for a caller that reads it back (in passes, as
   * `users export` does) rather than printing it; `discard()` still removes it.
   */
  written(): string {
    this.flush();
    this.closeFile();
    return this.file.path;
  }

  /** Removes the file, whether or not it was copied; safe to call more than once. */
  async discard(): Promise<void> {
    this.closeFile();
    await this.file.remove();
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
