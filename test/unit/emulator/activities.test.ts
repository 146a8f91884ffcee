import { beforeEach, describe, expect, it } from 'vitest';
import { adminRead } from './collab.js';
import { expectError, expectSuccess, type Reply } from './helpers.js';
import { adminPost, migrationStatus, startMigration } from './jobs.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

interface StoredActivity {
  organizationId: string;
  documentId: string;
  createdAt: number;
  updatedAt: number;
  activity: Record<string, unknown> & { id: string };
}

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK, jobDelay: 0 });

const comment = (userId: string, extra: Record<string, unknown> = {}) => ({
  featureType: 'comment',
  actionType: 'comment.add',
  actionUser: { userId, name: userId, email: `${userId}@example.com` },
  ...extra,
});

function add(activities: unknown[], documentId = 'plan', organizationId = 'acme'): Promise<Reply> {
  return emu.call('/v2/activities/add', { organizationId, documentId, activities });
}

async function stored(documentId?: string, organizationId = 'acme'): Promise<StoredActivity[]> {
  const params = {
    workspaceId: emu.owner.workspaceId,
    organizationId,
    ...(documentId !== undefined && { documentId }),
  };
  return (await adminRead<{ activities: StoredActivity[] }>(emu.url, 'activities', params))
    .activities;
}

const ids = async (documentId?: string) => (await stored(documentId)).map((a) => a.activity.id);

describe('activities add', () => {
  it('stores each activity whole, keeping given ids and generating the others', async () => {
    const custom = {
      id: 'act-2',
      featureType: 'custom',
      actionType: 'task.moved',
      actionUser: { userId: 'bob' },
      targetEntityId: 'task-9',
      targetSubEntityId: 'column-2',
      changes: { column: { from: 'todo', to: 'done' } },
      entityData: { title: 'Ship it', points: [1, 2] },
      displayMessageTemplate: '{{user}} moved a task',
      displayMessageTemplateData: { user: { name: 'Bob' } },
      actionIcon: 'move',
      isActivityResolverUsed: false,
      somethingNewer: true,
    };
    const reply = await add([comment('alice', { id: 'act-1' }), custom, comment('carol')]);
    expect(expectSuccess(reply, 'activities.add')).toEqual({
      success: true,
      message: expect.stringContaining('3') as string,
    });

    const activities = await stored('plan');
    expect(activities.map((a) => a.activity.id).slice(0, 2)).toEqual(['act-1', 'act-2']);
    expect(activities[0]).toEqual({
      organizationId: 'acme',
      documentId: 'plan',
      createdAt: SEED_CLOCK,
      updatedAt: SEED_CLOCK,
      activity: { ...comment('alice'), id: 'act-1' },
    });
    expect(activities[1]?.activity).toEqual(custom);
    const generated = activities[2]?.activity;
    expect(generated).toEqual({ ...comment('carol'), id: expect.stringMatching(/^\w{20}$/) });
  });

  it('overwrites an activity written again with its id, wherever it was', async () => {
    await add([comment('alice', { id: 'act-1' }), comment('bob', { id: 'act-2' })]);
    emu.clock += 5000;
    const again = {
      id: 'act-1',
      featureType: 'comment',
      actionType: 'comment.update',
      actionUser: { userId: 'carol' },
    };
    expectSuccess(await add([again], 'notes'), 'activities.add');

    expect(await ids('plan')).toEqual(['act-2']);
    expect(await stored('notes')).toEqual([
      {
        organizationId: 'acme',
        documentId: 'notes',
        createdAt: SEED_CLOCK,
        updatedAt: SEED_CLOCK + 5000,
        activity: again,
      },
    ]);
  });

  it('gives two activities without ids two entries', async () => {
    await add([comment('alice'), comment('alice')]);
    const [first, second] = await ids('plan');
    expect(first).not.toBe(second);
  });

  it('refuses a custom activity without targetEntityId, naming the item, and writes nothing', async () => {
    const custom = { featureType: 'custom', actionType: 'x', actionUser: { userId: 'bob' } };
    const message = expectError(await add([comment('alice'), custom]), 400, 'INVALID_ARGUMENT');
    expect(message).toContain('data.activities[1].targetEntityId');
    expect(await stored()).toEqual([]);
  });

  it('refuses a featureType that is not documented', async () => {
    const message = expectError(
      await add([comment('alice', { featureType: 'poll' })]),
      400,
      'INVALID_ARGUMENT',
    );
    expect(message).toContain('data.activities[0].featureType');
  });

  it('creates the organization on first use', async () => {
    expectSuccess(
      await add([comment('alice', { id: 'x-1' })], 'doc-1', 'brand-new'),
      'activities.add',
    );
    expect((await stored(undefined, 'brand-new')).map((a) => a.activity.id)).toEqual(['x-1']);
  });
});

describe('the activity service option', () => {
  it('gates adding and deleting: off, both are FAILED_PRECONDITION', async () => {
    const rival = emu.callAs(emu.rival);
    const addReply = await rival('/v2/activities/add', {
      organizationId: 'acme',
      documentId: 'plan',
      activities: [comment('alice')],
    });
    expect(expectError(addReply, 400, 'FAILED_PRECONDITION')).toMatch(/activity service/);
    const deleteReply = await rival('/v2/activities/delete', {
      organizationId: 'acme',
      documentId: 'plan',
    });
    expectError(deleteReply, 400, 'FAILED_PRECONDITION');
  });

  it('lets a workspace write once switched on, and keeps each workspace to its own', async () => {
    await add([comment('alice', { id: 'act-1' })]);
    await adminPost(emu.url, 'seed', {
      workspaces: [{ ownerEmail: 'rival@example.com', consoleOptions: { activityService: true } }],
    });
    const { rival } = emu;
    const asRival = emu.callAs(rival);
    const deleted = await asRival('/v2/activities/delete', {
      organizationId: 'acme',
      activityIds: ['act-1'],
    });
    expect(expectSuccess(deleted, 'activities.delete')).toEqual({
      'act-1': { success: false, message: expect.any(String) as string },
    });
    expect(await ids('plan')).toEqual(['act-1']);
  });
});

describe('activities delete', () => {
  beforeEach(async () => {
    await add([
      comment('alice', { id: 'p1', targetEntityId: 't1' }),
      comment('bob', { id: 'p2', targetEntityId: 't2' }),
      comment('carol', { id: 'p3' }),
    ]);
    await add(
      [comment('alice', { id: 'n1', targetEntityId: 't1' }), comment('bob', { id: 'n2' })],
      'notes',
    );
  });

  const remove = (selectors: Record<string, unknown>) =>
    emu.call('/v2/activities/delete', { organizationId: 'acme', ...selectors });

  it('by ids: each id reports its own outcome', async () => {
    const reply = await remove({ activityIds: ['p1', 'nope', 'n2', 'p1'] });
    expect(expectSuccess(reply, 'activities.delete')).toEqual({
      p1: { success: true, message: 'Activity deleted.' },
      nope: { success: false, message: 'Activity nope does not exist.' },
      n2: { success: true, message: 'Activity deleted.' },
    });
    expect(await ids()).toEqual(['p2', 'p3', 'n1']);
  });

  it('by ids in a document: ids of other documents are not deleted', async () => {
    const reply = await remove({ activityIds: ['p2', 'n1'], documentId: 'plan' });
    expect(expectSuccess(reply, 'activities.delete')).toEqual({
      p2: { success: true, message: 'Activity deleted.' },
      n1: { success: false, message: 'Activity n1 does not exist in document plan.' },
    });
    expect(await ids()).toEqual(['p1', 'p3', 'n1', 'n2']);
  });

  it('by document: every activity of it, each reported', async () => {
    const reply = await remove({ documentId: 'notes' });
    expect(expectSuccess(reply, 'activities.delete')).toEqual({
      n1: { success: true, message: 'Activity deleted.' },
      n2: { success: true, message: 'Activity deleted.' },
    });
    expect(await ids()).toEqual(['p1', 'p2', 'p3']);
  });

  it('by target entity: across documents', async () => {
    const reply = await remove({ targetEntityId: 't1' });
    expect(Object.keys(expectSuccess(reply, 'activities.delete') as object)).toEqual(['p1', 'n1']);
    expect(await ids()).toEqual(['p2', 'p3', 'n2']);
  });

  it('by document and target entity: only what both select', async () => {
    const reply = await remove({ documentId: 'plan', targetEntityId: 't1' });
    expect(expectSuccess(reply, 'activities.delete')).toEqual({
      p1: { success: true, message: 'Activity deleted.' },
    });
    expect(await ids()).toEqual(['p2', 'p3', 'n1', 'n2']);
  });

  it('by ids, document and target entity together', async () => {
    const reply = await remove({
      activityIds: ['p1', 'p2'],
      documentId: 'plan',
      targetEntityId: 't2',
    });
    expect(expectSuccess(reply, 'activities.delete')).toEqual({
      p1: {
        success: false,
        message: 'Activity p1 does not exist in document plan for target entity t2.',
      },
      p2: { success: true, message: 'Activity deleted.' },
    });
  });

  it('answers an empty map when the selectors match nothing', async () => {
    expect(expectSuccess(await remove({ documentId: 'welcome' }), 'activities.delete')).toEqual({});
    expect(await ids()).toHaveLength(5);
  });

  it('needs a selector', async () => {
    const message = expectError(await remove({}), 400, 'INVALID_ARGUMENT');
    expect(message).toMatch(/one of documentId, activityIds or targetEntityId/);
    expect(await ids()).toHaveLength(5);
  });

  it('fails every id of an organization that does not exist, creating nothing', async () => {
    const reply = await emu.call('/v2/activities/delete', {
      organizationId: 'nowhere',
      activityIds: ['p1'],
    });
    expect(expectSuccess(reply, 'activities.delete')).toEqual({
      p1: { success: false, message: 'Activity p1 does not exist.' },
    });
  });
});

describe("a document's activities", () => {
  it('move with it when it is migrated', async () => {
    await add([comment('alice', { id: 'p1' })]);
    await add([comment('bob', { id: 'n1' })], 'notes');
    const migrationId = await startMigration(emu.call, 'plan', 'plan-2');
    expect(await migrationStatus(emu.call, migrationId)).toMatchObject({ status: 'completed' });

    expect(await ids('plan')).toEqual([]);
    expect(await ids('plan-2')).toEqual(['p1']);
    expect(await ids('notes')).toEqual(['n1']);
    const moved = await emu.call('/v2/activities/delete', {
      organizationId: 'acme',
      documentId: 'plan-2',
    });
    expect(expectSuccess(moved, 'activities.delete')).toEqual({
      p1: { success: true, message: 'Activity deleted.' },
    });
  });

  it('done by a user are deleted with the user’s data', async () => {
    await add([comment('alice', { id: 'a1' }), comment('bob', { id: 'b1' })]);
    await add([comment('alice', { id: 'a2' })], 'notes');
    const purge = await emu.call('/v1/users/data/delete', { userIds: ['alice'] });
    expectSuccess(purge, 'users.purge');

    expect(await ids()).toEqual(['b1']);
  });
});
