#!/usr/bin/env node
// How soon `svc docs migrate --wait` exits after the migration completes, and how many
// polls it made, against a local emulator with its default job delay. Target: 250 ms.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { binPath } from './lib/loaded-modules.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const fixture = fileURLToPath(new URL('../examples/fixtures/basic.json', import.meta.url));

function startEmulator() {
  const child = spawn(process.execPath, [binPath, 'emulator', 'start', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (d) => {
      buffer += d;
      const line = buffer.split('\n').find((l) => l.includes('"ready"'));
      if (line) resolve({ url: JSON.parse(line).url, child });
    });
    child.on('exit', (code) => reject(new Error(`emulator exited ${code}`)));
  });
}

async function admin(url, path, body) {
  const res = await fetch(`${url}/_emulator/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body !== undefined && {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  });
  return res.json();
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const { url, child: emulator } = await startEmulator();
try {
  const seeded = await admin(url, 'seed', JSON.parse(readFileSync(fixture, 'utf8')));
  const owner = seeded.workspaces.find((w) => w.ownerEmail === 'owner@example.com');
  const env = {
    ...process.env,
    SVC_BASE_URL: url,
    SVC_API_KEY: owner.apiKey,
    SVC_AUTH_TOKEN: owner.authToken,
  };
  const latencies = [];
  const polls = [];
  for (let i = 0; i < runs; i++) {
    const from = i % 2 === 0 ? 'notes' : `notes-${i - 1}`;
    const to = `notes-${i}`;
    const before = (await admin(url, 'journal')).entries.filter(
      (e) => e.operation === 'documents.migrationStatus',
    ).length;
    const exited = await new Promise((resolve) => {
      const cli = spawn(
        process.execPath,
        [
          binPath,
          'docs',
          'migrate',
          '--org',
          'acme',
          '--doc',
          from,
          '--to',
          to,
          '--wait',
          '--json',
        ],
        {
          env,
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let out = '';
      cli.stdout.on('data', (d) => (out += d));
      cli.on('exit', (code) => resolve({ code, at: Date.now(), out }));
    });
    if (exited.code !== 0) throw new Error(`migrate exited ${exited.code}: ${exited.out}`);
    const { migrationId } = JSON.parse(exited.out);
    const job = (await admin(url, 'jobs')).jobs.find((j) => j.id === migrationId);
    latencies.push(exited.at - job.updatedAt);
    const after = (await admin(url, 'journal')).entries.filter(
      (e) => e.operation === 'documents.migrationStatus',
    ).length;
    polls.push(after - before);
    if (i % 2 === 1) await admin(url, 'seed', JSON.parse(readFileSync(fixture, 'utf8')));
  }
  const m = median(latencies);
  console.log(`svc docs migrate --wait, ${runs} runs, emulator job delay 200 ms per step`);
  console.log('| measure | median | max | target |');
  console.log('|---|---|---|---|');
  console.log(
    `| exit after completion | ${m} ms | ${Math.max(...latencies)} ms | <= 250 ms ${Math.max(...latencies) <= 250 ? 'met' : 'NOT met'} |`,
  );
  console.log(`| status polls per wait | ${median(polls)} | ${Math.max(...polls)} | |`);
} finally {
  emulator.kill('SIGTERM');
}
