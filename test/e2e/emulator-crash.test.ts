import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedWorkspaces, startEmulator, type Emulator } from '../support/e2e.js';

/**
 * `kill -9` the emulator while a client writes, then restart it on the same data directory:
 * every write the client saw acknowledged is there (SQLite in WAL mode commits each write
 * before its answer is sent).
 */

const ADD = '/v1/organizations/folders/add';
const GET = '/v2/organizations/folders/get';
let emulator: Emulator | undefined;
afterAll(async () => {
  await emulator?.stop();
});

async function post(url: string, path: string, data: unknown, headers: Record<string, string>) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
}

describe('emulator crash', () => {
  it('keeps every acknowledged write across a kill -9 and a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-crash-'));
    emulator = await startEmulator(['--data-dir', dataDir]);
    const { workspaces } = await seedWorkspaces(emulator, {
      workspaces: [
        {
          ownerEmail: 'crash@example.com',
          consoleOptions: { advancedQueries: true },
          organizations: [{ id: 'acme' }],
        },
      ],
    });
    const headers = {
      'x-service-api-key': workspaces[0]?.apiKey ?? '',
      'x-service-auth-token': workspaces[0]?.authToken ?? '',
    };

    // Four writers add folders one request at a time until the emulator dies under them.
    const acknowledged: string[] = [];
    let sent = 0;
    const url = emulator.url;
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        const id = `w${w}-${i}`;
        sent++;
        try {
          const res = await post(
            url,
            ADD,
            { organizationId: 'acme', folders: [{ folderId: id, folderName: id }] },
            headers,
          );
          const body = (await res.json()) as {
            result?: { data: Record<string, { success: boolean }> };
          };
          if (body.result?.data[id]?.success) acknowledged.push(id);
        } catch {
          return; // the connection died with the emulator
        }
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    while (acknowledged.length < 200) await new Promise((r) => setTimeout(r, 10));
    emulator.process.kill('SIGKILL');
    await writers;
    await emulator.process.catch(() => undefined);

    emulator = await startEmulator(['--data-dir', dataDir]);
    const listed = await post(emulator.url, GET, { organizationId: 'acme' }, headers);
    const folders = ((await listed.json()) as { result: { data: { folderId: string }[] } }).result
      .data;
    const present = new Set(folders.map((f) => f.folderId));
    const lost = acknowledged.filter((id) => !present.has(id));
    console.log(
      `crash: ${sent} writes sent, ${acknowledged.length} acknowledged before kill -9, ${present.size} present after restart, ${lost.length} lost`,
    );
    expect(lost).toEqual([]);
  }, 60_000);
});
