#!/usr/bin/env node
// Deleting a large organization: `svc orgs delete` of one holding 10,000 documents (with
// folders, users and grants), against an emulator seeded with it, while another client
// reads the documents of a second organization all along. The delete is one transaction
// (the store's cascade); the reads wait for it, so their worst latency is what it costs them.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  adminFetch,
  binPath,
  cliEnv,
  quick,
  row,
  runIfMain,
  startEmulator,
  tempDir,
} from './lib/common.mjs';

const DOCUMENTS = quick ? 2_000 : 10_000;
const FOLDERS = 100;
/** The delete completes within this; reads meanwhile wait at most READ_LIMIT_MS. */
const DELETE_LIMIT_MS = 5_000;
const READ_LIMIT_MS = 1_000;

function fixture() {
  const folders = Array.from({ length: FOLDERS }, (_, i) => ({ id: `f${i}`, name: `F${i}` }));
  const documents = Array.from({ length: DOCUMENTS }, (_, i) => ({
    id: `d${i}`,
    name: `Document ${i}`,
    folderId: `f${i % FOLDERS}`,
  }));
  const users = Array.from({ length: 100 }, (_, i) => ({ id: `u${i}`, name: `User ${i}` }));
  const grants = users.map((u, i) => ({ userId: u.id, document: `d${i}`, role: 'editor' }));
  return {
    workspaces: [
      {
        ownerEmail: 'bench@example.com',
        name: 'Bench',
        workspaceName: 'Bench',
        organizations: [
          { id: 'big', name: 'Big', folders, documents, users, grants },
          { id: 'small', name: 'Small', documents: [{ id: 'kept', name: 'Kept' }] },
        ],
      },
    ],
  };
}

function run(env, args) {
  return new Promise((resolve) => {
    const started = performance.now();
    const cli = spawn(process.execPath, [binPath, ...args], { env, stdio: 'ignore' });
    cli.on('exit', (code) => resolve({ code, ms: performance.now() - started }));
  });
}

export async function bench() {
  const emulator = await startEmulator();
  const work = tempDir('svc-bench-org-delete-');
  try {
    const seeded = await adminFetch(emulator, '/_emulator/seed', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fixture()),
    });
    if (!seeded.ok) throw new Error(`seeding failed: HTTP ${seeded.status}`);
    const [workspace] = (await seeded.json()).workspaces;
    const env = cliEnv(emulator.url, workspace, join(work.dir, 'config'));

    // Reads of the other organization, back to back, for as long as the delete runs.
    let deleting = true;
    let worstRead = 0;
    let reads = 0;
    const reading = (async () => {
      while (deleting) {
        const started = performance.now();
        const res = await fetch(`${emulator.url}/v1/organizations/documents/get`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-service-api-key': workspace.apiKey,
            'x-service-auth-token': workspace.authToken,
          },
          body: JSON.stringify({ data: { organizationId: 'small', documentIds: ['kept'] } }),
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`a read failed: HTTP ${res.status}`);
        worstRead = Math.max(worstRead, performance.now() - started);
        reads++;
      }
    })();
    const deleted = await run(env, ['orgs', 'delete', '--org', 'big', '--yes', '--json']);
    deleting = false;
    await reading;
    if (deleted.code !== 0) throw new Error(`svc orgs delete exited ${deleted.code}`);
    return {
      title: 'Deleting an organization',
      rows: [
        row(
          `svc orgs delete of ${DOCUMENTS.toLocaleString('en-US')} documents, whole command`,
          `${Math.round(deleted.ms)} ms`,
          `<= ${DELETE_LIMIT_MS} ms`,
          deleted.ms <= DELETE_LIMIT_MS,
        ),
        row(
          'worst read of another organization meanwhile',
          `${Math.round(worstRead)} ms (${reads} reads)`,
          `<= ${READ_LIMIT_MS} ms`,
          worstRead <= READ_LIMIT_MS,
        ),
      ],
    };
  } finally {
    work.remove();
    await emulator.stop();
  }
}

await runIfMain(import.meta.url, bench);
