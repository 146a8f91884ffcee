/**
 * A set of strings that keeps a 63-bit hash of each member instead of the member. A
 * million ids cost 16 MiB here against about 50 MiB of heap for a `Set<string>`. The price
 * is that a hit means "probably present": two different ids collide with a chance of about
 * n²/2⁶⁴ (5·10⁻⁸ for a million), so callers treat a hit as a suspect and confirm it exactly
 * (see validate.ts). A miss is always exact.
 *
 * The hash's lowest bit is always 0, so that id-check.ts can mark a record with it.
 */
export class IdHashSet {
  /** Pairs of 32-bit halves; (0, 0) marks an empty slot, so no hash is ever (0, 0). */
  private table = new Int32Array(2 * 1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds the id; false when it was (probably) present already. */
  add(id: string): boolean {
    const hash = hashId(id);
    return this.addHash(hash[0] ?? 0, hash[1] ?? 0);
  }

  /** True when the id is (probably) present; false means certainly absent. */
  has(id: string): boolean {
    const hash = hashId(id);
    return this.hasHash(hash[0] ?? 0, hash[1] ?? 0);
  }

  /** `add` for an id already hashed by `hashId`. */
  addHash(h1: number, h2: number): boolean {
    const slot = this.find(h1, h2);
    if (this.table[slot] !== 0 || this.table[slot + 1] !== 0) return false;
    this.table[slot] = h1;
    this.table[slot + 1] = h2;
    this.count++;
    // Linear probing stays short below half full.
    if (this.count * 2 > this.table.length / 2) this.grow();
    return true;
  }

  /** `has` for an id already hashed by `hashId`. */
  hasHash(h1: number, h2: number): boolean {
    const slot = this.find(h1, h2);
    return this.table[slot] !== 0 || this.table[slot + 1] !== 0;
  }

  /** The slot holding the hash, or the empty slot where it would go. */
  private find(h1: number, h2: number): number {
    const mask = this.table.length / 2 - 1;
    for (let i = h1 & mask; ; i = (i + 1) & mask) {
      const a = this.table[2 * i];
      const b = this.table[2 * i + 1];
      if ((a === 0 && b === 0) || (a === h1 && b === h2)) return 2 * i;
    }
  }

  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      const a = old[i] ?? 0;
      const b = old[i + 1] ?? 0;
      if (a === 0 && b === 0) continue;
      const slot = this.find(a, b);
      this.table[slot] = a;
      this.table[slot + 1] = b;
    }
  }
}

const lastHash = new Int32Array(2);

/**
 * An id's hash as two 32-bit halves: two hashes of its UTF-16 code units with different
 * multipliers and seeds, each finished with murmur3's avalanche so that the low bits of the
 * first (a table's slot) and its top bits (id-check.ts's bucket) are well mixed. The second
 * half's lowest bit is cleared, and the pair is never (0, 0). The array returned is reused
 * by the next call: read it before hashing again.
 */
export function hashId(id: string): Int32Array {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 13;
  }
  a = fmix(a ^ id.length);
  b = fmix(b ^ Math.imul(id.length, 0x27d4eb2f)) & ~1;
  lastHash[0] = a;
  lastHash[1] = a === 0 && b === 0 ? 2 : b;
  return lastHash;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
