import { describe, expect, it } from 'vitest';
import { fitColumns } from '../../../src/io/fit-columns.js';

const table = [
  ['ID', 'NAME', 'ON'],
  ['a-long-identifier', 'a name that is longer than the rest', 'yes'],
];

describe('fitColumns', () => {
  it('leaves a table that fits alone', () => {
    expect(fitColumns(table, 80)).toBeUndefined();
    expect(fitColumns(table, undefined)).toBeUndefined();
  });

  it('narrows the widest columns first, to fill the width exactly', () => {
    const widths = fitColumns(table, 40) ?? [];
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(40);
    expect(widths[2]).toBe(5);
    expect(widths[1]).toBeGreaterThanOrEqual(widths[0] ?? 0);
  });

  it('keeps headers whole while it can, and fits a tiny width at the least', () => {
    expect(fitColumns(table, 20)?.[2]).toBe(5);
    const tiny = fitColumns(table, 12) ?? [];
    expect(tiny.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(12);
  });
});
