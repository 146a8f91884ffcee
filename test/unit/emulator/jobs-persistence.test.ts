import { openDatabase } from '../../../src/emulator/store/sqlite.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type EmulatorOptions,
  type RunningEmulator,
  startEmulator,
} from '../../../src/emulator/server.js';
import { expectSuccess } from './helpers.js';
import {
  adminPost,
  documents,
  jobsOf,
  migrationStatus,
  startMigration,
  stepJob,
  waitUntil,
} from './jobs.js';
import { basicFixture, callAs } from './seed.js';

let dataDir: string;
let running: RunningEmulator | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'svc-emulator-jobs-'));
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(options: EmulatorOptions): Promise<RunningEmulator> {
  await running?.close();
  running = await startEmulator({ dataDir, ...options });
  return running;
}

/** A first run that seeds, starts a migration of `plan` in manual mode and stops. */
async function leavePendingMigration(): Promise<{
  id: string;
  creds: { apiKey: string; authToken: string };
}> {
  const first = await start({ seed: basicFixture, jobDelay: 'manual' });
  const creds = first.seeded[0];
  if (!creds) throw new Error('the fixture seeded no workspace');
  const id = await startMigration(callAs(first, creds), 'plan', 'plan-2');
  await first.close();
  return { id, creds };
}

describe('jobs across a restart on the same dataDir', () => {
  it('resume in manual mode, to be stepped by the admin call', async () => {
    const { id, creds } = await leavePendingMigration();
    const second = await start({ jobDelay: 'manual' });
    const call = callAs(second, creds);
    expect(await migrationStatus(call, id)).toMatchObject({ status: 'pending' });
    expect(await stepJob(second.url, id)).toMatchObject({ status: 'in_progress' });
    expect(await stepJob(second.url, id)).toMatchObject({ status: 'completed' });
    expect(await documents(call, ['plan', 'plan-2'])).toEqual([['plan-2', 'Plan', false]]);
  });

  it('finish on their own under a numeric delay', async () => {
    const { id, creds } = await leavePendingMigration();
    const second = await start({ jobDelay: 10 });
    const call = callAs(second, creds);
    await waitUntil(async () => (await migrationStatus(call, id)).status === 'completed');
    expect(await documents(call, ['plan-2'])).toEqual([['plan-2', 'Plan', false]]);
  });

  it('finish during the start under jobDelay 0', async () => {
    const { id, creds } = await leavePendingMigration();
    const purgeRun = await start({ jobDelay: 'manual' });
    const purge = await callAs(purgeRun, creds)('/v1/users/data/delete', { userIds: ['alice'] });
    const { jobId } = expectSuccess(purge, 'users.purge') as { jobId: string };
    await purgeRun.close();

    const third = await start({ jobDelay: 0 });
    const call = callAs(third, creds);
    expect(await migrationStatus(call, id)).toMatchObject({ status: 'completed' });
    const status = await call('/v2/users/data/delete/status', { jobId });
    expect(expectSuccess(status, 'users.purgeStatus')).toMatchObject({ isDeleteCompleted: true });
  });
});

describe('a step that throws', () => {
  /** Makes every change to a document row fail, as a broken database would. */
  function breakDocumentWrites(): void {
    const db = openDatabase(join(dataDir, 'emulator.db'));
    try {
      db.exec(`CREATE TRIGGER broken BEFORE UPDATE ON documents
               BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`);
    } finally {
      db.close();
    }
  }

  it('fails the job, undoes the step and reports the error, the emulator still serving', async () => {
    const errors: unknown[] = [];
    const { id, creds } = await leavePendingMigration();
    breakDocumentWrites();
    const second = await start({ jobDelay: 'manual', onInternalError: (e) => errors.push(e) });
    const call = callAs(second, creds);
    await stepJob(second.url, id);
    const [job] = jobsOf(await adminPost(second.url, 'jobs/step', { id }));
    expect(job).toMatchObject({ status: 'failed', stepsDone: 1 });
    expect(job?.reason).toMatch(/internal error/);
    expect(job?.reason).not.toMatch(/disk on fire/);
    expect(errors).toEqual([expect.objectContaining({ message: 'disk on fire' })]);
    expect(await migrationStatus(call, id)).toMatchObject({ status: 'failed' });
    expect(await documents(call, ['plan', 'plan-2'])).toEqual([['plan', 'Plan', false]]);
  });

  it('under a timer, fails the job without ending the process', async () => {
    const errors: unknown[] = [];
    const { id, creds } = await leavePendingMigration();
    breakDocumentWrites();
    const second = await start({ jobDelay: 5, onInternalError: (e) => errors.push(e) });
    const call = callAs(second, creds);
    await waitUntil(async () => (await migrationStatus(call, id)).status === 'failed');
    expect(errors).toHaveLength(1);
    expect(await documents(call, ['plan'])).toEqual([['plan', 'Plan', false]]);
  });
});
