import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/emulator/server.js';
import { expectError, request } from './helpers.js';
import { adminPost, jobsOf, startMigration } from './jobs.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK, jobDelay: 'manual' });

const list = async (query = '') => jobsOf(await request(`${emu.url}/_emulator/jobs${query}`));

describe('/_emulator/jobs', () => {
  it('lists every job with its kind, state, steps, times and workspace', async () => {
    expect(await list()).toEqual([]);
    const migrationId = await startMigration(emu.call, 'plan', 'plan-2');
    const purge = await emu.call('/v1/users/data/delete', { userIds: ['alice'] });
    const { jobId } = (purge.json as { data: { jobId: string } }).data;
    const { workspaceId } = emu.owner;
    expect(await list()).toEqual([
      {
        id: migrationId,
        kind: 'migration',
        status: 'pending',
        stepsDone: 0,
        stepsTotal: 2,
        reason: null,
        createdAt: SEED_CLOCK,
        updatedAt: SEED_CLOCK,
        workspaceId,
        spec: { organizationId: 'acme', documentId: 'plan', newDocumentId: 'plan-2' },
      },
      {
        id: jobId,
        kind: 'deletion',
        status: 'pending',
        stepsDone: 0,
        stepsTotal: 2,
        reason: null,
        createdAt: SEED_CLOCK,
        updatedAt: SEED_CLOCK,
        workspaceId,
        spec: { userIds: ['alice'], organizationIds: ['acme', 'globex'] },
      },
    ]);
    expect(await list(`?workspaceId=${workspaceId}`)).toHaveLength(2);
    expect(await list(`?workspaceId=${emu.rival.workspaceId}`)).toEqual([]);
  });

  it('steps every unfinished job once when no id is given', async () => {
    const a = await startMigration(emu.call, 'plan', 'plan-2');
    const b = await startMigration(emu.call, 'ghost', 'ghost-2');
    const c = await startMigration(emu.call, 'notes', 'notes-2');
    await adminPost(emu.url, 'jobs/run', { id: c });
    const stepped = jobsOf(await adminPost(emu.url, 'jobs/step', {}));
    expect(stepped.map((j) => [j.id, j.status])).toEqual([
      [a, 'in_progress'],
      [b, 'failed'],
    ]);
    expect(jobsOf(await adminPost(emu.url, 'jobs/step', {})).map((j) => j.status)).toEqual([
      'completed',
    ]);
    expect(jobsOf(await adminPost(emu.url, 'jobs/step', {}))).toEqual([]);
  });

  it('runs one job, or all, to the end', async () => {
    const a = await startMigration(emu.call, 'plan', 'plan-2');
    const b = await startMigration(emu.call, 'notes', 'notes-2');
    expect(jobsOf(await adminPost(emu.url, 'jobs/run', { id: a }))).toMatchObject([
      { id: a, status: 'completed', stepsDone: 2 },
    ]);
    expect(jobsOf(await adminPost(emu.url, 'jobs/run', {}))).toMatchObject([
      { id: b, status: 'completed' },
    ]);
  });

  it('answers NOT_FOUND for an unknown id, and refuses to fail a finished job', async () => {
    for (const route of ['jobs/step', 'jobs/run', 'jobs/fail']) {
      expectError(await adminPost(emu.url, route, { id: 'nope' }), 404, 'NOT_FOUND');
    }
    const id = await startMigration(emu.call, 'plan', 'plan-2');
    await adminPost(emu.url, 'jobs/run', { id });
    const message = expectError(
      await adminPost(emu.url, 'jobs/fail', { id }),
      400,
      'FAILED_PRECONDITION',
    );
    expect(message).toMatch(/already completed/);
  });

  it('fails a job with a default reason when none is given', async () => {
    const id = await startMigration(emu.call, 'plan', 'plan-2');
    const [job] = jobsOf(await adminPost(emu.url, 'jobs/fail', { id }));
    expect(job).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/admin/) as string,
    });
  });

  it('answers INVALID_ARGUMENT for a bad body or method', async () => {
    expect(
      expectError(await adminPost(emu.url, 'jobs/step', { id: 5 }), 400, 'INVALID_ARGUMENT'),
    ).toContain('id');
    expectError(await adminPost(emu.url, 'jobs/step', { jobId: 'x' }), 400, 'INVALID_ARGUMENT');
    expectError(await adminPost(emu.url, 'jobs/fail', {}), 400, 'INVALID_ARGUMENT');
    expectError(
      await request(`${emu.url}/_emulator/jobs/step`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      400,
      'INVALID_ARGUMENT',
    );
    const wrongMethod = await request(`${emu.url}/_emulator/jobs`, { method: 'POST' });
    expectError(wrongMethod, 400, 'INVALID_ARGUMENT');
    expect(wrongMethod.headers.get('allow')).toBe('GET');
  });

  it('forgets a workspace’s jobs when the workspace is reset', async () => {
    await startMigration(emu.call, 'plan', 'plan-2');
    await adminPost(emu.url, 'reset', { workspaceId: emu.owner.workspaceId });
    expect(await list()).toEqual([]);
  });
});

describe('jobDelay', () => {
  it('refuses a value no timer can keep', async () => {
    for (const jobDelay of [-1, 1.5, Number.NaN, 2 ** 31]) {
      await expect(startEmulator({ jobDelay })).rejects.toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/jobDelay/) as string,
      });
    }
  });
});
