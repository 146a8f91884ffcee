#!/usr/bin/env node
// One real HTTP round trip: `svc docs list --org o --json` against a warm local emulator,
// against bare Node, as a ratio of medians.
import {
  binPath,
  cliEnv,
  quick,
  row,
  runIfMain,
  seedWorkspace,
  startEmulator,
  startupTargets,
  tempDir,
  timeInTurns,
} from './lib/common.mjs';

const runs = Number(process.env.BENCH_RUNS ?? (quick ? 9 : 21));
const TARGET = startupTargets().roundTrip;

export async function bench() {
  const emulator = await startEmulator();
  const config = tempDir('svc-bench-config-');
  try {
    const env = cliEnv(emulator.url, await seedWorkspace(emulator), config.dir);
    const [node, list] = timeInTurns(
      [
        { args: ['-e', '0'] },
        { args: [binPath, 'docs', 'list', '--org', 'o', '--json'], options: { env } },
      ],
      runs,
    );
    return {
      title: 'One round trip',
      rows: [
        row(
          'svc docs list --org o --json against node -e 0',
          `${(list / node).toFixed(2)}x (${list.toFixed(1)} ms; node ${node.toFixed(1)} ms)`,
          `<= ${TARGET}x`,
          list / node <= TARGET,
        ),
      ],
      notes: [`medians of ${runs} runs in turns, warm emulator on loopback`],
    };
  } finally {
    await emulator.stop();
    config.remove();
  }
}

await runIfMain(import.meta.url, bench);
