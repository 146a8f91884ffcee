import { describe, expect, it } from 'vitest';
import { envelope } from '../../support/envelopes.js';
import { expectError, expectSuccess } from './helpers.js';
import { access, adminPost, allowed, denied, jobsOf, stepJob } from './jobs.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK, jobDelay: 'manual' });

async function purge(
  data: Record<string, unknown>,
): Promise<{ jobId: string; tasksCount: number }> {
  const reply = await emu.call('/v1/users/data/delete', data);
  return expectSuccess(reply, 'users.purge') as { jobId: string; tasksCount: number };
}

async function status(jobId: string): Promise<unknown> {
  return expectSuccess(
    await emu.call('/v2/users/data/delete/status', { jobId }),
    'users.purgeStatus',
  );
}

/** Op 15's verdict on taking the user out of the organization: false once nothing is left. */
async function removable(userId: string, organizationId: string, as = emu.call): Promise<boolean> {
  const reply = await as('/v1/users/delete', { organizationId, userIds: [userId] });
  const result = expectSuccess(reply, 'users.remove') as Record<string, { success: boolean }>;
  return result[userId]?.success ?? false;
}

describe('user-data deletion (op 16)', () => {
  it('answers 202 with the top-level body, one task per organization the users appear in', async () => {
    const reply = await emu.call('/v1/users/data/delete', { userIds: ['alice', 'bob'] });
    expect(reply.status).toBe(202);
    expect(reply.json).toEqual(
      envelope.topLevel(
        { jobId: expect.any(String) as string, tasksCount: 2 },
        expect.any(String) as string,
      ),
    );
    expectSuccess(reply, 'users.purge');
    // bob is in acme only; dave has a grant in acme only.
    expect(await purge({ userIds: ['bob', 'dave', 'bob'] })).toMatchObject({ tasksCount: 1 });
  });

  it('has one task per named organization, each once, whether or not the users are in it', async () => {
    const job = await purge({ userIds: ['alice'], organizationIds: ['acme', 'initech', 'acme'] });
    expect(job.tasksCount).toBe(2);
    const [view] = jobsOf(await adminPost(emu.url, 'jobs/step', { id: job.jobId }));
    expect(view).toMatchObject({
      kind: 'deletion',
      spec: { userIds: ['alice'], organizationIds: ['acme', 'initech'] },
    });
  });

  it('runs its tasks one by one, then the users have no access and no membership', async () => {
    expect(await access(emu.call, 'alice', ['plan', 'staff-list', 'notes'])).toEqual([
      allowed(),
      allowed(),
      allowed(),
      allowed(),
    ]);
    const { jobId, tasksCount } = await purge({ userIds: ['alice', 'bob'] });
    expect(tasksCount).toBe(2);
    expect(await status(jobId)).toEqual({
      isDeleteCompleted: false,
      tasksLeft: 2,
      lastTaskCompletedTime: null,
    });

    emu.clock = SEED_CLOCK + 1000;
    expect(await stepJob(emu.url, jobId)).toMatchObject({ status: 'in_progress' });
    expect(await status(jobId)).toEqual({
      isDeleteCompleted: false,
      tasksLeft: 1,
      lastTaskCompletedTime: SEED_CLOCK + 1000,
    });
    // The first task (acme) is done; globex is not yet.
    expect(await access(emu.call, 'alice', ['plan'])).toEqual([denied, denied]);
    expect(await removable('alice', 'acme')).toBe(false);

    emu.clock = SEED_CLOCK + 2000;
    expect(await stepJob(emu.url, jobId)).toMatchObject({ status: 'completed' });
    expect(await status(jobId)).toEqual({
      isDeleteCompleted: true,
      tasksLeft: 0,
      lastTaskCompletedTime: SEED_CLOCK + 2000,
    });
    const reply = await emu.call('/v2/users/data/delete/status', { jobId });
    expect((reply.json as { result: { message: string } }).result.message).toBe(
      'Data fetched successfully.',
    );

    // Only what anyone may open is left: the public document.
    expect(await access(emu.call, 'alice', ['plan', 'staff-list', 'notes'])).toEqual([
      denied,
      denied,
      denied,
      allowed(),
    ]);
    expect(await access(emu.call, 'bob', ['staff-list'])).toEqual([denied, denied]);
    expect(await removable('alice', 'globex')).toBe(false);
    expect(await removable('bob', 'acme')).toBe(false);
    // Other users keep theirs.
    expect(await access(emu.call, 'dave', ['plan'])).toEqual([denied, allowed('viewer')]);
    expect(await removable('carol', 'acme')).toBe(true);
  });

  it('stays in the organizations it was given', async () => {
    const { jobId } = await purge({ userIds: ['alice'], organizationIds: ['globex'] });
    await adminPost(emu.url, 'jobs/run', { id: jobId });
    expect(await status(jobId)).toMatchObject({ isDeleteCompleted: true });
    expect(await removable('alice', 'globex')).toBe(false);
    expect(await access(emu.call, 'alice', ['plan'])).toEqual([allowed(), allowed()]);
  });

  it("leaves another workspace's users of the same ids alone", async () => {
    const seeded = await adminPost(emu.url, 'seed', {
      workspaces: [
        {
          ownerEmail: 'rival@example.com',
          organizations: [{ id: 'acme', users: [{ id: 'alice' }] }],
        },
      ],
    });
    expect(seeded.status).toBe(200);
    const { jobId } = await purge({ userIds: ['alice'] });
    await adminPost(emu.url, 'jobs/run', { id: jobId });
    const rival = emu.callAs(emu.rival);
    expect(await removable('alice', 'acme', rival)).toBe(true);
    expectError(await rival('/v2/users/data/delete/status', { jobId }), 404, 'NOT_FOUND');
  });

  it('is done at once when the users appear nowhere', async () => {
    const { jobId, tasksCount } = await purge({ userIds: ['nobody'] });
    expect(tasksCount).toBe(0);
    expect(await status(jobId)).toEqual({
      isDeleteCompleted: true,
      tasksLeft: 0,
      lastTaskCompletedTime: null,
    });
  });

  it('answers a failed deletion with ABORTED: the reason, and the tasks it had left', async () => {
    const { jobId } = await purge({ userIds: ['alice'] });
    await stepJob(emu.url, jobId);
    await adminPost(emu.url, 'jobs/fail', { id: jobId, reason: 'Disk full.' });
    const reply = await emu.call('/v2/users/data/delete/status', { jobId });
    expect(reply.status).toBe(409);
    expect(reply.json).toEqual({
      error: {
        status: 'ABORTED',
        message: 'Disk full.',
        details: {
          jobId,
          isDeleteCompleted: false,
          tasksLeft: 1,
          lastTaskCompletedTime: SEED_CLOCK,
        },
      },
    });
  });

  it('answers NOT_FOUND for an unknown job, INVALID_ARGUMENT for no users', async () => {
    expectError(
      await emu.call('/v2/users/data/delete/status', { jobId: 'nope' }),
      404,
      'NOT_FOUND',
    );
    expect(
      expectError(
        await emu.call('/v1/users/data/delete', { userIds: [] }),
        400,
        'INVALID_ARGUMENT',
      ),
    ).toContain('data.userIds');
  });
});
