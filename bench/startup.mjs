#!/usr/bin/env node
// Start-up cost of svc against bare Node, as ratios of medians, plus the modules that
// `svc --version` and `svc --help` load. Run with `npm run bench` (it builds first).
import { spawnSync } from 'node:child_process';
import { binPath as bin, loadedModules } from './lib/loaded-modules.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 15);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(args) {
  const samples = [];
  for (let i = 0; i < runs + 2; i++) {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
    if (i >= 2) samples.push(ms); // the first runs warm the file cache
  }
  return median(samples);
}

const node = time(['-e', '0']);
const rows = [
  ['svc --version', time([bin, '--version']), 1.15],
  ['svc --help', time([bin, '--help']), 1.3],
];

console.log(`bare node -e 0: ${node.toFixed(1)} ms (median of ${runs})`);
console.log('| command | median ms | ratio to node -e 0 | target |');
console.log('|---|---|---|---|');
for (const [name, ms, target] of rows) {
  const ratio = ms / node;
  console.log(
    `| ${name} | ${ms.toFixed(1)} | ${ratio.toFixed(2)}x | <= ${target}x ${ratio <= target ? 'met' : 'NOT met'} |`,
  );
}
for (const args of [['--version'], ['--help']]) {
  const mods = loadedModules(args);
  console.log(`\nsvc ${args.join(' ')} loads ${mods.length} module(s) besides node's own:`);
  for (const m of mods) console.log(`  ${m.replace(/^file:\/\//, '')}`);
}
