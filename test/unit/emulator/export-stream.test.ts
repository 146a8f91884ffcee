import { mkdtempSync, rmSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openDatabase } from '../../../src/emulator/store/sqlite.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import { keyHeaders, post, request } from './helpers.js';

const GROUPS = 100_000;
const NAME = 'g'.repeat(200);
/** The JSON of one group row is about this long: the export is GROUPS times it. */
const ROW_BYTES = 260;

let dataDir: string;
let emulator: RunningEmulator;
let creds: { apiKey: string; authToken: string };

/** A store far larger than the memory the export may take, written straight into SQLite. */
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'svc-export-stream-'));
  const seeding = await startEmulator({ dataDir });
  const seeded = await request(`${seeding.url}/_emulator/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      workspaces: [
        {
          ownerEmail: 'big@example.com',
          consoleOptions: { advancedQueries: true },
          organizations: [{ id: 'big' }],
        },
      ],
    }),
  });
  const [workspace] = (seeded.json as { workspaces: { apiKey: string; authToken: string }[] })
    .workspaces;
  if (!workspace) throw new Error(seeded.text);
  creds = workspace;
  await seeding.close();

  const db = openDatabase(join(dataDir, 'emulator.db'));
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO user_groups (workspace_id, api_key_id, organization_id, id, name)
     SELECT o.workspace_id, o.api_key_id, o.id, 'group-' || i, ? FROM n, organizations o`,
  ).run(GROUPS, NAME);
  db.close();
  emulator = await startEmulator({ dataDir });
}, 60_000);
afterAll(async () => {
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// A collection before each reading: what is measured is what the export holds on to, not
// garbage that a busy machine has not yet collected.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const inUse = () => {
  collectGarbage();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

function openExport(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(`${emulator.url}/_emulator/export`, resolve).on('error', reject);
  });
}

describe('GET /_emulator/export of a large store', () => {
  it('streams: memory stays far below the document while a client reads slowly', async () => {
    const before = inUse();
    const res = await openExport();
    res.pause();
    // The emulator writes until the connection is full, then waits for the client.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const grown = inUse() - before;
    res.destroy();
    expect(GROUPS * ROW_BYTES).toBeGreaterThan(25_000_000);
    expect(grown).toBeLessThan(10_000_000);
  });

  it('keeps answering meanwhile, and the export is one consistent, whole document', async () => {
    const res = await openExport();
    res.pause();
    // Written while the export is under way: not in the snapshot it reads.
    const added = await post(
      emulator.url,
      '/v1/organizations/usergroups/add',
      { organizationId: 'big', organizationUserGroups: [{ groupId: 'late', groupName: 'Late' }] },
      keyHeaders(creds),
    );
    expect(added.status).toBe(200);

    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => res.on('end', resolve).resume());
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      format: string;
      tables: Record<string, { columns: string[]; rows: unknown[][] }>;
    };
    expect(doc.format).toBe('svc-emulator-state');
    const groups = doc.tables.user_groups;
    expect(groups?.rows).toHaveLength(GROUPS);
    expect(groups?.rows.some((row) => row.includes('late'))).toBe(false);
  });
});
