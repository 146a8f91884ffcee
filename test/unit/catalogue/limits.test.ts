import { describe, expect, it } from 'vitest';
import {
  describeJsonExcess,
  findJsonExcess,
  MAX_COLLECTION_SIZE,
  MAX_JSON_DEPTH,
  MAX_STRING_LENGTH,
} from '../../../src/catalogue/limits.js';

const arrays = (levels: number): unknown =>
  JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('findJsonExcess', () => {
  it('walks a million levels without exhausting the stack', () => {
    expect(findJsonExcess(arrays(1_000_000))?.path).toHaveLength(MAX_JSON_DEPTH);
  });

  it('counts the value itself as a level, and the levels above it', () => {
    expect(findJsonExcess(arrays(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findJsonExcess(arrays(MAX_JSON_DEPTH + 1))).toBeDefined();
    expect(findJsonExcess(arrays(MAX_JSON_DEPTH - 3), { depthAbove: 3 })).toBeUndefined();
    expect(findJsonExcess(arrays(MAX_JSON_DEPTH - 2), { depthAbove: 3 })).toBeDefined();
  });

  it('reports the first excess in document order', () => {
    const value = {
      a: ['fine', 'x'.repeat(MAX_STRING_LENGTH + 1)],
      b: Array(MAX_COLLECTION_SIZE + 1).fill(0),
    };
    expect(findJsonExcess(value)?.path).toEqual(['a', 1]);
  });

  it('holds an object of plain values to the same limits as any other', () => {
    // Such an object, the usual bulk item, is decided without the walk: each limit it can
    // exceed is still found, at the same path, and nesting is still counted.
    const members = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`m${i}`, i]));
    expect(findJsonExcess(members(MAX_COLLECTION_SIZE), { depthAbove: 3 })).toBeUndefined();
    expect(findJsonExcess(members(MAX_COLLECTION_SIZE + 1), { depthAbove: 3 })).toEqual({
      path: [],
      problem: `has ${MAX_COLLECTION_SIZE + 1} members; at most ${MAX_COLLECTION_SIZE} are allowed`,
    });
    const long = { a: 1, b: 'x'.repeat(MAX_STRING_LENGTH + 1), c: null };
    expect(findJsonExcess(long, { depthAbove: 3 })?.path).toEqual(['b']);
    expect(findJsonExcess({ a: 'x'.repeat(MAX_STRING_LENGTH) })).toBeUndefined();
    expect(findJsonExcess({ a: 1 }, { depthAbove: MAX_JSON_DEPTH - 1 })).toBeUndefined();
    expect(findJsonExcess({ a: 1 }, { depthAbove: MAX_JSON_DEPTH })?.path).toEqual([]);
  });

  it('checks only nesting when asked to', () => {
    const big = { s: 'x'.repeat(MAX_STRING_LENGTH + 1), a: Array(MAX_COLLECTION_SIZE + 1) };
    expect(findJsonExcess(big, { depthOnly: true })).toBeUndefined();
    expect(findJsonExcess({ deep: arrays(MAX_JSON_DEPTH) }, { depthOnly: true })).toBeDefined();
  });

  it('names the path, eliding what is past the field', () => {
    const excess = findJsonExcess({ data: { 'odd key': arrays(500) } });
    expect(excess && describeJsonExcess(excess)).toBe(
      `data["odd key"][0][0][0][0][0][0]…: is nested too deeply: a request may nest objects and arrays at most ${MAX_JSON_DEPTH} levels`,
    );
    const long = findJsonExcess({ s: 'x'.repeat(MAX_STRING_LENGTH + 1) });
    expect(long && describeJsonExcess(long, 'data')).toBe(
      `data.s: is a string of ${MAX_STRING_LENGTH + 1} characters; at most ${MAX_STRING_LENGTH} are allowed`,
    );
  });
});
