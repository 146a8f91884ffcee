/**
 * A set of strings that keeps a 64-bit hash of each member instead of the member. A
 * million ids cost 16 MiB here against about 50 MiB of heap for a `Set<string>`, which
 * matters for the flat-memory import target (issue 7). The price is that a hit means
 * "probably present": two different ids collide with a chance of about n²/2⁶⁵ (3·10⁻⁸ for a
 * million), so callers treat a hit as a suspect and confirm it exactly (see validate.ts).
 * A miss is always exact.
 */
export class IdHashSet {
  /** Pairs of 32-bit halves; (0, 0) marks an empty slot, so no hash is ever (0, 0). */
  private table = new Int32Array(2 * 1024);
  private count = 0;
  private h1 = 0;
  private h2 = 0;

  /** Adds the id; false when it was (probably) present already. */
  add(id: string): boolean {
    this.hash(id);
    const slot = this.find();
    if (this.table[slot] !== 0 || this.table[slot + 1] !== 0) return false;
    this.table[slot] = this.h1;
    this.table[slot + 1] = this.h2;
    this.count++;
    // Linear probing stays short below half full.
    if (this.count * 2 > this.table.length / 2) this.grow();
    return true;
  }

  /** True when the id is (probably) present; false means certainly absent. */
  has(id: string): boolean {
    this.hash(id);
    const slot = this.find();
    return this.table[slot] !== 0 || this.table[slot + 1] !== 0;
  }

  /** The slot holding the current hash, or the empty slot where it would go. */
  private find(): number {
    const mask = this.table.length / 2 - 1;
    for (let i = this.h1 & mask; ; i = (i + 1) & mask) {
      const a = this.table[2 * i];
      const b = this.table[2 * i + 1];
      if ((a === 0 && b === 0) || (a === this.h1 && b === this.h2)) return 2 * i;
    }
  }

  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      const a = old[i] ?? 0;
      const b = old[i + 1] ?? 0;
      if (a === 0 && b === 0) continue;
      this.h1 = a;
      this.h2 = b;
      const slot = this.find();
      this.table[slot] = a;
      this.table[slot + 1] = b;
    }
  }

  /**
   * Two 32-bit hashes of the UTF-16 code units with different multipliers and seeds, each
   * finished with murmur3's avalanche so that the low bits (the slot) are well mixed.
   */
  private hash(id: string): void {
    let a = 0x811c9dc5;
    let b = 0x9747b28c;
    for (let i = 0; i < id.length; i++) {
      const c = id.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 13;
    }
    a = fmix(a ^ id.length);
    b = fmix(b ^ Math.imul(id.length, 0x27d4eb2f));
    this.h1 = a;
    this.h2 = a === 0 && b === 0 ? 1 : b;
  }
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
