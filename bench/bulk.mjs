#!/usr/bin/env node
// Bulk throughput: `svc folders add --file` with N NDJSON items against a local emulator,
// against a plain undici loop that sends the same batches (the catalogue's 100 items a
// request) with the same concurrency (the CLI's default, 4) to the same emulator. The
// CLI's time is the whole process, from start to exit: reading, validating, sending,
// printing. The loop's time counts only its requests; its batches are built beforehand.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { Pool } from 'undici';
import {
  binPath,
  cliEnv,
  median,
  quick,
  row,
  runIfMain,
  seedWorkspace,
  startEmulator,
  tempDir,
  timeNode,
  writeFolders,
} from './lib/common.mjs';

const ITEMS = Number(process.env.BENCH_BULK_ITEMS ?? (quick ? 20_000 : 100_000));
const RUNS = Number(process.env.BENCH_BULK_RUNS ?? (quick ? 1 : 5));
const BATCH = 100;
const CONCURRENCY = 4;
const TARGET = 0.85;

/** Sends every batch with CONCURRENCY requests in flight; resolves to the milliseconds taken. */
async function rawLoad(url, workspace, file, organizationId) {
  const items = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
  const bodies = [];
  for (let i = 0; i < items.length; i += BATCH) {
    bodies.push(JSON.stringify({ data: { organizationId, folders: items.slice(i, i + BATCH) } }));
  }
  const headers = {
    'content-type': 'application/json',
    'x-service-api-key': workspace.apiKey,
    'x-service-auth-token': workspace.authToken,
  };
  const pool = new Pool(url, { connections: CONCURRENCY });
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const res = await pool.request({
        path: '/v1/organizations/folders/add',
        method: 'POST',
        headers,
        body,
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`raw load: HTTP ${res.statusCode}: ${text}`);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = performance.now() - start;
  await pool.close();
  return ms;
}

export async function bench() {
  const work = tempDir('svc-bench-bulk-');
  const emulator = await startEmulator();
  try {
    const file = join(work.dir, 'folders.ndjson');
    writeFolders(file, ITEMS);
    const workspace = await seedWorkspace(emulator);
    const env = cliEnv(emulator.url, workspace, join(work.dir, 'config'));
    // The emulator's first requests run cold; warm it up before anything is timed.
    await rawLoad(emulator.url, workspace, file, 'warm-up');
    const cli = [];
    const raw = [];
    // In turns, each into an organization of its own, so no item already exists.
    for (let run = 0; run < RUNS; run++) {
      raw.push(await rawLoad(emulator.url, workspace, file, `raw-${run}`));
      cli.push(
        timeNode([binPath, 'folders', 'add', '--org', `cli-${run}`, '--file', file, '--json'], {
          env,
        }),
      );
    }
    const rate = (ms) => (ITEMS / ms) * 1000;
    // Each run adds its items to the emulator's store, which gets slower as it grows: compare
    // each svc run with the loop run just before it, and take the median of those ratios.
    const ratio = median(cli.map((ms, run) => raw[run] / ms));
    const perSecond = (ms) => `${Math.round(rate(ms)).toLocaleString('en-US')} items/s`;
    return {
      title: 'Bulk throughput',
      rows: [
        row(
          `svc folders add --file, ${ITEMS.toLocaleString('en-US')} NDJSON items, against a raw undici loop`,
          `${Math.round(ratio * 100)}% (medians: svc ${perSecond(median(cli))}, loop ${perSecond(median(raw))})`,
          `>= ${TARGET * 100}%`,
          ratio >= TARGET,
        ),
      ],
      notes: [
        `median of ${RUNS} ratio(s), each of an svc run to the loop run just before it; ${BATCH} items a request, ${CONCURRENCY} in flight`,
        `svc runs: ${cli.map((ms) => perSecond(ms)).join(', ')}; loop runs: ${raw.map((ms) => perSecond(ms)).join(', ')}`,
      ],
    };
  } finally {
    await emulator.stop();
    work.remove();
  }
}

await runIfMain(import.meta.url, bench);
