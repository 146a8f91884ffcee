#!/usr/bin/env node
// How far a start-up target is from what svc's libraries cost by themselves. The floor
// programs (bench/floor/) do only what the measured command must: commander, undici and zod
// for a round trip, the MCP SDK for `svc mcp`; bundled as svc is, each into one file. A
// target below its floor cannot be met by any change to svc, only by its libraries.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  binPath,
  cliEnv,
  keptRounds,
  median,
  quick,
  row,
  runIfMain,
  seedWorkspace,
  startEmulator,
  startupTargets,
  tempDir,
  timeInTurns,
  timeNode,
} from './lib/common.mjs';
import { timeToToolList } from './mcp.mjs';

const runs = Number(process.env.BENCH_RUNS ?? (quick ? 9 : 21));
const root = fileURLToPath(new URL('..', import.meta.url));

/** Bundles the floor programs into `dir` with the project's own tsup. */
function buildFloors(dir) {
  const r = spawnSync(
    join(root, 'node_modules/.bin/tsup'),
    ['--config', 'bench/floor/tsup.config.ts'],
    { cwd: root, env: { ...process.env, FLOOR_OUT_DIR: dir }, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`building the floor programs failed: ${r.stderr}`);
  return { roundTrip: join(dir, 'round-trip.js'), mcp: join(dir, 'mcp.js') };
}

function floorRow(what, target, floor, svc, node) {
  const ratio = (ms) => `${(ms / node).toFixed(2)}x`;
  return row(
    `${what}: svc's libraries alone (the floor) within the target`,
    `floor ${ratio(floor)} (${floor.toFixed(1)} ms), svc ${ratio(svc)} (${(svc - floor).toFixed(1)} ms above the floor); node ${node.toFixed(1)} ms`,
    `<= ${target}x`,
    floor / node <= target,
  );
}

export async function bench() {
  const built = tempDir('svc-bench-floor-');
  const emulator = await startEmulator();
  const config = tempDir('svc-bench-floor-config-');
  try {
    const floors = buildFloors(built.dir);
    const env = cliEnv(emulator.url, await seedWorkspace(emulator), config.dir);
    // svc keeps a compile cache of its own (bin/svc); the floor programs get one too.
    const floorEnv = { ...env, NODE_COMPILE_CACHE: join(built.dir, 'compile-cache') };
    const args = ['docs', 'list', '--org', 'o', '--json'];
    const [node, floor, svc] = timeInTurns(
      [
        { args: ['-e', '0'] },
        { args: [floors.roundTrip, ...args], options: { env: floorEnv } },
        { args: [binPath, ...args], options: { env } },
      ],
      runs,
    );

    const mcp = await keptRounds(runs, async () => ({
      node: timeNode(['-e', '0']),
      floor: (await timeToToolList(floorEnv, floors.mcp)).ms,
      svc: (await timeToToolList(env)).ms,
    }));
    const mcpMedian = (key) => median(mcp.map((round) => round[key]));
    const targets = startupTargets();
    return {
      title: 'Floors: what svc’s libraries cost by themselves',
      rows: [
        floorRow('one round trip', targets.roundTrip, floor, svc, node),
        floorRow(
          'svc mcp to tools/list',
          targets.mcp,
          mcpMedian('floor'),
          mcpMedian('svc'),
          mcpMedian('node'),
        ),
      ],
      notes: [`Node ${process.versions.node}, medians of ${runs} runs in turns`],
    };
  } finally {
    await emulator.stop();
    config.remove();
    built.remove();
  }
}

await runIfMain(import.meta.url, bench);
