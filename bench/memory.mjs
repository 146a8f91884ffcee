#!/usr/bin/env node
// Peak memory (resident set) of `svc folders add --file F --json` importing 10k, 100k and 1M
// NDJSON lines into a local emulator, with stdout going to a file. Also, as a diagnosis and
// not a target, the same files under --dry-run: reading, validating and batching, without
// sending or a result document.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  binPath,
  cliEnv,
  quick,
  row,
  runIfMain,
  seedWorkspace,
  startEmulator,
  tempDir,
  writeFolders,
} from './lib/common.mjs';

const SIZES = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
const LIMIT_MIB = 120;
/** "Flat": the largest input may cost at most this much more than the smallest. */
const FLAT_GROWTH = 0.1;
const preload = fileURLToPath(new URL('./lib/peak-rss.mjs', import.meta.url));

/** Peak RSS in MiB of `svc ...args`, stdout to a file; the exit code must be 0. */
function peakRss(args, env, dir) {
  const rssFile = join(dir, 'rss');
  const r = spawnSync(process.execPath, ['--import', preload, binPath, ...args], {
    env: { ...env, SVC_BENCH_RSS_FILE: rssFile },
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`svc ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return Number(readFileSync(rssFile, 'utf8')) / 1024;
}

const mib = (n) => `${n.toFixed(1)} MiB`;
const lines = (n) => `${n.toLocaleString('en-US')} lines`;

export async function bench() {
  const work = tempDir('svc-bench-memory-');
  const emulator = await startEmulator();
  try {
    const env = cliEnv(emulator.url, await seedWorkspace(emulator), join(work.dir, 'config'));
    const imported = [];
    const dry = [];
    for (const size of SIZES) {
      const file = join(work.dir, `folders-${size}.ndjson`);
      writeFolders(file, size);
      dry.push(
        peakRss(
          ['folders', 'add', '--org', 'o', '--file', file, '--dry-run', '--json'],
          env,
          work.dir,
        ),
      );
      imported.push(
        peakRss(['folders', 'add', '--org', `m-${size}`, '--file', file, '--json'], env, work.dir),
      );
    }
    const largest = SIZES.length - 1;
    const growth = imported[largest] / imported[0] - 1;
    const dryGrowth = dry[largest] / dry[0] - 1;
    return {
      title: 'Memory',
      rows: [
        row(
          `peak RSS importing ${lines(SIZES[largest])} (svc folders add --file --json)`,
          mib(imported[largest]),
          `<= ${LIMIT_MIB} MiB`,
          imported[largest] <= LIMIT_MIB,
        ),
        row(
          `peak RSS from ${lines(SIZES[0])} to ${lines(SIZES[largest])}`,
          `${imported.map(mib).join(' -> ')} (+${Math.round(growth * 100)}%)`,
          `flat (<= +${FLAT_GROWTH * 100}%)`,
          growth <= FLAT_GROWTH,
        ),
      ],
      notes: [
        `diagnosis, --dry-run (read, validate, batch; nothing sent, no result map): ${dry.map(mib).join(' -> ')} (+${Math.round(dryGrowth * 100)}%)`,
      ],
    };
  } finally {
    await emulator.stop();
    work.remove();
  }
}

await runIfMain(import.meta.url, bench);
