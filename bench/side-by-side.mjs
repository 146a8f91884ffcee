#!/usr/bin/env node
// This checkout's svc and another build of it (BENCH_AGAINST=/path/to/checkout, built), run
// in turns by the Node that runs this script, each against bare Node: start-up, a round trip
// with a warm and with a cold compile cache, `svc mcp` to its tools/list, and an emulator's
// whole life (`svc emulator exec -- true`). Taking turns, a burst of load on a shared
// machine falls on both builds alike: compare the ratios.
//   BENCH_AGAINST=/tmp/svc-main-ref /path/to/node bench/side-by-side.mjs
import { spawnSync } from 'node:child_process';
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
} from './lib/common.mjs';
import { timeToToolList } from './mcp.mjs';

const runs = Number(process.env.BENCH_RUNS ?? (quick ? 9 : 21));
const against = process.env.BENCH_AGAINST;

/**
 * Wall-clock and CPU milliseconds (user + system of the process and its threads, from bash's
 * `times`) of one run of `node ...args`; throws unless it exits 0. Under load the CPU time
 * is what the command itself cost; the wall clock includes waiting for a core.
 */
function timeRun(node, args, options = {}) {
  const started = process.hrtime.bigint();
  const r = spawnSync('bash', ['-c', '"$@" >/dev/null || exit; times', 'bash', node, ...args], {
    encoding: 'utf8',
    ...options,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const seconds = [
    ...r.stdout
      .trim()
      .split('\n')
      .at(-1)
      .matchAll(/(\d+)m([\d.]+)s/g),
  ].map(([, m, sec]) => Number(m) * 60 + Number(sec));
  return { ms, cpu: (seconds[0] + seconds[1]) * 1000 };
}

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
    const env = cliEnv(emulator.url, await seedWorkspace(emulator), config.dir);
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
      // CPU: the main thread's, up to the answer (/proc schedstat).
      'mcp to tools/list': (bin) => timeToToolList(env, bin),
      // An emulator started, answering, and stopped: what a test suite pays per emulator.
      'emulator exec -- true': (bin) =>
        timeRun(process.execPath, [bin, 'emulator', 'exec', '--no-workspace', '--', 'true'], {
          env,
        }),
    };
    const node = { ms: [], cpu: [] };
    const samples = Object.fromEntries(
      Object.keys(cases).map((name) => [
        name,
        { this: { ms: [], cpu: [] }, other: { ms: [], cpu: [] } },
      ]),
    );
    const add = (into, { ms, cpu }) => {
      into.ms.push(ms);
      into.cpu.push(cpu);
    };
    for (let round = 0; round < runs + 2; round++) {
      const n = timeRun(process.execPath, ['-e', '0']);
      if (round >= 2) add(node, n);
      for (const [name, time] of Object.entries(cases)) {
        // Which build goes first alternates, so that neither always follows the other.
        const order = round % 2 === 0 ? ['this', 'other'] : ['other', 'this'];
        for (const which of order) {
          const measured = await time(bins[which]);
          if (round >= 2) add(samples[name][which], measured);
        }
      }
    }
    const bare = median(node.ms);
    const bareCpu = median(node.cpu);
    const targets = startupTargets();
    const target = {
      '--version': targets.version,
      '--help': targets.help,
      'round trip, warm cache': targets.roundTrip,
      'mcp to tools/list': 3,
    };
    // svc mcp's CPU is its main thread's alone, so it is given in ms, not against node's.
    const cell = ({ ms, cpu }, name) =>
      `${(median(ms) / bare).toFixed(2)}x (${median(ms).toFixed(0)} ms), CPU ` +
      (name === 'mcp to tools/list'
        ? `${median(cpu).toFixed(0)} ms main thread`
        : `${(median(cpu) / bareCpu).toFixed(2)}x (${median(cpu).toFixed(0)} ms)`);
    const rows = Object.entries(samples).map(([name, s]) => ({
      what: `${name} (Node ${process.versions.node})`,
      measured: `${cell(s.this, name)}; other ${cell(s.other, name)}`,
      target: target[name] === undefined ? '-' : `<= ${target[name]}x`,
      met: target[name] === undefined || median(s.this.ms) / bare <= target[name],
    }));
    return {
      title: `Side by side with ${against}`,
      rows,
      notes: [
        `medians of ${runs} rounds in turns; node -e 0: ${bare.toFixed(1)} ms, CPU ${bareCpu.toFixed(0)} ms`,
      ],
    };
  } finally {
    await emulator.stop();
    config.remove();
  }
}

await runIfMain(import.meta.url, bench);
