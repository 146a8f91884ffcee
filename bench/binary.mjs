#!/usr/bin/env node
// The single executable (dist/svc-linux-x64) against the Node it carries: its size, and its
// start-up as ratios of medians of runs in turns with that Node's `node -e 0`, beside the
// npm package run by the same Node. The bars are the npm package's own (startupTargets), and
// the executable's round trip is no slower than the npm package's on the Node it carries.
// `npm run build:binary` first.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EMBEDDED_NODE, embeddedNode } from '../scripts/embedded-node.mjs';
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

const binary = fileURLToPath(new URL('../dist/svc-linux-x64', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? (quick ? 9 : 21));

export async function bench() {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run npm run build:binary`);
  const node = embeddedNode();
  const emulator = await startEmulator();
  const config = tempDir('svc-bench-config-');
  try {
    const env = cliEnv(emulator.url, await seedWorkspace(emulator), config.dir);
    const targets = startupTargets();
    const commands = [
      { what: 'svc --version', args: ['--version'], target: targets.version },
      { what: 'svc --help', args: ['--help'], target: targets.help },
      {
        what: 'svc docs list --org o --json',
        args: ['docs', 'list', '--org', 'o', '--json'],
        options: { env },
        target: targets.roundTrip,
        // #33: the executable's round trip is no slower than the npm package's.
        noSlowerThanNpm: true,
      },
    ];
    const [bare, ...times] = timeInTurns(
      [
        { file: node, args: ['-e', '0'] },
        ...commands.flatMap(({ args, options }) => [
          { file: binary, args, options },
          { file: node, args: [binPath, ...args], options },
        ]),
      ],
      runs,
    );
    const rows = commands.flatMap(({ what, target, noSlowerThanNpm }, i) => {
      const [single, npm] = [times[2 * i], times[2 * i + 1]];
      return [
        row(
          `${what}, single executable, against node -e 0`,
          `${(single / bare).toFixed(2)}x (${single.toFixed(1)} ms; npm package ${(npm / bare).toFixed(2)}x)`,
          `<= ${target}x`,
          single / bare <= target,
        ),
        ...(noSlowerThanNpm
          ? [
              row(
                `${what}, single executable, against the npm package`,
                `${(single / npm).toFixed(2)}x (${single.toFixed(1)} ms against ${npm.toFixed(1)} ms)`,
                '<= 1x',
                single <= npm,
              ),
            ]
          : []),
      ];
    });
    const mib = (statSync(binary).size / 2 ** 20).toFixed(1);
    return {
      title: `Single executable (Node ${EMBEDDED_NODE}, ${mib} MiB)`,
      rows,
      notes: [
        `medians of ${runs} runs in turns; node -e 0 of Node ${EMBEDDED_NODE} ${bare.toFixed(1)} ms`,
        'the npm package is bin/svc run by the same Node, warm emulator on loopback',
      ],
    };
  } finally {
    await emulator.stop();
    config.remove();
  }
}

await runIfMain(import.meta.url, bench);
