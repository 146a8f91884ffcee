#!/usr/bin/env node
// How soon `svc docs migrate --wait` exits after the migration completes, and how many
// polls it made, against a local emulator with its default job delay.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  adminFetch,
  binPath,
  median,
  quick,
  row,
  runIfMain,
  startEmulator,
} from './lib/common.mjs';

const runs = Number(process.env.BENCH_RUNS ?? (quick ? 3 : 7));
const TARGET_MS = 250;
const fixture = fileURLToPath(new URL('../examples/fixtures/basic.json', import.meta.url));

async function admin(emulator, path, body) {
  const res = await adminFetch(emulator, `/_emulator/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined && {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  });
  return res.json();
}

const pollsSoFar = async (emulator) =>
  (await admin(emulator, 'journal')).entries.filter(
    (e) => e.operation === 'documents.migrationStatus',
  ).length;

/** Runs `svc docs migrate --wait --json` to completion; resolves when it exits. */
function migrate(env, from, to) {
  const args = ['docs', 'migrate', '--org', 'acme', '--doc', from, '--to', to, '--wait', '--json'];
  return new Promise((resolve) => {
    const cli = spawn(process.execPath, [binPath, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    cli.stdout.on('data', (d) => (out += d));
    cli.on('exit', (code) => resolve({ code, at: Date.now(), out }));
  });
}

export async function bench() {
  const emulator = await startEmulator();
  const { url } = emulator;
  try {
    const seed = () => admin(emulator, 'seed', JSON.parse(readFileSync(fixture, 'utf8')));
    const owner = (await seed()).workspaces.find((w) => w.ownerEmail === 'owner@example.com');
    const env = {
      ...process.env,
      SVC_BASE_URL: url,
      SVC_API_KEY: owner.apiKey,
      SVC_AUTH_TOKEN: owner.authToken,
    };
    const latencies = [];
    const polls = [];
    for (let i = 0; i < runs; i++) {
      const before = await pollsSoFar(emulator);
      const exited = await migrate(env, i % 2 === 0 ? 'notes' : `notes-${i - 1}`, `notes-${i}`);
      if (exited.code !== 0) throw new Error(`migrate exited ${exited.code}: ${exited.out}`);
      const { migrationId } = JSON.parse(exited.out);
      const job = (await admin(emulator, 'jobs')).jobs.find((j) => j.id === migrationId);
      latencies.push(exited.at - job.updatedAt);
      polls.push((await pollsSoFar(emulator)) - before);
      if (i % 2 === 1) await seed();
    }
    const worst = Math.max(...latencies);
    return {
      title: 'Waiting for a job',
      rows: [
        row(
          'docs migrate --wait: exit after the job completes',
          `${median(latencies)} ms median, ${worst} ms max`,
          `<= ${TARGET_MS} ms`,
          worst <= TARGET_MS,
        ),
      ],
      notes: [
        `${runs} runs, emulator job delay 200 ms per step; status polls per wait: median ${median(polls)}, max ${Math.max(...polls)}`,
      ],
    };
  } finally {
    await emulator.stop();
  }
}

await runIfMain(import.meta.url, bench);
