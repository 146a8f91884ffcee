import { setFlagsFromString } from 'node:v8';

/**
 * What a long run allocates dies young (rows, answers, request bodies, pages) while little
 * lives long, yet V8 by default lets the young generation grow to 16 MiB semi-spaces and old
 * space to several times what is live before it collects: a million-line import, or a
 * listing of 100,000 items read page by page, would hold twice the memory of a small one. A
 * young generation that stays small and old space collected at 30% growth keep it flat
 * (bench/RESULTS.md, "Memory"). Both are read as the heap grows, so they take effect when set
 * after start-up, by the bulk runner and the paged-listing runner.
 */
export function keepHeapSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=30');
}
