#!/usr/bin/env node
// svc as a test suite's dependency, on Node 24 (the official binary, as node-versions.mjs
// fetches it):
// - the packed package installed by npm into a fresh project from npm's cache (`--offline`,
//   after one install that may fetch), median of three;
// - startEmulator() to its first answered request, median of nine;
// - six vitest files, each starting an emulator of its own: vitest's reported duration.
// Run `npm run build` first (`npm run bench` does).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median, quick, row, runIfMain, tempDir } from './lib/common.mjs';
import { nodeBinary } from './node-versions.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const TARGETS = { installSeconds: 30, startMs: 300, sixFilesSeconds: 4 };

function run(command, args, options) {
  const r = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** A project with the tarball installed; how long npm took, in ms. */
function install(tarball, env, offline) {
  const { dir } = tempDir('svc-bench-install-');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', private: true }));
  const args = ['install', offline ? '--offline' : '--prefer-offline', '--no-audit', '--no-fund'];
  const t0 = performance.now();
  run('npm', [...args, tarball], { cwd: dir, env });
  return { dir, ms: performance.now() - t0 };
}

const START_SCRIPT = `
import { startEmulator } from '${name}/emulator';
const t0 = performance.now();
const emu = await startEmulator();
const env = emu.env();
const answer = await fetch(env.SVC_BASE_URL + '/v1/organizations/documents/get', {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'x-service-api-key': env.SVC_API_KEY,
    'x-service-auth-token': env.SVC_AUTH_TOKEN,
  },
  body: JSON.stringify({ data: { organizationId: 'o' } }),
});
if (answer.status !== 200) throw new Error('HTTP ' + answer.status + ': ' + (await answer.text()));
await answer.text();
const ms = performance.now() - t0;
await emu.stop();
console.log(ms);
`;

const TEST_FILE = `
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '${name}/emulator';
let emu;
beforeAll(async () => { emu = await startEmulator(); });
afterAll(() => emu.stop());
test('answers', async () => {
  const r = await fetch(emu.url + '/v1/organizations/documents/get', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': emu.env().SVC_API_KEY,
      'x-service-auth-token': emu.env().SVC_AUTH_TOKEN },
    body: JSON.stringify({ data: { organizationId: 'o' } }),
  });
  expect(r.status).toBe(200);
});
`;

export async function bench() {
  const node = nodeBinary('24');
  const version = run(node, ['--version']).trim();
  const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` };
  const packDir = tempDir('svc-bench-pack-');
  const tarball = join(
    packDir.dir,
    run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', packDir.dir], {
      cwd: root,
    })
      .trim()
      .split('\n')
      .at(-1),
  );

  const { dir: project } = install(tarball, env, false);
  const installs = Array.from({ length: quick ? 1 : 3 }, () => install(tarball, env, true).ms);
  const installSeconds = median(installs) / 1000;

  writeFileSync(join(project, 'start.mjs'), START_SCRIPT);
  const starts = Array.from({ length: quick ? 3 : 9 }, () =>
    Number(run(node, ['start.mjs'], { cwd: project, env }).trim()),
  );
  const startMs = median(starts);

  mkdirSync(join(project, 'suite'));
  for (let i = 1; i <= 6; i++) writeFileSync(join(project, 'suite', `e${i}.test.mjs`), TEST_FILE);
  symlinkSync(join(root, 'node_modules', 'vitest'), join(project, 'node_modules', 'vitest'));
  const vitest = run(
    node,
    [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', join(project, 'suite')],
    { cwd: project, env: { ...env, NO_COLOR: '1' } },
  );
  const duration = /Duration\s+([\d.]+)(m?s)/.exec(vitest);
  const sixFilesSeconds = duration ? Number(duration[1]) / (duration[2] === 'ms' ? 1000 : 1) : NaN;
  packDir.remove();

  return {
    title: `The package as a test dependency (Node ${version})`,
    rows: [
      row(
        'npm install of the packed package, from the cache',
        `${installSeconds.toFixed(1)} s (median of ${installs.length})`,
        `< ${TARGETS.installSeconds} s`,
        installSeconds < TARGETS.installSeconds,
      ),
      row(
        'startEmulator() to the first answered request',
        `${startMs.toFixed(0)} ms (median of ${starts.length})`,
        `< ${TARGETS.startMs} ms`,
        startMs < TARGETS.startMs,
      ),
      row(
        'six vitest files, an emulator each',
        `${sixFilesSeconds.toFixed(2)} s of vitest time`,
        `< ${TARGETS.sixFilesSeconds} s`,
        sixFilesSeconds < TARGETS.sixFilesSeconds,
      ),
    ],
    notes: [`installed in ${project}`],
  };
}

await runIfMain(import.meta.url, bench);
