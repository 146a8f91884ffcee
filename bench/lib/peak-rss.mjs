// Preloaded with `node --import` into a process whose peak memory is measured: at exit it
// writes its peak resident set size, in KiB, to the file named by SVC_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  writeFileSync(process.env.SVC_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
