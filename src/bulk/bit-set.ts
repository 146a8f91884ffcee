/**
 * One bit for each item of an input, by its position: a million items cost 125 KB, where
 * a set of their ids would cost tens of megabytes, and a position is exact where a hash of
 * an id is only probable.
 */
export class BitSet {
  private readonly bits: Uint8Array;
  private members = 0;

  constructor(readonly capacity: number) {
    this.bits = new Uint8Array(Math.ceil(capacity / 8));
  }

  get size(): number {
    return this.members;
  }

  has(i: number): boolean {
    return ((this.bits[i >> 3] ?? 0) & (1 << (i & 7))) !== 0;
  }

  /** Adds `i`; false when it was present already. */
  add(i: number): boolean {
    if (this.has(i)) return false;
    this.bits[i >> 3] = (this.bits[i >> 3] ?? 0) | (1 << (i & 7));
    this.members++;
    return true;
  }

  /** Removes `i`; false when it was absent. */
  delete(i: number): boolean {
    if (!this.has(i)) return false;
    this.bits[i >> 3] = (this.bits[i >> 3] ?? 0) & ~(1 << (i & 7));
    this.members--;
    return true;
  }
}
