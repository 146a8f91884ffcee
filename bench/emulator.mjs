#!/usr/bin/env node
// The emulator's single-item reads on loopback: requests per second and latency
// percentiles from a plain undici load loop (keep-alive connections, one request in flight
// on each), run against each operation for a fixed time after a short warm-up.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { percentile, quick, row, runIfMain, seedWorkspace, startEmulator } from './lib/common.mjs';

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_EMULATOR_SECONDS ?? (quick ? 2 : 5));
const WARMUP_SECONDS = 1;
const MIN_RATE = 5000;
const MAX_P99_MS = 10;

const OPERATIONS = [
  {
    name: 'documents.get, one id',
    path: '/v1/organizations/documents/get',
    data: { organizationId: 'o', documentIds: ['d1'] },
  },
  {
    name: 'folders.get, one folder',
    path: '/v2/organizations/folders/get',
    data: { organizationId: 'o', folderId: 'f1' },
  },
];

/** Runs the loop for `seconds`; the latencies of every request, in ms, ascending. */
async function load(pool, { path, data }, headers, seconds) {
  const body = JSON.stringify({ data });
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  const connection = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const res = await pool.request({ path, method: 'POST', headers, body });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${path}: HTTP ${res.statusCode}: ${text}`);
      latencies.push(performance.now() - start);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  const elapsed = (performance.now() - start) / 1000;
  return { rate: latencies.length / elapsed, sorted: latencies.sort((a, b) => a - b) };
}

export async function bench() {
  const emulator = await startEmulator();
  const pool = new Pool(emulator.url, { connections: CONNECTIONS });
  try {
    const workspace = await seedWorkspace(emulator);
    const headers = {
      'content-type': 'application/json',
      'x-service-api-key': workspace.apiKey,
      'x-service-auth-token': workspace.authToken,
    };
    const rows = [];
    for (const op of OPERATIONS) {
      await load(pool, op, headers, WARMUP_SECONDS);
      const { rate, sorted } = await load(pool, op, headers, SECONDS);
      const p50 = percentile(sorted, 0.5);
      const p99 = percentile(sorted, 0.99);
      rows.push(
        row(
          `emulator ${op.name}`,
          `${Math.round(rate).toLocaleString('en-US')} req/s, p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`,
          `>= ${MIN_RATE.toLocaleString('en-US')} req/s, p99 < ${MAX_P99_MS} ms`,
          rate >= MIN_RATE && p99 < MAX_P99_MS,
        ),
      );
    }
    return {
      title: 'Emulator',
      rows,
      notes: [
        `${CONNECTIONS} keep-alive connections, ${SECONDS} s per operation after ${WARMUP_SECONDS} s of warm-up; the load loop shares the machine`,
      ],
    };
  } finally {
    await pool.close();
    await emulator.stop();
  }
}

await runIfMain(import.meta.url, bench);
