import { describe, expect, it } from 'vitest';
import { cellText, getPath, toRows } from '../../../src/io/format.js';

describe('getPath', () => {
  it('follows a dotted path and stops at anything that is not an object', () => {
    const v = { a: { b: { c: 3 } }, s: 'text' };
    expect(getPath(v, 'a.b.c')).toBe(3);
    expect(getPath(v, 'a.b')).toEqual({ c: 3 });
    expect(getPath(v, 'a.x.c')).toBeUndefined();
    expect(getPath(v, 's.length')).toBeUndefined();
    expect(getPath(null, 'a')).toBeUndefined();
  });
});

describe('toRows', () => {
  const columns = [{ header: 'X', path: 'x' }];

  it('list: one row per element; a single object is one row', () => {
    expect(toRows([{ x: 1 }, { x: 2 }], { rows: 'list', columns })).toEqual([{ x: 1 }, { x: 2 }]);
    expect(toRows({ x: 1 }, { rows: 'list', columns })).toEqual([{ x: 1 }]);
  });

  it('list at a path inside data', () => {
    expect(toRows({ items: [{ x: 1 }] }, { rows: 'list', at: 'items', columns })).toEqual([
      { x: 1 },
    ]);
    expect(toRows({}, { rows: 'list', at: 'items', columns })).toEqual([]);
  });

  it('map: one row per member, with its name in key', () => {
    expect(
      toRows({ a: { success: true }, b: { success: false } }, { rows: 'map', columns }),
    ).toEqual([
      { key: 'a', success: true },
      { key: 'b', success: false },
    ]);
  });

  it('map of plain values: the value goes to a value column', () => {
    expect(toRows({ a: 1, b: null }, { rows: 'map', columns })).toEqual([
      { key: 'a', value: 1 },
      { key: 'b', value: null },
    ]);
  });

  it('record: one row; null or undefined data: none', () => {
    expect(toRows({ x: 1 }, { rows: 'record', columns })).toEqual([{ x: 1 }]);
    expect(toRows(null, { rows: 'record', columns })).toEqual([]);
    expect(toRows(undefined, { rows: 'map', columns })).toEqual([]);
  });
});

describe('cellText', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    ['plain', 'plain'],
    ['a\tb\nc\r\nd', 'a b c d'],
    [42, '42'],
    [false, 'false'],
    [['a', 'b', 3], 'a,b,3'],
    [[], ''],
    [{ k: 'v' }, '{"k":"v"}'],
  ])('%j is %j', (value, text) => {
    expect(cellText(value)).toBe(text);
  });
});
