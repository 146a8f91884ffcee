import { describe, expect, it } from 'vitest';
import { fitTable, isIdColumn, wrapWords } from '../../../src/io/table-fit.js';

const layout = [
  { header: 'ID', path: 'id' },
  { header: 'NAME', path: 'documentName' },
  { header: 'DISABLED', path: 'disabled' },
  { header: 'ACCESS', path: 'accessType' },
];
const cells = [['N0VFiO7rL6AqZx3TbW0k', 'a name that is longer than the rest', 'false', 'public']];

describe('fitTable', () => {
  it('knows id columns by header or field', () => {
    expect(layout.map(isIdColumn)).toEqual([true, false, false, false]);
    expect(isIdColumn({ header: 'DOCUMENT', path: 'metadata.documentId' })).toBe(true);
    expect(isIdColumn({ header: 'ID', path: 'key' })).toBe(true);
  });

  it('keeps an id at its whole width and narrows the others', () => {
    const fit = fitTable(layout, cells, 50);
    expect(fit.leftOut).toEqual([]);
    expect(fit.widths?.[0]).toBe(22);
    expect(fit.widths?.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(50);
  });

  it('leaves the last columns out before it cuts an id', () => {
    const fit = fitTable(layout, cells, 30);
    expect(fit.leftOut).toEqual(['DISABLED', 'ACCESS']);
    expect(fit.cells[0]?.[0]).toBe('N0VFiO7rL6AqZx3TbW0k');
  });

  it('wraps an id wider than the terminal, keeping every character', () => {
    const fit = fitTable(layout, cells, 12);
    expect(fit.shown).toEqual([0]);
    expect(fit.cells[0]?.[0]?.replace(/\n/g, '')).toBe('N0VFiO7rL6AqZx3TbW0k');
    expect(fit.cells[0]?.[0]?.split('\n').every((l) => l.length <= 10)).toBe(true);
  });
});

describe('wrapWords', () => {
  it('breaks a notice between words to fit', () => {
    expect(wrapWords('not shown at this width: A, B', 12)).toBe('not shown at\nthis width:\nA, B');
    expect(wrapWords('short', 40)).toBe('short');
  });
});
