import { describe, expect, it } from 'vitest';
import type { Paging } from '../../../src/catalogue/types.js';
import { EmulatorError } from '../../../src/emulator/errors.js';
import { type ListOfPages, listPage, listPages } from '../../../src/emulator/listing.js';
import { USER_KEYED_TABLES } from '../../../src/emulator/store/keyed-tables.js';
import type { Scope } from '../../../src/emulator/store/scope.js';
import { EXPORT_SOURCES } from '../../../src/emulator/store/user-export.js';
import { useEmulator } from './fixture.js';
import { expectError, expectSuccess } from './helpers.js';
import { adminPost } from './jobs.js';
import { basicFixture, SEED_CLOCK } from './seed.js';

/**
 * The user-data export (op 113): it shows a user's rows in every table a user-data deletion
 * erases, each as the read of it answers it, and pages all its lists at once.
 */

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK, jobDelay: 'manual' });

type Entry = Record<string, unknown>;
interface Exported {
  comments: unknown[];
  reactions: unknown[];
  recordings: unknown[];
  notifications: (Entry & { id: string })[];
  profile: (Entry & { type: string })[];
  activities: (Entry & { id: string })[];
}
const LISTS = [
  'comments',
  'reactions',
  'recordings',
  'notifications',
  'profile',
  'activities',
] as const;

type Call = typeof emu.call;

/** One page of the export, and the next page's token when the answer has one. */
async function exportPage(
  userId: string,
  pageToken?: string,
  organizationId = 'acme',
  call: Call = emu.call,
): Promise<{ data: Exported; next?: string }> {
  const reply = await call('/v2/users/data/get', {
    organizationId,
    userId,
    ...(pageToken !== undefined && { pageToken }),
  });
  const data = expectSuccess(reply, 'users.export') as Exported;
  const result = (reply.json as { result: { message: string; nextPageToken?: string } }).result;
  expect(result.message).toBe('Data fetched successfully.');
  expect(Object.keys(data)).toEqual([...LISTS]);
  return { data, ...(result.nextPageToken !== undefined && { next: result.nextPageToken }) };
}

/** The refusal of a page of the export with this token. */
async function refused(userId: string, pageToken: string, call: Call = emu.call, org = 'acme') {
  const reply = await call('/v2/users/data/get', { organizationId: org, userId, pageToken });
  return expectError(reply, 400, 'INVALID_ARGUMENT');
}

/** Sends a request that must succeed; its data. */
async function send(path: string, name: Parameters<typeof expectSuccess>[1], data: Entry) {
  return expectSuccess(await emu.call(path, data), name);
}

const byType = (data: Exported, type: string) => data.profile.filter((e) => e.type === type);
const without = ({ type: _type, ...rest }: Entry) => rest;

interface NotificationSeed {
  id: string;
  documentId: string;
  /** Who caused it. */
  by: string;
  /** Whom it notifies. */
  to: string[];
  timestamp?: number;
}

/**
 * Notifications, through the admin call that adds them as client SDKs do. (Those sent with
 * operation 130 keep its `notifyUsers` list, which the notification schema reads as a map.)
 */
async function notify(...seeds: NotificationSeed[]): Promise<void> {
  const reply = await adminPost(emu.url, 'notifications', {
    workspaceId: emu.owner.workspaceId,
    organizationId: 'acme',
    notifications: seeds.map(({ id, documentId, by, to, timestamp }) => ({
      id,
      documentId,
      ...(timestamp !== undefined && { timestamp }),
      actionUser: { userId: by },
      displayHeadlineMessageTemplate: `About ${id}`,
      displayBodyMessage: `Body of ${id}`,
      notifyUsersByUserId: Object.fromEntries(to.map((user) => [user, true])),
    })),
  });
  expect(reply.status).toBe(200);
}

function activity(id: string, documentId: string, userId: string) {
  return send('/v2/activities/add', 'activities.add', {
    organizationId: 'acme',
    documentId,
    activities: [
      {
        id,
        featureType: 'comment',
        actionType: 'comment.add',
        actionUser: { userId },
        displayMessageTemplate: `${id} commented`,
      },
    ],
  });
}

interface TableCase {
  /** Writes the user's rows of the table, through the operations that write them. */
  seed: (user: string) => Promise<unknown>;
  /** Whether the export shows those rows. */
  shows: (data: Exported, user: string) => boolean;
}

/**
 * A case for every table a deletion erases, seeded in this order: the user's document
 * (`doc-<user>`, made with their grant on it) comes before what is about it.
 */
const perTable: Record<string, TableCase> = {
  organization_users: {
    seed: (u) =>
      send('/v2/users/add', 'users.add', {
        organizationId: 'acme',
        users: [{ userId: u, name: `Name of ${u}`, email: `${u}@example.com` }],
      }),
    shows: (d, u) =>
      byType(d, 'organizationUser').some((e) => e.userId === u && e.name === `Name of ${u}`),
  },
  access_grants: {
    seed: (u) =>
      send('/v2/users/add', 'users.add', {
        organizationId: 'acme',
        documentId: `doc-${u}`,
        createDocument: true,
        users: [{ userId: u, accessRole: 'viewer' }],
      }),
    shows: (d, u) =>
      byType(d, 'permission').some(
        (e) => e.resourceType === 'document' && e.resourceId === `doc-${u}`,
      ),
  },
  user_group_members: {
    seed: async (u) => {
      await send('/v1/organizations/usergroups/add', 'groups.add', {
        organizationId: 'acme',
        organizationUserGroups: [{ groupId: `group-${u}`, groupName: `Group of ${u}` }],
      });
      await send('/v2/organizations/usergroups/users/add', 'groups.members.add', {
        organizationId: 'acme',
        organizationUserGroupId: `group-${u}`,
        userIds: [u],
      });
    },
    shows: (d, u) => byType(d, 'groupMember').some((e) => e.groupId === `group-${u}`),
  },
  // Caused by the user, to nobody.
  notifications: {
    seed: (u) => notify({ id: `by-${u}`, documentId: `doc-${u}`, by: u, to: [] }),
    shows: (d, u) => d.notifications.some((n) => n.id === `by-${u}`),
  },
  // Caused by carol, to the user.
  notification_recipients: {
    seed: (u) => notify({ id: `to-${u}`, documentId: `doc-${u}`, by: 'carol', to: [u] }),
    shows: (d, u) => d.notifications.some((n) => n.id === `to-${u}`),
  },
  notification_configs: {
    seed: (u) =>
      send('/v2/notifications/config/set', 'notifications.config.set', {
        organizationId: 'acme',
        documentIds: [`doc-${u}`],
        userIds: [u],
        config: { email: 'ALL' },
      }),
    shows: (d, u) =>
      byType(d, 'notificationConfig').some((e) => (e.metadata as Entry).documentId === `doc-${u}`),
  },
  presence: {
    seed: (u) =>
      send('/v2/presence/add', 'presence.add', {
        organizationId: 'acme',
        documentId: `doc-${u}`,
        users: [{ userId: u, name: `Name of ${u}`, status: 'online' }],
      }),
    shows: (d, u) =>
      byType(d, 'presence').some((e) => e.documentId === `doc-${u}` && e.userId === u),
  },
  activities: {
    seed: (u) => activity(`act-${u}`, `doc-${u}`, u),
    shows: (d, u) => d.activities.some((a) => a.id === `act-${u}`),
  },
};

const U = 'ursula';
const V = 'victor';

async function seedEveryTable(users: readonly string[]): Promise<void> {
  for (const { seed } of Object.values(perTable)) {
    for (const user of users) await seed(user);
  }
}

const userKeyedTables = [...new Set(USER_KEYED_TABLES.map((t) => t.table))].sort();

describe("the export's sources", () => {
  it("read every table holding a user's data, so a new one must be exported too", () => {
    const read = new Set(EXPORT_SOURCES.flatMap((source) => source.tables));
    const unread = userKeyedTables.filter((table) => !read.has(table));
    expect(unread, 'user-keyed tables no export source reads').toEqual([]);
    expect([...read].filter((table) => !userKeyedTables.includes(table))).toEqual([]);
  });

  it('have a case below for every user-keyed table', () => {
    expect(Object.keys(perTable).sort()).toEqual(userKeyedTables);
  });
});

describe('user-data export (op 113)', () => {
  it("shows the user's rows of every user-keyed table and none of another user's; after the deletion, nothing", async () => {
    await seedEveryTable([U, V]);
    const { data, next } = await exportPage(U);
    expect(next).toBeUndefined();
    for (const [table, { shows }] of Object.entries(perTable)) {
      expect(shows(data, U), `${table}: ${U}'s rows`).toBe(true);
      expect(shows(data, V), `${table}: ${V}'s rows`).toBe(false);
    }
    expect(JSON.stringify(data)).not.toContain(V);
    expect(data.comments).toEqual([]);
    expect(data.reactions).toEqual([]);
    expect(data.recordings).toEqual([]);

    const job = (await send('/v1/users/data/delete', 'users.purge', {
      userIds: [U],
      organizationIds: ['acme'],
    })) as { jobId: string };
    expect((await adminPost(emu.url, 'jobs/run', { id: job.jobId })).status).toBe(200);
    expect(
      await send('/v2/users/data/delete/status', 'users.purgeStatus', { jobId: job.jobId }),
    ).toMatchObject({ isDeleteCompleted: true });

    // What the deletion erased is all the export showed: nothing is left to show.
    const after = await exportPage(U);
    expect(after.next).toBeUndefined();
    for (const list of LISTS) expect(after.data[list], list).toEqual([]);
    const other = (await exportPage(V)).data;
    for (const [table, { shows }] of Object.entries(perTable)) {
      expect(shows(other, V), `${table}: ${V}'s rows are kept`).toBe(true);
    }
  });

  it('answers each entry as the read that shows it does', async () => {
    await seedEveryTable([U]);
    const { data } = await exportPage(U);
    const [notification] = (await send('/v2/notifications/get', 'notifications.get', {
      organizationId: 'acme',
      documentId: `doc-${U}`,
      notificationIds: [`to-${U}`],
    })) as Entry[];
    expect(data.notifications.find((n) => n.id === `to-${U}`)).toEqual(notification);
    const activities = await send('/v2/activities/get', 'activities.get', {
      organizationId: 'acme',
      activityIds: [`act-${U}`],
    });
    expect(data.activities).toEqual(activities);
    const users = await send('/v2/users/get', 'users.get', {
      organizationId: 'acme',
      userIds: [U],
    });
    expect(byType(data, 'organizationUser').map(without)).toEqual(users);
    const configs = await send('/v2/notifications/config/get', 'notifications.config.v2', {
      organizationId: 'acme',
      userId: U,
      documentIds: [`doc-${U}`],
    });
    expect(byType(data, 'notificationConfig').map(without)).toEqual(configs);
    expect(byType(data, 'groupMember')).toEqual([{ type: 'groupMember', groupId: `group-${U}` }]);
    expect(byType(data, 'permission')).toEqual([
      {
        type: 'permission',
        resourceType: 'document',
        resourceId: `doc-${U}`,
        accessRole: 'viewer',
      },
    ]);
    expect(byType(data, 'presence')).toEqual([
      {
        type: 'presence',
        documentId: `doc-${U}`,
        userId: U,
        name: `Name of ${U}`,
        status: 'online',
      },
    ]);
    // The profile comes table by table: the contact entry first, presence last.
    expect(data.profile.map((e) => e.type)).toEqual([
      'organizationUser',
      'groupMember',
      'permission',
      'notificationConfig',
      'presence',
    ]);
  });

  it("answers the catalogue's example, with grants that have expired too", async () => {
    const alice = (await exportPage('alice')).data;
    expect(byType(alice, 'organizationUser').map(without)).toEqual([
      { userId: 'alice', name: 'Alice', email: 'alice@example.com' },
    ]);
    expect(byType(alice, 'permission').map((e) => e.resourceId)).toEqual(['secret', 'acme']);
    expect(alice.notifications.map((n) => n.id)).toContain('roadmap-reply');
    // Bob's grant on the contract ended in 2000: it gives nothing, but it is still held, and
    // a deletion would erase it. Carol's ends in 2100.
    const bob = (await exportPage('bob')).data;
    expect(byType(bob, 'permission')).toEqual([
      {
        type: 'permission',
        resourceType: 'document',
        resourceId: 'contract',
        accessRole: 'editor',
        expiresAt: 946684800,
      },
      {
        type: 'permission',
        resourceType: 'organization',
        resourceId: 'acme',
        accessRole: 'viewer',
      },
    ]);
    const carol = (await exportPage('carol')).data;
    expect(byType(carol, 'permission')).toEqual([
      {
        type: 'permission',
        resourceType: 'document',
        resourceId: 'contract',
        accessRole: 'viewer',
        expiresAt: 4102444800,
      },
    ]);
    // Nothing stored for a user or an organization: empty lists, as the other reads answer.
    for (const [user, org] of [
      ['nobody', 'acme'],
      ['alice', 'no-such-org'],
    ] as const) {
      const { data, next } = await exportPage(user, undefined, org);
      expect(next).toBeUndefined();
      for (const list of LISTS) expect(data[list], `${user} in ${org}: ${list}`).toEqual([]);
    }
  });

  describe('paging', () => {
    /** 230 notifications to U, several at each millisecond, and 3 activities by U. */
    async function seedMany(): Promise<string[]> {
      await perTable.organization_users?.seed(U);
      const ids = Array.from({ length: 230 }, (_, i) => `n-${String(i).padStart(3, '0')}`);
      await notify(
        ...ids.map((id, i) => ({
          id,
          documentId: 'plan',
          by: 'carol',
          to: [U],
          timestamp: SEED_CLOCK + Math.floor(i / 4),
        })),
      );
      for (const id of ['a1', 'a2', 'a3']) await activity(id, 'plan', U);
      return ids;
    }

    const listsIn = (token: string) =>
      Object.keys(
        (JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { lists: Entry }).lists,
      );

    it('pages every list at once; a list that has ended stays ended; writes between pages neither repeat nor skip', async () => {
      const initial = await seedMany();
      const first = await exportPage(U);
      expect(first.data.notifications).toHaveLength(100);
      expect(first.data.profile.map((e) => e.type)).toEqual(['organizationUser']);
      expect(first.data.activities.map((a) => a.id)).toEqual(['a1', 'a2', 'a3']);
      if (first.next === undefined) throw new Error('expected a second page');
      expect(listsIn(first.next)).toEqual(['notifications']);

      // Between pages: a notification ahead of the cursor goes, a new one comes after all of
      // them, and the lists that have ended get rows they will not show.
      const gone = 'n-150';
      await send('/v2/notifications/delete', 'notifications.delete', {
        organizationId: 'acme',
        documentId: 'plan',
        notificationIds: [gone],
      });
      await notify({
        id: 'late',
        documentId: 'plan',
        by: 'carol',
        to: [U],
        timestamp: SEED_CLOCK + 1000,
      });
      await activity('a4', 'plan', U);
      await send('/v2/presence/add', 'presence.add', {
        organizationId: 'acme',
        documentId: 'plan',
        users: [{ userId: U }],
      });

      const second = await exportPage(U, first.next);
      expect(second.data.notifications).toHaveLength(100);
      expect(second.data.profile).toEqual([]);
      expect(second.data.activities).toEqual([]);
      if (second.next === undefined) throw new Error('expected a third page');
      const third = await exportPage(U, second.next);
      expect(third.next).toBeUndefined();
      expect(third.data.activities).toEqual([]);

      const seen = [first, second, third].flatMap((p) => p.data.notifications.map((n) => n.id));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual([...initial.filter((id) => id !== gone), 'late']);
      // A new export starts every list again.
      const again = await exportPage(U);
      expect(again.data.activities.map((a) => a.id)).toEqual(['a1', 'a2', 'a3', 'a4']);
      expect(again.data.profile.map((e) => e.type)).toEqual(['organizationUser', 'presence']);
    });

    it("refuses a token of another user's, organization's or workspace's export, and forged ones", async () => {
      await seedMany();
      await perTable.organization_users?.seed(V);
      const { next } = await exportPage(U);
      if (next === undefined) throw new Error('expected a second page');
      const another = /^Invalid pageToken: it belongs to another query/;
      expect(await refused(V, next)).toMatch(another);
      expect(await refused(U, next, emu.call, 'globex')).toMatch(another);
      expect(await refused(U, next, emu.callAs(emu.rival))).toMatch(another);

      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const inner = (
        JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as {
          lists: { notifications: string };
        }
      ).lists.notifications;
      // One list's token given as another's is another query's: its listing has another name.
      expect(await refused(U, encode({ v: 1, lists: { activities: inner } }))).toMatch(another);

      const notOurs = /^Invalid pageToken: it is not one this read gave; send the nextPageToken/;
      // A token of a read with one list.
      const single = await emu.call('/v2/notifications/get', {
        organizationId: 'acme',
        userId: U,
        pageSize: 1,
      });
      const { pageToken: singleToken } = (single.json as { result: { pageToken: string } }).result;
      for (const forged of [
        'garbage!',
        inner,
        singleToken,
        encode({ v: 1, lists: {} }),
        encode({ v: 2, lists: { notifications: inner } }),
        encode({ v: 1, lists: { notifications: 7 } }),
        encode({ v: 1, lists: ['notifications', inner] }),
      ]) {
        expect(await refused(U, forged), forged).toMatch(notOurs);
      }
      // The list's own token, checked as listPage checks it.
      expect(await refused(U, encode({ v: 1, lists: { notifications: 'forged' } }))).toMatch(
        notOurs,
      );
      expect(await refused(U, encode({ v: 1, lists: { bookmarks: inner } }))).toMatch(
        /^Invalid pageToken: it names a list this read does not have; send the nextPageToken/,
      );
      // The genuine token still goes on.
      expect((await exportPage(U, next)).data.notifications).toHaveLength(100);
    });
  });
});

describe('the composite token of a read with several lists (listPages)', () => {
  const paging: Paging = { next: 'nextPageToken', defaultPageSize: 2, maxPageSize: 2 };
  const scope: Scope = { workspaceId: 'ws', apiKeyId: 'key' };

  /** A list of `count` rows, 0 to count - 1, under a listing name of its own. */
  function numbers(name: string, count: number): ListOfPages<number> {
    const rows = Array.from({ length: count }, (_, i) => i);
    return (pageToken) =>
      listPage(
        {
          operation: { name: `things.get:${name}`, paging },
          scope,
          filters: {},
          key: ['number'],
          keyOf: (n: number) => [n] as const,
          rows: (after, limit) =>
            rows.filter((n) => after === undefined || n > after[0]).slice(0, limit),
        },
        { pageToken },
      );
  }
  const read = { name: 'things.get', paging };
  const lists = () => ({ short: numbers('short', 1), long: numbers('long', 5) });

  it('pages each list until it ends, then answers it empty without starting it again', () => {
    const pages = [];
    let token: string | undefined;
    do {
      const page = listPages(read, lists(), token);
      pages.push(page.rows);
      token = page.next;
    } while (token !== undefined);
    expect(pages).toEqual([
      { short: [0], long: [0, 1] },
      { short: [], long: [2, 3] },
      { short: [], long: [4] },
    ]);
    // An empty token starts over, as listPage's does.
    expect(listPages(read, lists(), '').rows).toEqual({ short: [0], long: [0, 1] });
  });

  it('refuses a token that is not its own, naming what to send', () => {
    const refusal = (token: string) => {
      try {
        listPages(read, lists(), token);
      } catch (error) {
        if (error instanceof EmulatorError) return error;
        throw error;
      }
      throw new Error('expected a refusal');
    };
    for (const token of ['%%%', Buffer.from('{"v":1}').toString('base64url')]) {
      const error = refusal(token);
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.message).toMatch(/send the nextPageToken of the page before, unchanged/);
    }
  });
});
