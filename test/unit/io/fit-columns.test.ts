import { describe, expect, it } from 'vitest';
import { fitColumns } from '../../../src/io/fit-columns.js';

describe('fitColumns', () => {
  it('narrows the widest columns first, to fill the width exactly', () => {
    const widths = fitColumns([19, 37, 5], [19, 8, 5], 40);
    expect(widths).toEqual([19, 16, 5]);
  });

  it('never goes below a floor, so a column kept whole keeps its width', () => {
    const widths = fitColumns([30, 37, 5], [30, 6, 5], 41);
    expect(widths[0]).toBe(30);
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(41);
  });
});
