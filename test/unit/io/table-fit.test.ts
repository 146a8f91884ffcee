import { describe, expect, it } from 'vitest';
import { fitTable } from '../../../src/io/table-fit.js';

const layout = [
  { header: 'ID', path: 'key' },
  { header: 'SUCCESS', path: 'success' },
  { header: 'CODE', path: 'code' },
  { header: 'MESSAGE', path: 'message', wraps: true as const },
];
const cells = [
  ['N0VFiO7rL6AqZx3TbW0k', 'false', '', 'the document was not found in the organization'],
  ['plan', 'true', '', ''],
];

describe('fitTable', () => {
  it('keeps a table that fits as it is, less the columns nobody filled', () => {
    expect(fitTable(layout, cells, 200)).toEqual({
      blocks: false,
      shown: [0, 1, 3],
      widths: undefined,
    });
    expect(fitTable(layout, cells, undefined)).toMatchObject({ blocks: false, shown: [0, 1, 3] });
  });

  it('narrows only free text, down to its longest word', () => {
    const fit = fitTable(layout, cells, 50);
    expect(fit.blocks).toBe(false);
    if (fit.blocks) return;
    expect(fit.widths?.slice(0, 2)).toEqual([22, 9]);
    expect(fit.widths?.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(50);
    expect(fit.widths?.[2]).toBeGreaterThanOrEqual('organization'.length + 2);
  });

  it('turns to one record per block when the whole values cannot fit side by side', () => {
    expect(fitTable(layout, cells, 40)).toEqual({ blocks: true, shown: [0, 1, 3] });
    const names = [
      { header: 'NAME', path: 'name' },
      { header: 'ACTIVE', path: 'active' },
    ];
    expect(fitTable(names, [['ci-example.com-workspace-1', 'true']], 30).blocks).toBe(true);
  });
});
