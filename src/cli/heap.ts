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

/**
 * For the emulator, a long-lived process that is mostly idle: the memory a burst (a flood of
 * connections) grew the heap by goes back to the system once it is over. V8 hands back pages
 * only in a memory-reducing collection, which its memory reducer starts once the process is
 * idle; on V8 13 and later (Node 24, 26) the reducer never judges an idle process's
 * allocation rate low (its estimate for the C++ heap is exactly 0, taken as the highest
 * rate), so RSS stayed at the burst's peak until a watchdog 100 s after the last full
 * collection, which any full collection postpones. Memory saver mode has the reducer run
 * whatever the rate, and grows the heap less under a burst. V8 12 and earlier (Node 20, 22)
 * do not know that flag (and say so on stderr); their reducer runs, after 10 to 45 s, and
 * optimizing for size has it run at once there. Both are read as the heap changes, so they
 * take effect when set after start-up.
 */
export function favorMemoryWhenIdle(): void {
  const v8Major = Number(process.versions.v8.split('.')[0]);
  setFlagsFromString(v8Major >= 13 ? '--memory-saver-mode' : '--optimize-for-size');
}
