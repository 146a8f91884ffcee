import { describe, expect, it } from 'vitest';
import { hashId, IdHashSet } from '../../../src/bulk/id-set.js';

describe('IdHashSet', () => {
  it('adds each id once and knows it afterwards, across many resizes', () => {
    const set = new IdHashSet();
    const ids = Array.from({ length: 50_000 }, (_, i) => `folder-${i}`);
    expect(ids.filter((id) => set.add(id))).toHaveLength(50_000);
    expect(ids.filter((id) => set.add(id))).toHaveLength(0);
    expect(ids.every((id) => set.has(id))).toBe(true);
    // Absent ids are never reported present by mistake in practice (a miss is exact; a
    // false hit would need a 64-bit collision).
    expect(ids.filter((id) => set.has(`${id}-x`))).toEqual([]);
  });

  it('tells apart ids that differ only in order, case or length', () => {
    const set = new IdHashSet();
    for (const id of ['ab', 'ba', 'AB', 'a', 'ab\u0000', '', 'é', 'e\u0301']) {
      expect(set.add(id)).toBe(true);
    }
    expect(set.has('')).toBe(true);
    expect(set.has('abc')).toBe(false);
  });
});

describe('hashId', () => {
  it('leaves the lowest bit free for a mark, and is never (0, 0)', () => {
    for (let i = 0; i < 10_000; i++) {
      const [h1, h2] = hashId(`id-${i}`);
      expect((h2 ?? 1) & 1).toBe(0);
      expect(h1 === 0 && h2 === 0).toBe(false);
    }
  });
});
