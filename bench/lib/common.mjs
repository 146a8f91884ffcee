// What the bench scripts share: sizes, medians, timing a child, a local emulator with a
// seeded workspace, and the one table format every script prints.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binPath } from './loaded-modules.mjs';

export { binPath };

/** `BENCH_QUICK=1`: smaller inputs and fewer runs, for a look in a minute or two. */
export const quick = process.env.BENCH_QUICK === '1';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** Wall-clock milliseconds of one run of `node ...args`; throws unless it exits 0. */
export function timeNode(args, options = {}) {
  return timeRun(process.execPath, args, options);
}

/** Wall-clock milliseconds of one run of `file ...args`; throws unless it exits 0. */
export function timeRun(file, args, options = {}) {
  const start = process.hrtime.bigint();
  const r = spawnSync(file, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...options,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${file} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

/**
 * Medians of several commands (`node ...args`, or `file ...args`) timed in turns, so that a burst of load on the machine
 * falls on all of them alike. The first `warmup` rounds fill the file cache and are dropped.
 */
export function timeInTurns(commands, runs, warmup = 2) {
  const samples = commands.map(() => []);
  for (let round = 0; round < runs + warmup; round++) {
    commands.forEach(({ file = process.execPath, args, options }, i) => {
      const ms = timeRun(file, args, options);
      if (round >= warmup) samples[i].push(ms);
    });
  }
  return samples.map(median);
}

/**
 * `measure()` once a round, awaited, for `runs` rounds after `warmup` more that fill the file
 * cache: the kept rounds' results, in order. For measurements that are not one spawned
 * command each (timeInTurns).
 */
export async function keptRounds(runs, measure, warmup = 2) {
  const kept = [];
  for (let round = 0; round < runs + warmup; round++) {
    const result = await measure();
    if (round >= warmup) kept.push(result);
  }
  return kept;
}

export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * `svc emulator start --port 0` in a child process, ready to answer, with an admin token
 * chosen here (`adminToken`) for the admin calls the benches make.
 */
export function startEmulator(extraArgs = []) {
  const adminToken = randomBytes(24).toString('base64url');
  const child = spawn(
    process.execPath,
    [binPath, 'emulator', 'start', '--port', '0', ...extraArgs],
    {
      env: { ...process.env, SVC_EMULATOR_ADMIN_TOKEN: adminToken },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (d) => {
      buffer += d;
      const line = buffer.split('\n').find((l) => l.includes('"ready"'));
      if (line) {
        const { url, pid } = JSON.parse(line);
        const stop = () =>
          new Promise((done) => {
            child.once('exit', done);
            child.kill('SIGTERM');
          });
        resolve({ url, pid, stop, adminToken });
      }
    });
    child.on('exit', (code) => reject(new Error(`emulator exited ${code}`)));
  });
}

/** `fetch` of an admin route of an emulator `startEmulator` started, with its token. */
export function adminFetch({ url, adminToken }, path, init = {}) {
  return fetch(`${url}${path}`, {
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${adminToken}` },
  });
}

/** A workspace that may add folders, with organization `o` holding document `d1` and folder `f1`. */
export async function seedWorkspace(emulator) {
  const fixture = {
    workspaces: [
      {
        ownerEmail: 'bench@example.com',
        name: 'Bench',
        workspaceName: 'Bench',
        consoleOptions: { advancedQueries: true, activityService: true, notificationConfig: false },
        organizations: [
          {
            id: 'o',
            name: 'O',
            folders: [{ id: 'f1', name: 'F1' }],
            documents: [{ id: 'd1', name: 'D1', folderId: 'f1' }],
          },
        ],
      },
    ],
  };
  const res = await adminFetch(emulator, '/_emulator/seed', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fixture),
  });
  if (!res.ok) throw new Error(`seeding the emulator failed: HTTP ${res.status}`);
  const { workspaces } = await res.json();
  return workspaces[0];
}

/** The environment of an svc child talking to `url` with `workspace`'s key credentials. */
export function cliEnv(url, workspace, configDir) {
  return {
    ...process.env,
    SVC_BASE_URL: url,
    SVC_API_KEY: workspace.apiKey,
    SVC_AUTH_TOKEN: workspace.authToken,
    SVC_CONFIG_DIR: configDir,
    NO_COLOR: '1',
  };
}

/** `count` folders as NDJSON, one top-level folder a line. */
export function writeFolders(path, count) {
  const fd = openSync(path, 'w');
  try {
    for (let from = 0; from < count; from += 10_000) {
      let text = '';
      for (let i = from; i < Math.min(count, from + 10_000); i++) {
        text += `{"folderId":"f${i}","folderName":"Folder ${i}"}\n`;
      }
      writeSync(fd, text);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * One row of a results table. `measured` and `target` are display text; `met` decides the
 * last column.
 */
export function row(what, measured, target, met) {
  return { what, measured, target, met };
}

export function printRows(title, rows) {
  console.log(`\n${title}`);
  console.log('| what | measured | target | |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(formatRow(r));
}

export function formatRow(r) {
  return `| ${r.what} | ${r.measured} | ${r.target} | ${r.met ? 'met' : 'NOT met'} |`;
}

/**
 * Start-up targets, the same on every Node: ratios to that Node's `node -e 0` (`mcp`: from
 * spawning `svc mcp` to its answer to tools/list).
 */
export function startupTargets() {
  return { version: 1.15, help: 1.15, roundTrip: 2.9, mcp: 3 };
}

/**
 * Runs `bench` when the file is the script node was started with. With BENCH_JSON=1 it
 * prints the result as one JSON line, for a bench run under another Node to collect.
 */
export async function runIfMain(metaUrl, bench) {
  if (process.argv[1] && metaUrl === new URL(`file://${process.argv[1]}`).href) {
    const result = await bench();
    if (process.env.BENCH_JSON === '1') {
      console.log(JSON.stringify(result));
      return;
    }
    printRows(result.title, result.rows);
    for (const note of result.notes ?? []) console.log(note);
  }
}
