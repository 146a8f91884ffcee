#!/usr/bin/env node
// Start-up cost of svc against bare Node, as ratios of medians, plus the modules that
// `svc --version` and `svc --help` load.
import { binPath as bin, loadedModules } from './lib/loaded-modules.mjs';
import { quick, row, runIfMain, startupTargets, timeInTurns } from './lib/common.mjs';

const runs = Number(process.env.BENCH_RUNS ?? (quick ? 9 : 21));

export async function bench() {
  const [node, version, help] = timeInTurns(
    [{ args: ['-e', '0'] }, { args: [bin, '--version'] }, { args: [bin, '--help'] }],
    runs,
  );
  const ratio = (ms, target, name) =>
    row(
      `${name} against node -e 0`,
      `${(ms / node).toFixed(2)}x (${ms.toFixed(1)} ms; node ${node.toFixed(1)} ms)`,
      `<= ${target}x`,
      ms / node <= target,
    );
  const notes = [`medians of ${runs} runs in turns`];
  for (const args of [['--version'], ['--help']]) {
    const mods = loadedModules(args);
    notes.push(`svc ${args.join(' ')} loads ${mods.length} module(s) besides node's own:`);
    for (const m of mods) notes.push(`  ${m.replace(/^file:\/\//, '')}`);
  }
  return {
    title: 'Start-up',
    rows: [
      ratio(version, startupTargets().version, 'svc --version'),
      ratio(help, startupTargets().help, 'svc --help'),
    ],
    notes,
  };
}

await runIfMain(import.meta.url, bench);
