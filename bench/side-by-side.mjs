#!/usr/bin/env node
// This checkout's svc and another build of it (BENCH_AGAINST=/path/to/checkout, built), run
// in turns by the Node that runs this script, each against bare Node: start-up, a round trip
// with a warm and with a cold compile cache, and `svc mcp` to its tools/list. Taking turns,
// a burst of load on a shared machine falls on both builds alike: compare the ratios.
//   BENCH_AGAINST=/tmp/svc-main-ref /path/to/node bench/side-by-side.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  binPath,
  cliEnv,
  median,
  quick,
  runIfMain,
  seedWorkspace,
  startEmulator,
  startupTargets,
  tempDir,
  timeRun,
} from './lib/common.mjs';
import { timeToToolList } from './mcp.mjs';

const runs = Number(process.env.BENCH_RUNS ?? (quick ? 9 : 21));
const against = process.env.BENCH_AGAINST;

/** A compile cache that no run has filled: the first run after an install or a Node switch. */
function coldCache(env) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-cold-'));
  return { env: { ...env, XDG_CACHE_HOME: dir }, remove: () => rmSync(dir, { recursive: true }) };
}

export async function bench() {
  if (!against) throw new Error('BENCH_AGAINST names the checkout to compare with');
  const bins = { this: binPath, other: join(against, 'bin/svc') };
  const emulator = await startEmulator();
  const config = tempDir('svc-bench-sbs-');
  try {
    const env = cliEnv(emulator.url, await seedWorkspace(emulator.url), config.dir);
    const list = ['docs', 'list', '--org', 'o', '--json'];
    const cases = {
      '--version': (bin) => timeRun(process.execPath, [bin, '--version']),
      '--help': (bin) => timeRun(process.execPath, [bin, '--help']),
      'round trip, warm cache': (bin) => timeRun(process.execPath, [bin, ...list], { env }),
      'round trip, cold cache': (bin) => {
        const cold = coldCache(env);
        try {
          return timeRun(process.execPath, [bin, ...list], { env: cold.env });
        } finally {
          cold.remove();
        }
      },
      'mcp to tools/list': async (bin) => (await timeToToolList(env, bin)).ms,
    };
    const node = [];
    const samples = Object.fromEntries(
      Object.keys(cases).map((name) => [name, { this: [], other: [] }]),
    );
    for (let round = 0; round < runs + 2; round++) {
      const n = timeRun(process.execPath, ['-e', '0']);
      if (round >= 2) node.push(n);
      for (const [name, time] of Object.entries(cases)) {
        // Which build goes first alternates, so that neither always follows the other.
        const order = round % 2 === 0 ? ['this', 'other'] : ['other', 'this'];
        for (const which of order) {
          const ms = await time(bins[which]);
          if (round >= 2) samples[name][which].push(ms);
        }
      }
    }
    const bare = median(node);
    const targets = startupTargets();
    const target = {
      '--version': targets.version,
      '--help': targets.help,
      'round trip, warm cache': targets.roundTrip,
      'mcp to tools/list': 3,
    };
    const cell = (values) => {
      const ms = median(values);
      return `${(ms / bare).toFixed(2)}x (${ms.toFixed(0)} ms)`;
    };
    const rows = Object.entries(samples).map(([name, s]) => ({
      what: `${name} (Node ${process.versions.node})`,
      measured: `${cell(s.this)}; other ${cell(s.other)}`,
      target: target[name] === undefined ? '-' : `<= ${target[name]}x`,
      met: target[name] === undefined || median(s.this) / bare <= target[name],
    }));
    return {
      title: `Side by side with ${against}`,
      rows,
      notes: [`medians of ${runs} rounds in turns; node -e 0: ${bare.toFixed(1)} ms`],
    };
  } finally {
    await emulator.stop();
    config.remove();
  }
}

await runIfMain(import.meta.url, bench);
