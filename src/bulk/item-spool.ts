import { open } from 'node:fs/promises';
import { privateTempFile, type PrivateTempFile } from '../io/temp-dir.js';
import type { PreparedItem } from './batches.js';
const { closeSync, writeSync } = process.getBuiltinModule('node:fs');

/** One validated item as it goes on the wire: its JSON, UTF-8. */
export type ItemJson = Buffer;

/** The item a spooled JSON was made from, for the few places that look into one. */
export function parseItemJson<Item>(json: ItemJson): Item {
  return JSON.parse(json.toString('utf8')) as Item;
}

/** What the first pass knows of a valid item besides its JSON. */
export interface SpooledItem {
  /** Key of its result: the id, or where the item came from (`line 7`). */
  key: string;
  /** Whether `key` is the item's id (what dependencies refer to) rather than where it was. */
  keyIsId: boolean;
  /** Where it came from, to name it in messages. */
  where: string;
  dependsOn: string | undefined;
}

/** Bytes of a record's header: the lengths of its JSON, key, place and dependency. */
const HEADER = 16;
/** Flags in the fourth length's top bit: whether the key is the id. */
const KEY_IS_ID = 0x8000_0000;
/** A dependency's length is stored plus one, so that 0 means none. */
const LENGTH_MASK = 0x7fff_ffff;
const WRITE_BYTES = 256 * 1024;
const READ_BYTES = 256 * 1024;

/**
 * The items the first pass found valid, each as the JSON it is sent as, in a private
 * temporary file. The second pass reads this rather than the input, so no item is read,
 * parsed, checked or serialized twice, what is sent is exactly what was validated, and
 * memory holds a window of batches whatever the input's size.
 *
 * A record is a header of four little-endian 32-bit lengths (JSON, key, place, dependency
 * plus one, with the key-is-id flag in the top bit of the last) and then those strings,
 * UTF-8. Ordinals are not stored: records are in input order.
 */
export class ItemSpool {
  private buffer = Buffer.allocUnsafe(WRITE_BYTES);
  private used = 0;
  private fd: number | undefined;

  private constructor(private readonly file: PrivateTempFile) {
    this.fd = file.fd;
  }

  static async create(): Promise<ItemSpool> {
    return new ItemSpool(await privateTempFile('svc-bulk-', 'items'));
  }

  /** Appends an item: `json` is its JSON text and `bytes` that text's length in UTF-8. */
  add(json: string, bytes: number, item: SpooledItem): void {
    const { key, where, dependsOn } = item;
    // UTF-8 takes at most three bytes per UTF-16 unit.
    const most = HEADER + bytes + 3 * (key.length + where.length + (dependsOn?.length ?? 0));
    if (this.used + most > this.buffer.length) {
      this.flush();
      if (most > this.buffer.length) this.buffer = Buffer.allocUnsafe(most);
    }
    const buffer = this.buffer;
    const start = this.used;
    let at = start + HEADER;
    at += buffer.write(json, at, 'utf8');
    const keyBytes = buffer.write(key, at, 'utf8');
    at += keyBytes;
    const whereBytes = buffer.write(where, at, 'utf8');
    at += whereBytes;
    const dependsOnBytes = dependsOn === undefined ? 0 : buffer.write(dependsOn, at, 'utf8');
    at += dependsOnBytes;
    buffer.writeUInt32LE(bytes, start);
    buffer.writeUInt32LE(keyBytes, start + 4);
    buffer.writeUInt32LE(whereBytes, start + 8);
    const dependency = dependsOn === undefined ? 0 : dependsOnBytes + 1;
    buffer.writeUInt32LE((dependency | (item.keyIsId ? KEY_IS_ID : 0)) >>> 0, start + 12);
    this.used = at;
  }

  /** Ends writing; the records can then be read. */
  finish(): void {
    this.flush();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.buffer = Buffer.alloc(0);
  }

  /**
   * The records in input order, in chunks, as the items the batcher takes: an item's JSON
   * is a view of the buffer it was read into, so a chunk costs one allocation.
   */
  async *items(): AsyncGenerator<PreparedItem<ItemJson>[]> {
    for await (const chunk of this.records(false)) {
      yield chunk.map(({ json, item, ordinal }) => ({
        item: json,
        key: item.key,
        dependsOn: item.dependsOn,
        bytes: json.length,
        ordinal,
      }));
    }
  }

  /**
   * The records in input order, in chunks. `where` is left empty unless `withWhere`: only
   * messages need it, and a string per item is garbage a run would make for nothing.
   */
  async *records(
    withWhere = true,
  ): AsyncGenerator<{ json: ItemJson; item: SpooledItem; ordinal: number }[]> {
    const handle = await open(this.file.path, 'r');
    try {
      let ordinal = 0;
      let rest: Buffer = Buffer.alloc(0);
      for (;;) {
        const fresh = Buffer.allocUnsafe(Math.max(READ_BYTES, 2 * rest.length));
        rest.copy(fresh);
        const { bytesRead } = await handle.read(fresh, rest.length, fresh.length - rest.length);
        if (bytesRead === 0) break;
        const buffer = fresh.subarray(0, rest.length + bytesRead);
        const chunk: { json: ItemJson; item: SpooledItem; ordinal: number }[] = [];
        let at = 0;
        while (at + HEADER <= buffer.length) {
          const jsonBytes = buffer.readUInt32LE(at);
          const keyBytes = buffer.readUInt32LE(at + 4);
          const whereBytes = buffer.readUInt32LE(at + 8);
          const last = buffer.readUInt32LE(at + 12);
          const dependency = last & LENGTH_MASK;
          const dependsOnBytes = dependency === 0 ? 0 : dependency - 1;
          const end = at + HEADER + jsonBytes + keyBytes + whereBytes + dependsOnBytes;
          if (end > buffer.length) break;
          let from = at + HEADER;
          const json = buffer.subarray(from, (from += jsonBytes));
          const key = buffer.toString('utf8', from, (from += keyBytes));
          const where = withWhere ? buffer.toString('utf8', from, from + whereBytes) : '';
          from += whereBytes;
          const dependsOn =
            dependency === 0 ? undefined : buffer.toString('utf8', from, from + dependsOnBytes);
          chunk.push({
            json,
            item: { key, keyIsId: (last & KEY_IS_ID) !== 0, where, dependsOn },
            ordinal: ordinal++,
          });
          at = end;
        }
        rest = buffer.subarray(at);
        if (chunk.length > 0) yield chunk;
      }
      if (rest.length > 0)
        throw new Error('internal error: the spool of validated items is cut short');
    } finally {
      await handle.close();
    }
  }

  /** Removes the file; safe to call more than once. */
  async remove(): Promise<void> {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    await this.file.remove();
  }

  private flush(): void {
    if (this.used === 0 || this.fd === undefined) return;
    for (let at = 0; at < this.used;) at += writeSync(this.fd, this.buffer, at, this.used - at);
    this.used = 0;
  }
}

const COMMA = 0x2c;
const CLOSE = Buffer.from(']}}');

/**
 * Builds request bodies from serialized items: `{"data":{...members,"<itemsField>":[…]}}`,
 * byte for byte what `JSON.stringify` makes of the parsed items, without parsing them.
 */
export function batchBody(
  members: Readonly<Record<string, unknown>>,
  itemsField: string,
): (items: readonly ItemJson[]) => Buffer {
  const data = { ...members, [itemsField]: [] };
  // The items must be the last member, for the body to end with them: not so when the
  // members hold the field already, or when its name is an array index, which goes first.
  if (Object.hasOwn(members, itemsField) || Object.keys(data).at(-1) !== itemsField) {
    throw new Error(`internal error: ${itemsField} cannot end the request body`);
  }
  const empty = JSON.stringify({ data });
  const head = Buffer.from(empty.slice(0, -CLOSE.length));
  return (items) => {
    let size = head.length + CLOSE.length + Math.max(0, items.length - 1);
    for (const item of items) size += item.length;
    const body = Buffer.allocUnsafe(size);
    let at = head.copy(body, 0);
    items.forEach((item, i) => {
      if (i > 0) body[at++] = COMMA;
      at += item.copy(body, at);
    });
    CLOSE.copy(body, at);
    return body;
  };
}
