import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResultPromise } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../support/deep.js';
import { adminFetch, startEmulator, svc, type Emulator } from '../support/e2e.js';
import { startSeededEmulator } from '../support/seeded-emulator.js';

/** svc runs to see acknowledged before the kill: a load test's count (test/support/deep.ts). */
const ACKNOWLEDGED_BY_SVC = scaled(10, 30);

/**
 * `kill -9` the emulator while a client writes, then restart it on the same data directory:
 * every write the client saw acknowledged is there (SQLite in WAL mode commits each write
 * before its answer is sent), and jobs it had not finished carry on.
 */

const ADD = '/v1/organizations/folders/add';
const GET = '/v2/organizations/folders/get';
let emulator: Emulator | undefined;
afterAll(async () => {
  await emulator?.stop();
});

/** An emulator on a fresh data directory, with organization `acme` holding `documents`. */
async function crashable(extraArgs: string[], documents: { id: string }[] = []) {
  await emulator?.stop();
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-crash-'));
  const seeded = await startSeededEmulator({
    dataDir,
    args: extraArgs,
    seed: {
      workspaces: [
        {
          ownerEmail: 'crash@example.com',
          consoleOptions: { advancedQueries: true },
          organizations: [{ id: 'acme', documents }],
        },
      ],
    },
  });
  emulator = seeded;
  const { apiKey, authToken } = seeded.workspace;
  const headers = { 'x-service-api-key': apiKey, 'x-service-auth-token': authToken };
  return { dataDir, env: seeded.env, headers, url: seeded.url, seeded };
}

/** SIGKILL, then another emulator on the same data directory. */
async function killAndRestart(dataDir: string, extraArgs: string[] = []): Promise<Emulator> {
  emulator?.process.kill('SIGKILL');
  await emulator?.process.catch(() => undefined);
  emulator = await startEmulator(['--data-dir', dataDir, ...extraArgs]);
  return emulator;
}

async function post(url: string, path: string, data: unknown, headers: Record<string, string>) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
}

describe('emulator crash', () => {
  it('keeps every acknowledged write across a kill -9 and a restart', async () => {
    const { dataDir, headers, url } = await crashable([]);

    // Four writers add folders one request at a time until the emulator dies under them.
    const acknowledged: string[] = [];
    let sent = 0;
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
    const restarted = await killAndRestart(dataDir);
    await writers;

    const listed = await post(restarted.url, GET, { organizationId: 'acme' }, headers);
    const folders = ((await listed.json()) as { result: { data: { folderId: string }[] } }).result
      .data;
    const present = new Set(folders.map((f) => f.folderId));
    const lost = acknowledged.filter((id) => !present.has(id));
    console.log(
      `crash: ${sent} writes sent, ${acknowledged.length} acknowledged before kill -9, ${present.size} present after restart, ${lost.length} lost`,
    );
    expect(lost).toEqual([]);
  }, 60_000);

  it('keeps every folder svc reported added across a kill -9 and a restart', async () => {
    const { dataDir, env } = await crashable([]);

    // Three loops, as a shell script would run them: one `svc folders add` at a time until
    // the emulator dies under them. A folder counts as acknowledged when svc exited 0 and
    // its --json result said so.
    const acknowledged: string[] = [];
    const running = new Set<ResultPromise>();
    let runs = 0;
    let killed = false;
    const loop = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const id = `cli${w}-${i}`;
        const run = svc(
          ['folders', 'add', '--org', 'acme', '--id', id, '--name', id, '--json'],
          env,
        );
        running.add(run);
        runs++;
        const r = await run;
        running.delete(run);
        if (r.exitCode !== 0) continue;
        const result = JSON.parse(r.stdout) as Record<string, { success: boolean }>;
        if (result[id]?.success) acknowledged.push(id);
      }
    };
    const loops = Promise.all([0, 1, 2].map(loop));
    while (acknowledged.length < ACKNOWLEDGED_BY_SVC) await new Promise((r) => setTimeout(r, 20));
    const restarted = await killAndRestart(dataDir);
    killed = true;
    // The runs caught by the kill would retry the dead address for half a minute; they
    // report nothing added either way.
    for (const run of running) run.kill('SIGTERM');
    await loops;

    const listed = await svc(['folders', 'list', '--org', 'acme', '--json'], {
      ...env,
      SVC_BASE_URL: restarted.url,
    });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const present = new Set(
      (JSON.parse(listed.stdout) as { folderId: string }[]).map((f) => f.folderId),
    );
    const lost = acknowledged.filter((id) => !present.has(id));
    console.log(
      `crash (svc): ${runs} svc folders add runs, ${acknowledged.length} reported added before kill -9, ${present.size} present after restart, ${lost.length} lost`,
    );
    expect(lost).toEqual([]);
  }, 120_000);

  it('finishes migrations left pending and in progress by a kill -9', async () => {
    const { dataDir, env, seeded } = await crashable(
      ['--job-delay', 'manual'],
      [{ id: 'a' }, { id: 'b' }],
    );
    const migrate = async (doc: string) => {
      const r = await svc(
        ['docs', 'migrate', '--org', 'acme', '--doc', doc, '--to', `${doc}-moved`, '--json'],
        env,
      );
      expect(r.exitCode, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { migrationId: string }).migrationId;
    };
    const pending = await migrate('a');
    const inProgress = await migrate('b');
    const stepped = await adminFetch(seeded, '/_emulator/jobs/step', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: inProgress }),
    });
    expect(((await stepped.json()) as { jobs: { status: string }[] }).jobs[0]?.status).toBe(
      'in_progress',
    );

    const restarted = await killAndRestart(dataDir, ['--job-delay', '20ms']);
    const after = { ...env, SVC_BASE_URL: restarted.url };
    for (const migrationId of [pending, inProgress]) {
      const r = await svc(
        ['docs', 'migration-status', '--org', 'acme', '--id', migrationId, '--wait', '--json'],
        after,
      );
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ migrationId, status: 'completed' });
    }
    const docs = await svc(['docs', 'list', '--org', 'acme', '--json'], after);
    expect((JSON.parse(docs.stdout) as { id: string }[]).map((d) => d.id).sort()).toEqual([
      'a-moved',
      'b-moved',
    ]);
  }, 60_000);
});
