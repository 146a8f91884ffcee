import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import { expectError, expectSuccess, type Reply } from './helpers.js';
import {
  access,
  adminPost,
  allowed,
  denied,
  documents,
  jobsOf,
  migrationStatus,
  startMigration,
  stepJob,
  waitUntil,
} from './jobs.js';
import { basicFixture, callAs, SEED_CLOCK, seededWorkspaces } from './seed.js';

type Call = (path: string, data: unknown) => Promise<Reply>;

async function withEmulator(
  jobDelay: number | 'manual',
  body: (emulator: RunningEmulator, call: Call) => Promise<void>,
): Promise<void> {
  const emulator = await startEmulator({ seed: basicFixture, now: () => SEED_CLOCK, jobDelay });
  try {
    await body(emulator, callAs(emulator, seededWorkspaces(emulator).owner));
  } finally {
    await emulator.close();
  }
}

describe('a migration stepped by hand', () => {
  let emulator: RunningEmulator;
  let call: Call;
  let url: string;

  beforeEach(async () => {
    emulator = await startEmulator({
      seed: basicFixture,
      now: () => SEED_CLOCK,
      jobDelay: 'manual',
    });
    url = emulator.url;
    call = callAs(emulator, seededWorkspaces(emulator).owner);
  });
  afterEach(() => emulator.close());

  it('goes pending → in_progress → completed and moves the document with its access', async () => {
    const id = await startMigration(call, 'plan', 'plan-2');
    expect(await migrationStatus(call, id)).toMatchObject({ status: 'pending' });

    expect(await stepJob(url, id)).toMatchObject({ status: 'in_progress', stepsDone: 1 });
    expect(await migrationStatus(call, id)).toMatchObject({ status: 'in_progress' });
    // Nothing has moved yet.
    expect(await documents(call, ['plan', 'plan-2'])).toEqual([['plan', 'Plan', false]]);

    expect(await stepJob(url, id)).toMatchObject({ status: 'completed', stepsDone: 2 });
    expect(await migrationStatus(call, id)).toEqual({
      status: 'completed',
      message: expect.any(String) as string,
    });
    expect(await documents(call, ['plan', 'plan-2'])).toEqual([['plan-2', 'Plan', false]]);

    // The folder (restricted `secret`, alice's grant) and dave's own grant came along.
    expect(await access(call, 'dave', ['plan-2'])).toEqual([denied, allowed('viewer')]);
    expect(await access(call, 'alice', ['plan-2'])).toEqual([allowed(), allowed()]);
    expect(await access(call, 'carol', ['plan-2'])).toEqual([allowed(), denied]);
    const old = await call('/v2/auth/permissions/get', {
      organizationId: 'acme',
      userIds: ['dave'],
      documentIds: ['plan'],
    });
    expectError(old, 404, 'NOT_FOUND');
    const removed = await call('/v1/users/delete', {
      organizationId: 'acme',
      documentId: 'plan-2',
      userIds: ['dave'],
    });
    expect(expectSuccess(removed, 'users.remove')).toMatchObject({ dave: { success: true } });
  });

  it('keeps the disabled flag and an own access type', async () => {
    const id = await startMigration(call, 'archived', 'archived-2');
    const contract = await startMigration(call, 'contract', 'contract-2');
    expect(jobsOf(await adminPost(url, 'jobs/run', {})).map((j) => j.status)).toEqual([
      'completed',
      'completed',
    ]);
    expect(await migrationStatus(call, id)).toMatchObject({ status: 'completed' });
    expect(await migrationStatus(call, contract)).toMatchObject({ status: 'completed' });
    expect(await documents(call, ['archived', 'archived-2'])).toEqual([
      ['archived-2', 'Archived', true],
    ]);
    // Restricted on its own: only carol's live grant opens it.
    expect(await access(call, 'carol', ['contract-2'])).toEqual([allowed(), allowed('viewer')]);
    expect(await access(call, 'alice', ['contract-2'])).toEqual([allowed(), denied]);
  });

  it('fails when the new id is taken by the time it runs, leaving the source as it was', async () => {
    const first = await startMigration(call, 'notes', 'shared');
    const second = await startMigration(call, 'contract', 'shared');
    // Both were accepted: the id was free when they started.
    expect(await migrationStatus(call, second)).toMatchObject({ status: 'pending' });
    expect(jobsOf(await adminPost(url, 'jobs/run', { id: first }))[0]?.status).toBe('completed');

    const failed = await stepJob(url, second);
    expect(failed).toMatchObject({ status: 'failed', stepsDone: 0 });
    expect(failed.reason).toMatch(/shared is already taken/);
    const status = await migrationStatus(call, second);
    expect(status.status).toBe('failed');
    expect(status.message).toMatch(/already taken/);
    expect(await documents(call, ['notes', 'contract', 'shared'])).toEqual([
      ['contract', 'Contract', false],
      ['shared', 'Notes', false],
    ]);
    expect(await access(call, 'carol', ['contract'])).toEqual([allowed(), allowed('viewer')]);
    // A finished job stays as it is when stepped again.
    expect(await stepJob(url, second)).toMatchObject({ status: 'failed' });
  });

  it('fails between its steps when the new id is taken meanwhile', async () => {
    const late = await startMigration(call, 'contract', 'shared');
    expect(await stepJob(url, late)).toMatchObject({ status: 'in_progress' });
    const other = await startMigration(call, 'notes', 'shared');
    await adminPost(url, 'jobs/run', { id: other });
    expect(await stepJob(url, late)).toMatchObject({ status: 'failed', stepsDone: 1 });
    expect(await documents(call, ['contract'])).toEqual([['contract', 'Contract', false]]);
  });

  it('fails when the source document, or its organization, does not exist', async () => {
    const ghost = await startMigration(call, 'ghost', 'ghost-2');
    const noOrg = await startMigration(call, 'plan', 'plan-2', 'initech');
    const self = await startMigration(call, 'plan', 'plan');
    await adminPost(url, 'jobs/step', {});
    // The message is the reason alone, for the CLI to show after "migration … failed:".
    expect(await migrationStatus(call, ghost)).toEqual({
      status: 'failed',
      message: 'Document ghost does not exist in organization acme.',
    });
    expect(await migrationStatus(call, noOrg, 'initech')).toMatchObject({ status: 'failed' });
    expect(await migrationStatus(call, self)).toMatchObject({ status: 'failed' });
    expect(await documents(call, ['plan'])).toEqual([['plan', 'Plan', false]]);
  });

  it('fails when forced to by the admin call, with the reason given', async () => {
    const id = await startMigration(call, 'plan', 'plan-2');
    await stepJob(url, id);
    const forced = jobsOf(await adminPost(url, 'jobs/fail', { id, reason: 'Simulated outage.' }));
    expect(forced).toMatchObject([{ id, status: 'failed', reason: 'Simulated outage.' }]);
    expect(await migrationStatus(call, id)).toEqual({
      status: 'failed',
      message: 'Simulated outage.',
    });
    expect(await stepJob(url, id)).toMatchObject({ status: 'failed' });
    expect(await documents(call, ['plan', 'plan-2'])).toEqual([['plan', 'Plan', false]]);
  });

  it('is NOT_FOUND when unknown, asked from another organization, workspace or kind', async () => {
    const id = await startMigration(call, 'plan', 'plan-2');
    const status = (c: Call, migrationId: string, organizationId = 'acme') =>
      c('/v2/organizations/documents/migrate/status', { organizationId, migrationId });
    expectError(await status(call, 'no-such-migration'), 404, 'NOT_FOUND');
    expectError(await status(call, id, 'globex'), 404, 'NOT_FOUND');
    const rival = callAs(emulator, seededWorkspaces(emulator).rival);
    expectError(await status(rival, id), 404, 'NOT_FOUND');
    const purge = await call('/v1/users/data/delete', { userIds: ['alice'] });
    const { jobId } = expectSuccess(purge, 'users.purge') as { jobId: string };
    expectError(await status(call, jobId), 404, 'NOT_FOUND');
    expectError(await call('/v2/users/data/delete/status', { jobId: id }), 404, 'NOT_FOUND');
  });

  it('answers INVALID_ARGUMENT for a missing newDocumentId', async () => {
    const reply = await call('/v2/organizations/documents/migrate', {
      organizationId: 'acme',
      documentId: 'plan',
    });
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('data.newDocumentId');
  });
});

describe('migration timing', () => {
  it('with jobDelay 0, is completed before the call that started it answers', async () => {
    await withEmulator(0, async (_emulator, call) => {
      const id = await startMigration(call, 'plan', 'plan-2');
      expect(await migrationStatus(call, id)).toMatchObject({ status: 'completed' });
      expect(await documents(call, ['plan', 'plan-2'])).toEqual([['plan-2', 'Plan', false]]);
    });
  });

  it('with a numeric jobDelay, reaches completed on its own', async () => {
    await withEmulator(20, async (_emulator, call) => {
      const id = await startMigration(call, 'plan', 'plan-2');
      await waitUntil(async () => (await migrationStatus(call, id)).status === 'completed');
      expect(await documents(call, ['plan-2'])).toEqual([['plan-2', 'Plan', false]]);
    });
  });
});
