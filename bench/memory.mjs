#!/usr/bin/env node
// Peak memory (resident set) of `svc folders add --file F --json` importing 10k, 100k and 1M
// NDJSON lines into a local emulator, with stdout going to a file, on this Node and on those
// BENCH_NODE_MAJORS names (default 24,26; node-versions.mjs installs them). BENCH_LARGE=1
// adds a 10M-line import on each, held to the 1M one plus 10 MiB. Also, as a diagnosis and
// not a target, the same files under --dry-run: reading, validating and batching, without
// sending or a result document.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBinary } from './node-versions.mjs';
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
const LARGE = 10_000_000;
const LIMIT_MIB = 110;
/** What the 10M-line import may cost above the 1M one. */
const LARGE_EXTRA_MIB = 10;
const majors = (process.env.BENCH_NODE_MAJORS ?? '24,26').split(',').filter(Boolean);
const preload = fileURLToPath(new URL('./lib/peak-rss.mjs', import.meta.url));

/** Peak RSS in MiB of `svc ...args` run by `node`, stdout to a file; the exit code must be 0. */
function peakRss(node, args, env, dir) {
  const rssFile = join(dir, 'rss');
  const r = spawnSync(node, ['--import', preload, binPath, ...args], {
    env: { ...env, SVC_BENCH_RSS_FILE: rssFile },
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`svc ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return Number(readFileSync(rssFile, 'utf8')) / 1024;
}

const mib = (n) => `${n.toFixed(1)} MiB`;
const lines = (n) => `${n.toLocaleString('en-US')} lines`;

/** The rows of one Node: `svc` run by `node`, each import into an organization of its own. */
function measure(node, version, env, work) {
  const sizes = process.env.BENCH_LARGE === '1' ? [...SIZES, LARGE] : SIZES;
  const imported = [];
  const dry = [];
  for (const size of sizes) {
    const file = join(work.dir, `folders-${size}.ndjson`);
    writeFolders(file, size);
    const org = `m-${version}-${size}`;
    dry.push(
      peakRss(
        node,
        ['folders', 'add', '--org', 'o', '--file', file, '--dry-run', '--json'],
        env,
        work.dir,
      ),
    );
    imported.push(
      peakRss(node, ['folders', 'add', '--org', org, '--file', file, '--json'], env, work.dir),
    );
    rmSync(file);
  }
  const at = (size) => imported[sizes.indexOf(size)];
  const largest = SIZES.at(-1);
  const rows = [
    row(
      `peak RSS importing ${lines(largest)} (svc folders add --file --json), Node ${version}`,
      mib(at(largest)),
      `<= ${LIMIT_MIB} MiB`,
      at(largest) <= LIMIT_MIB,
    ),
  ];
  // The earlier target, kept in view: 10k to 1M lines flat within 10%.
  const growth = at(largest) / imported[0] - 1;
  rows.push(
    row(
      `peak RSS from ${lines(SIZES[0])} to ${lines(largest)}, Node ${version}`,
      `${mib(imported[0])} -> ${mib(at(largest))} (+${Math.round(growth * 100)}%)`,
      'flat (<= +10%)',
      growth <= 0.1,
    ),
  );
  if (sizes.includes(LARGE)) {
    rows.push(
      row(
        `peak RSS importing ${lines(LARGE)} against ${lines(largest)}, Node ${version}`,
        `${mib(at(LARGE))} (+${(at(LARGE) - at(largest)).toFixed(1)} MiB)`,
        `<= +${LARGE_EXTRA_MIB} MiB`,
        at(LARGE) - at(largest) <= LARGE_EXTRA_MIB,
      ),
    );
  }
  const note = `Node ${version}: imports ${imported.map(mib).join(' -> ')}; --dry-run (read, validate, batch; nothing sent) ${dry.map(mib).join(' -> ')}, for ${sizes.map(lines).join(', ')}`;
  return { rows, note };
}

export async function bench() {
  const work = tempDir('svc-bench-memory-');
  const emulator = await startEmulator();
  try {
    const env = cliEnv(emulator.url, await seedWorkspace(emulator), join(work.dir, 'config'));
    const nodes = [
      [process.execPath, process.versions.node],
      ...majors.map((major) => {
        const node = nodeBinary(major);
        return [node, spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim().slice(1)];
      }),
    ];
    const rows = [];
    const notes = [];
    for (const [node, version] of nodes) {
      const measured = measure(node, version, env, work);
      rows.push(...measured.rows);
      notes.push(measured.note);
    }
    return { title: 'Memory', rows, notes };
  } finally {
    await emulator.stop();
    work.remove();
  }
}

await runIfMain(import.meta.url, bench);
