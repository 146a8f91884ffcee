import { describe, expect, it } from 'vitest';
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
import { useEmulator } from './fixture.js';

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
  const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK, jobDelay: 'manual' });

  it('goes pending → in_progress → completed and moves the document with its access', async () => {
    const id = await startMigration(emu.call, 'plan', 'plan-2');
    expect(await migrationStatus(emu.call, id)).toMatchObject({ status: 'pending' });

    expect(await stepJob(emu.url, id)).toMatchObject({ status: 'in_progress', stepsDone: 1 });
    expect(await migrationStatus(emu.call, id)).toMatchObject({ status: 'in_progress' });
    // Nothing has moved yet.
    expect(await documents(emu.call, ['plan', 'plan-2'])).toEqual([['plan', 'Plan', false]]);

    expect(await stepJob(emu.url, id)).toMatchObject({ status: 'completed', stepsDone: 2 });
    expect(await migrationStatus(emu.call, id)).toEqual({
      status: 'completed',
      message: expect.any(String) as string,
    });
    expect(await documents(emu.call, ['plan', 'plan-2'])).toEqual([['plan-2', 'Plan', false]]);

    // The folder (restricted `secret`, alice's grant) and dave's own grant came along.
    expect(await access(emu.call, 'dave', ['plan-2'])).toEqual([denied, allowed('viewer')]);
    expect(await access(emu.call, 'alice', ['plan-2'])).toEqual([allowed(), allowed()]);
    expect(await access(emu.call, 'carol', ['plan-2'])).toEqual([allowed(), denied]);
    const old = await emu.call('/v2/auth/permissions/get', {
      organizationId: 'acme',
      userIds: ['dave'],
      documentIds: ['plan'],
    });
    expectError(old, 404, 'NOT_FOUND');
    const removed = await emu.call('/v1/users/delete', {
      organizationId: 'acme',
      documentId: 'plan-2',
      userIds: ['dave'],
    });
    expect(expectSuccess(removed, 'users.remove')).toMatchObject({ dave: { success: true } });
  });

  it('keeps the disabled flag and an own access type', async () => {
    const id = await startMigration(emu.call, 'archived', 'archived-2');
    const contract = await startMigration(emu.call, 'contract', 'contract-2');
    expect(jobsOf(await adminPost(emu.url, 'jobs/run', {})).map((j) => j.status)).toEqual([
      'completed',
      'completed',
    ]);
    expect(await migrationStatus(emu.call, id)).toMatchObject({ status: 'completed' });
    expect(await migrationStatus(emu.call, contract)).toMatchObject({ status: 'completed' });
    expect(await documents(emu.call, ['archived', 'archived-2'])).toEqual([
      ['archived-2', 'Archived', true],
    ]);
    // Restricted on its own: only carol's live grant opens it.
    expect(await access(emu.call, 'carol', ['contract-2'])).toEqual([allowed(), allowed('viewer')]);
    expect(await access(emu.call, 'alice', ['contract-2'])).toEqual([allowed(), denied]);
  });

  it('fails when the new id is taken by the time it runs, leaving the source as it was', async () => {
    const first = await startMigration(emu.call, 'notes', 'shared');
    const second = await startMigration(emu.call, 'contract', 'shared');
    // Both were accepted: the id was free when they started.
    expect(await migrationStatus(emu.call, second)).toMatchObject({ status: 'pending' });
    expect(jobsOf(await adminPost(emu.url, 'jobs/run', { id: first }))[0]?.status).toBe(
      'completed',
    );

    const failed = await stepJob(emu.url, second);
    expect(failed).toMatchObject({ status: 'failed', stepsDone: 0 });
    expect(failed.reason).toMatch(/shared is already taken/);
    const status = await migrationStatus(emu.call, second);
    expect(status.status).toBe('failed');
    expect(status.message).toMatch(/already taken/);
    expect(await documents(emu.call, ['notes', 'contract', 'shared'])).toEqual([
      ['contract', 'Contract', false],
      ['shared', 'Notes', false],
    ]);
    expect(await access(emu.call, 'carol', ['contract'])).toEqual([allowed(), allowed('viewer')]);
    // A finished job stays as it is when stepped again.
    expect(await stepJob(emu.url, second)).toMatchObject({ status: 'failed' });
  });

  it('fails between its steps when the new id is taken meanwhile', async () => {
    const late = await startMigration(emu.call, 'contract', 'shared');
    expect(await stepJob(emu.url, late)).toMatchObject({ status: 'in_progress' });
    const other = await startMigration(emu.call, 'notes', 'shared');
    await adminPost(emu.url, 'jobs/run', { id: other });
    expect(await stepJob(emu.url, late)).toMatchObject({ status: 'failed', stepsDone: 1 });
    expect(await documents(emu.call, ['contract'])).toEqual([['contract', 'Contract', false]]);
  });

  it('fails when the source document, or its organization, does not exist', async () => {
    const ghost = await startMigration(emu.call, 'ghost', 'ghost-2');
    const noOrg = await startMigration(emu.call, 'plan', 'plan-2', 'initech');
    const self = await startMigration(emu.call, 'plan', 'plan');
    await adminPost(emu.url, 'jobs/step', {});
    // The message is the reason alone, for the CLI to show after "migration … failed:".
    expect(await migrationStatus(emu.call, ghost)).toEqual({
      status: 'failed',
      message: 'Document ghost does not exist in organization acme.',
    });
    expect(await migrationStatus(emu.call, noOrg, 'initech')).toMatchObject({ status: 'failed' });
    expect(await migrationStatus(emu.call, self)).toMatchObject({ status: 'failed' });
    expect(await documents(emu.call, ['plan'])).toEqual([['plan', 'Plan', false]]);
  });

  it('fails when forced to by the admin emu.call, with the reason given', async () => {
    const id = await startMigration(emu.call, 'plan', 'plan-2');
    await stepJob(emu.url, id);
    const forced = jobsOf(
      await adminPost(emu.url, 'jobs/fail', { id, reason: 'Simulated outage.' }),
    );
    expect(forced).toMatchObject([{ id, status: 'failed', reason: 'Simulated outage.' }]);
    expect(await migrationStatus(emu.call, id)).toEqual({
      status: 'failed',
      message: 'Simulated outage.',
    });
    expect(await stepJob(emu.url, id)).toMatchObject({ status: 'failed' });
    expect(await documents(emu.call, ['plan', 'plan-2'])).toEqual([['plan', 'Plan', false]]);
  });

  it('is NOT_FOUND when unknown, asked from another organization, workspace or kind', async () => {
    const id = await startMigration(emu.call, 'plan', 'plan-2');
    const status = (c: Call, migrationId: string, organizationId = 'acme') =>
      c('/v2/organizations/documents/migrate/status', { organizationId, migrationId });
    expectError(await status(emu.call, 'no-such-migration'), 404, 'NOT_FOUND');
    expectError(await status(emu.call, id, 'globex'), 404, 'NOT_FOUND');
    const rival = emu.callAs(seededWorkspaces(emu.emulator).rival);
    expectError(await status(rival, id), 404, 'NOT_FOUND');
    const purge = await emu.call('/v1/users/data/delete', { userIds: ['alice'] });
    const { jobId } = expectSuccess(purge, 'users.purge') as { jobId: string };
    expectError(await status(emu.call, jobId), 404, 'NOT_FOUND');
    expectError(await emu.call('/v2/users/data/delete/status', { jobId: id }), 404, 'NOT_FOUND');
  });

  it('answers INVALID_ARGUMENT for a missing newDocumentId', async () => {
    const reply = await emu.call('/v2/organizations/documents/migrate', {
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
