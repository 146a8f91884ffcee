import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { UsageError } from '../errors/errors.js';
import { privateTempFile } from '../io/temp-dir.js';
import { fileReason } from '../io/file-reason.js';
const { createReadStream, createWriteStream } = process.getBuiltinModule('node:fs');

/** A file the readers can take as it is: UTF-8, and removed by `remove()` when it is a copy. */
export interface PlainFile {
  file: string;
  remove(): Promise<void>;
  /** SHA-256 of the text, hex, when it was computed on the way; else undefined. */
  sha256?: string;
}

/** A file the readers can take, with the SHA-256 of its text, hex. */
export type CheckedFile = PlainFile & { sha256: string };

const GZIP = [0x1f, 0x8b];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];

const startsWith = (head: Buffer, magic: readonly number[]) =>
  magic.every((byte, i) => head[i] === byte);

async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Copies a stream to a private temporary file, hashing it on the way. A temporary directory
 * of its own (0700 by mkdtemp) holds it, so the name cannot be taken by another user first.
 */
export async function spoolTo(
  input: Readable,
  label: string,
  ...transforms: Transform[]
): Promise<PlainFile> {
  const { path: file, fd, remove } = await privateTempFile('svc-bulk-', 'input');
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(piece: Buffer, _encoding, done) {
      hash.update(piece);
      done(null, piece);
    },
  });
  const writer = createWriteStream(file, { fd });
  try {
    await pipeline([input, ...transforms, hashing, writer]);
  } catch (err) {
    // The pipeline rejects as soon as the input fails, while the file may still be open;
    // it is removed once closed, as some systems refuse to remove an open file.
    if (!writer.closed) await once(writer, 'close').catch(() => undefined);
    await remove();
    throw new UsageError(`cannot read ${label}: ${fileReason(err)}`);
  }
  return { file, remove, sha256: hash.digest('hex') };
}

/** UTF-16 (either byte order, after its byte-order mark) as UTF-8, refusing what is not UTF-16. */
function utf16ToUtf8(littleEndian: boolean, label: string): Transform {
  const decoder = new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be', { fatal: true });
  const fail = () =>
    new UsageError(`${label} starts with a UTF-16 byte-order mark but is not valid UTF-16`);
  return new Transform({
    transform(piece: Buffer, _encoding, done) {
      try {
        done(null, Buffer.from(decoder.decode(piece, { stream: true }), 'utf8'));
      } catch {
        done(fail());
      }
    },
    flush(done) {
      try {
        done(null, Buffer.from(decoder.decode(), 'utf8'));
      } catch {
        done(fail());
      }
    },
  });
}

/**
 * The bytes after the first `skip` of a file: the readers see the text without its
 * UTF-16 byte-order mark, which the transcoding replaces.
 */
const readFrom = (file: string, skip: number) => createReadStream(file, { start: skip });

/**
 * Makes a file readable as UTF-8 text or says why it cannot be: gzip (by its magic bytes,
 * whatever the name) is decompressed, UTF-16 with a byte-order mark is transcoded, and the
 * text must then be valid UTF-8 without NUL bytes, or the first bad line is named with the
 * command that converts it. Every reader (CSV, NDJSON, JSON, lists of ids) reads the result,
 * so each accepts the same encodings. Anything copied is removed by the result's `remove`.
 */
export async function plainText(given: PlainFile, label: string): Promise<CheckedFile> {
  let current = given;
  try {
    let head = await headOf(current.file);
    if (startsWith(head, GZIP)) {
      const unpacked = await spoolTo(createReadStream(current.file), label, createGunzip());
      await current.remove();
      current = unpacked;
      head = await headOf(current.file);
    }
    const littleEndian = startsWith(head, UTF16LE_BOM);
    if (littleEndian || startsWith(head, UTF16BE_BOM)) {
      const transcoded = await spoolTo(
        readFrom(current.file, 2),
        label,
        utf16ToUtf8(littleEndian, label),
      );
      await current.remove();
      current = transcoded;
    }
    return { ...current, sha256: await checkUtf8(current.file, label) };
  } catch (err) {
    await current.remove();
    throw err;
  }
}

/** Bytes of a line with no break in it looked at before it is checked piecewise. */
const LONGEST_CARRY = 1024 * 1024;

/**
 * Reads the file once, checking each line: valid UTF-8 and no NUL byte. A line is checked
 * whole, so that a character split between two reads is not mistaken for a broken one; a
 * line longer than LONGEST_CARRY is checked up to its last ASCII byte, which always ends
 * a character. Returns the file's SHA-256, hex, which a journal needs: one read serves both.
 */
async function checkUtf8(file: string, label: string): Promise<string> {
  const hash = createHash('sha256');
  let carry: Buffer = Buffer.alloc(0);
  let line = 1;
  const check = (text: Buffer) => {
    if (isUtf8(text) && !text.includes(0)) {
      line += count(text, 0x0a);
      return;
    }
    for (let start = 0; start < text.length; line++) {
      const nl = text.indexOf(0x0a, start);
      const end = nl === -1 ? text.length : nl + 1;
      const part = text.subarray(start, end);
      if (part.includes(0)) throw nulError(label, line);
      if (!isUtf8(part)) throw notUtf8Error(label, line);
      if (nl === -1) return;
      start = end;
    }
  };
  for await (const piece of createReadStream(file, { highWaterMark: 256 * 1024 })) {
    hash.update(piece as Buffer);
    const text = carry.length > 0 ? Buffer.concat([carry, piece as Buffer]) : (piece as Buffer);
    let cut = text.lastIndexOf(0x0a) + 1;
    if (cut === 0 && text.length > LONGEST_CARRY) cut = lastAsciiEnd(text);
    check(text.subarray(0, cut));
    carry = text.subarray(cut);
  }
  check(carry);
  return hash.digest('hex');
}

function count(text: Buffer, byte: number): number {
  let n = 0;
  for (let at = text.indexOf(byte); at !== -1; at = text.indexOf(byte, at + 1)) n++;
  return n;
}

function lastAsciiEnd(text: Buffer): number {
  for (let i = text.length - 1; i >= 0; i--) if ((text[i] ?? 0) < 0x80) return i + 1;
  return text.length;
}

function notUtf8Error(label: string, line: number): UsageError {
  return new UsageError(`${label}: line ${line} is not valid UTF-8; nothing was sent`, {
    hint: `convert the file to UTF-8 first, e.g. iconv -f cp1252 -t utf-8 (spreadsheets on Windows save "CSV" as cp1252)`,
  });
}

function nulError(label: string, line: number): UsageError {
  return new UsageError(`${label}: line ${line} holds a NUL byte; nothing was sent`, {
    hint: 'is it UTF-16 without a byte-order mark? convert it first, e.g. iconv -f utf-16le -t utf-8',
  });
}
