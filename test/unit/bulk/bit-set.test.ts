import { describe, expect, it } from 'vitest';
import { BitSet } from '../../../src/bulk/bit-set.js';

describe('BitSet', () => {
  it('adds, finds and removes positions, counting its members', () => {
    const set = new BitSet(20);
    expect(set.add(0)).toBe(true);
    expect(set.add(9)).toBe(true);
    expect(set.add(19)).toBe(true);
    expect(set.add(9)).toBe(false);
    expect([0, 1, 8, 9, 10, 19].map((i) => set.has(i))).toEqual([
      true,
      false,
      false,
      true,
      false,
      true,
    ]);
    expect(set.size).toBe(3);
    expect(set.delete(9)).toBe(true);
    expect(set.delete(9)).toBe(false);
    expect(set.has(9)).toBe(false);
    expect(set.size).toBe(2);
  });

  it('holds a million positions in 125 KB', () => {
    const set = new BitSet(1_000_000);
    for (let i = 0; i < 1_000_000; i += 3) set.add(i);
    expect(set.size).toBe(333_334);
    expect(set.has(999_999)).toBe(true);
    expect(set.has(999_998)).toBe(false);
  });
});
