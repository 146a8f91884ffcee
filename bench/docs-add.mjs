#!/usr/bin/env node
// `svc docs add --file` of 10,000 NDJSON documents against `svc folders add --file` of as many
// folders, in turns, each into an organization of its own, against one local emulator: the
// document import should run at no less than 80% of the folder import's rate.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  adminFetch,
  binPath,
  cliEnv,
  median,
  quick,
  row,
  runIfMain,
  startEmulator,
  tempDir,
  timeNode,
  writeFolders,
} from './lib/common.mjs';

const ITEMS = quick ? 2_000 : 10_000;
const RUNS = quick ? 1 : 3;
const TARGET = 0.8;

function writeDocuments(path, count) {
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({ documentId: `d${i}`, documentName: `Document ${i}` }),
  );
  writeFileSync(path, `${lines.join('\n')}\n`);
}

export async function bench() {
  const work = tempDir('svc-bench-docs-add-');
  const emulator = await startEmulator();
  try {
    const folders = join(work.dir, 'folders.ndjson');
    const docs = join(work.dir, 'docs.ndjson');
    writeFolders(folders, ITEMS);
    writeDocuments(docs, ITEMS);
    const organizations = Array.from({ length: 2 * RUNS + 1 }, (_, i) => ({ id: `o${i}` }));
    const seeded = await adminFetch(emulator, '/_emulator/seed', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        workspaces: [
          {
            ownerEmail: 'bench@example.com',
            consoleOptions: { advancedQueries: true },
            organizations,
          },
        ],
      }),
    });
    if (!seeded.ok) throw new Error(`seeding failed: HTTP ${seeded.status}`);
    const [workspace] = (await seeded.json()).workspaces;
    const env = cliEnv(emulator.url, workspace, join(work.dir, 'config'));
    const add = (what, file, org) =>
      timeNode([binPath, what, 'add', '--org', org, '--file', file, '--json'], { env });
    // A warm-up of each, then the two in turns.
    add('folders', folders, `o${2 * RUNS}`);
    const folderRuns = [];
    const docRuns = [];
    for (let run = 0; run < RUNS; run++) {
      folderRuns.push(add('folders', folders, `o${2 * run}`));
      docRuns.push(add('docs', docs, `o${2 * run + 1}`));
    }
    const ratio = median(docRuns.map((ms, run) => folderRuns[run] / ms));
    const perSecond = (ms) => `${Math.round((ITEMS / ms) * 1000).toLocaleString('en-US')} items/s`;
    return {
      title: 'Adding documents',
      rows: [
        row(
          `svc docs add --file, ${ITEMS.toLocaleString('en-US')} NDJSON items, against svc folders add`,
          `${Math.round(ratio * 100)}% (medians: docs ${perSecond(median(docRuns))}, folders ${perSecond(median(folderRuns))})`,
          `>= ${TARGET * 100}%`,
          ratio >= TARGET,
        ),
      ],
    };
  } finally {
    await emulator.stop();
    work.remove();
  }
}

await runIfMain(import.meta.url, bench);
