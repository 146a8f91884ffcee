#!/usr/bin/env node
// `npm run bench`: every performance target, each measured by its own script in one run
// on this machine, then one table of all of them. BENCH_QUICK=1 for smaller sizes.
import { bench as bulk } from './bulk.mjs';
import { bench as docsAdd } from './docs-add.mjs';
import { bench as emulator } from './emulator.mjs';
import { bench as floor } from './floor.mjs';
import { formatRow, printRows } from './lib/common.mjs';
import { bench as mcp } from './mcp.mjs';
import { bench as memory } from './memory.mjs';
import { bench as migrateWait } from './migrate-wait.mjs';
import { bench as nodeVersions } from './node-versions.mjs';
import { bench as orgDelete } from './org-delete.mjs';
import { bench as packageBench } from './package.mjs';
import { bench as pagedListing } from './paged-listing.mjs';
import { bench as roundtrip } from './roundtrip.mjs';
import { bench as startup } from './startup.mjs';
import { bench as ui } from './ui.mjs';

const all = [];
for (const bench of [
  startup,
  roundtrip,
  nodeVersions,
  bulk,
  docsAdd,
  memory,
  pagedListing,
  emulator,
  migrateWait,
  orgDelete,
  ui,
  mcp,
  floor,
  packageBench,
]) {
  const { title, rows, notes = [] } = await bench();
  printRows(title, rows);
  for (const note of notes) console.log(note);
  all.push(...rows);
}

console.log('\nAll targets');
console.log('| what | measured | target | |');
console.log('|---|---|---|---|');
for (const r of all) console.log(formatRow(r));
