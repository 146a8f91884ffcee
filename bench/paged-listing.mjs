#!/usr/bin/env node
// Peak memory (resident set) of a paged listing read to its end: `svc users list --all
// --json` of an organization of 100 users and of one of 100,000 (BENCH_QUICK: 20,000), with
// stdout going to /dev/null, against an emulator seeded with both. Pages are spooled as
// they arrive, so the larger listing may cost only a little more than the smaller one.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { binPath, quick, row, runIfMain, tempDir } from './lib/common.mjs';

const SMALL = 100;
const LARGE = quick ? 20_000 : 100_000;
/** The larger listing may peak at most this much above the smaller one. */
const LIMIT_MIB = 10;
const preload = fileURLToPath(new URL('./lib/peak-rss.mjs', import.meta.url));

function users(count) {
  return Array.from({ length: count }, (_, i) => ({
    id: `user-${String(i).padStart(6, '0')}`,
    name: `User ${i}`,
    email: `user-${i}@example.com`,
  }));
}

function fixture() {
  return {
    workspaces: [
      {
        // The owner `svc emulator exec` gives its command the credentials of.
        ownerEmail: 'owner@example.com',
        name: 'Bench',
        workspaceName: 'Bench',
        consoleOptions: { advancedQueries: true },
        organizations: [
          { id: 'small', name: 'Small', users: users(SMALL) },
          { id: 'large', name: 'Large', users: users(LARGE) },
        ],
      },
    ],
  };
}

/**
 * Peak RSS in MiB of `svc users list --org ORG --all --json`, run by `svc emulator exec`
 * (which hands it the seeded workspace's credentials) against an emulator seeded from `seed`;
 * also the number of users it printed, to be sure the listing was read whole.
 */
function peakRss(org, seed, dir) {
  const rssFile = join(dir, `rss-${org}`);
  const outFile = join(dir, `out-${org}.json`);
  // `emulator exec` hands its command svc's credentials and leaves out other SVC_ variables,
  // so the file names travel under names of the bench's own.
  const listing = `SVC_BENCH_RSS_FILE="$BENCH_RSS" "$BENCH_NODE" --import "$BENCH_PRELOAD" "$BENCH_BIN" users list --org ${org} --all --json > "$BENCH_OUT"`;
  const r = spawnSync(
    process.execPath,
    [binPath, 'emulator', 'exec', '--seed', seed, '--', 'sh', '-c', listing],
    {
      env: {
        ...process.env,
        BENCH_NODE: process.execPath,
        BENCH_PRELOAD: preload,
        BENCH_BIN: binPath,
        BENCH_OUT: outFile,
        BENCH_RSS: rssFile,
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (r.status !== 0)
    throw new Error(`svc users list --org ${org} exited ${r.status}: ${r.stderr}`);
  const printed = JSON.parse(readFileSync(outFile, 'utf8')).length;
  return { mib: Number(readFileSync(rssFile, 'utf8')) / 1024, printed };
}

const mib = (n) => `${n.toFixed(1)} MiB`;

export async function bench() {
  const work = tempDir('svc-bench-paged-');
  try {
    const seed = join(work.dir, 'seed.json');
    writeFileSync(seed, JSON.stringify(fixture()));
    const small = peakRss('small', seed, work.dir);
    const large = peakRss('large', seed, work.dir);
    if (small.printed !== SMALL || large.printed !== LARGE) {
      throw new Error(
        `printed ${small.printed} and ${large.printed} users, not ${SMALL} and ${LARGE}`,
      );
    }
    const growth = large.mib - small.mib;
    return {
      title: 'Paged listing',
      rows: [
        row(
          `peak RSS of users list --all --json, ${LARGE.toLocaleString('en-US')} users against ${SMALL}`,
          `${mib(large.mib)} against ${mib(small.mib)} (+${mib(growth)})`,
          `<= +${LIMIT_MIB} MiB`,
          growth <= LIMIT_MIB,
        ),
      ],
    };
  } finally {
    work.remove();
  }
}

await runIfMain(import.meta.url, bench);
