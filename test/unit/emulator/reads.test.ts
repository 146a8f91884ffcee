import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import {
  createWorkspace,
  expectError,
  expectSuccess,
  post,
  type Reply,
  workspaceHeaders,
} from './helpers.js';
import { adminPost } from './jobs.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

/**
 * The reads of users (op 111), organizations (115), activity logs (134), CRDT data (139) and
 * the workspace (141), against the basic fixture.
 */

const USERS = '/v2/users/get';
const ORGANIZATIONS = '/v2/organizations/get';
const ACTIVITIES = '/v2/activities/get';
const CRDT = '/v2/crdt/get';
const WORKSPACE = '/v2/workspace/get';

type Paged = 'users.get' | 'organizations.get' | 'activities.get';

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK });

interface Page<T> {
  message: string;
  data: T[];
  next?: string;
}

/** A success answer of a paged read: its data, and the next page's token where it names it. */
function pageOf<T>(reply: Reply, name: Paged): Page<T> {
  const data = expectSuccess(reply, name) as T[];
  const result = (reply.json as { result: Record<string, unknown> }).result;
  const member = operation(name).paging?.next ?? 'nextPageToken';
  const next = result[member];
  expect(Object.keys(result).sort()).toEqual(
    next === undefined
      ? ['data', 'message', 'status']
      : ['data', 'message', member, 'status'].sort(),
  );
  return {
    message: result.message as string,
    data,
    ...(typeof next === 'string' && { next }),
  };
}

/**
 * Every page of a read, `between` run after each page that has a next one; the pages read.
 */
async function readAll<T>(
  path: string,
  name: Paged,
  data: Record<string, unknown>,
  between: (page: number) => Promise<void> = async () => {},
): Promise<T[][]> {
  const pages: T[][] = [];
  let token: string | undefined;
  do {
    const page = pageOf<T>(
      await emu.call(path, { ...data, ...(token !== undefined && { pageToken: token }) }),
      name,
    );
    pages.push(page.data);
    token = page.next;
    if (token !== undefined) await between(pages.length);
  } while (token !== undefined && pages.length < 50);
  return pages;
}

interface User {
  userId: string;
  name?: string;
  email?: string;
}

const users = async (data: Record<string, unknown>) =>
  pageOf<User>(await emu.call(USERS, { organizationId: 'acme', ...data }), 'users.get');
const userIds = async (data: Record<string, unknown>) =>
  (await users(data)).data.map((u) => u.userId);

describe('users get (op 111)', () => {
  it("lists the organization's users by id, with the name and email it knows", async () => {
    const got = await users({});
    expect(got.message).toBe('User(s) retrieved successfully.');
    expect(got.data).toEqual([
      { userId: 'alice', name: 'Alice', email: 'alice@example.com' },
      { userId: 'bob', name: 'Bob', email: 'bob@example.com' },
      { userId: 'carol', name: 'Carol' },
    ]);
    expect(got.next).toBeUndefined();
  });

  it("lists a document's users: granted on it or on the folder it inherits from", async () => {
    // The plan inherits from the secret folder (alice's grant) and dave holds a grant on it.
    expect((await users({ documentId: 'plan' })).data).toEqual([
      { userId: 'alice', name: 'Alice', email: 'alice@example.com' },
      { userId: 'dave' },
    ]);
    // The roadmap sets its own access type, so the folder's grants give nobody access.
    expect(await userIds({ documentId: 'roadmap' })).toEqual([]);
    // Bob's grant on the contract has expired; Carol's has not.
    expect(await userIds({ documentId: 'contract' })).toEqual(['carol']);
    expect(await userIds({ documentId: 'notes' })).toEqual([]);
  });

  it("lists a folder's users, through the folders it inherits from", async () => {
    expect(await userIds({ folderId: 'secret' })).toEqual(['alice']);
    expect(await userIds({ folderId: 'secret-drafts' })).toEqual(['alice']);
    // The press kit sets its own access type.
    expect(await userIds({ folderId: 'secret-press' })).toEqual([]);
  });

  it('lists the users granted any document with allDocuments', async () => {
    expect(await userIds({ allDocuments: true })).toEqual(['carol', 'dave']);
    expect(await userIds({ allDocuments: false })).toEqual(['alice', 'bob', 'carol']);
  });

  it('keeps only the users named by userIds', async () => {
    expect(await userIds({ userIds: ['carol', 'zed', 'alice', 'carol'] })).toEqual([
      'alice',
      'carol',
    ]);
    expect(await userIds({ documentId: 'plan', userIds: ['dave', 'bob'] })).toEqual(['dave']);
    expect(await userIds({ allDocuments: true, userIds: ['alice', 'carol'] })).toEqual(['carol']);
  });

  it('lists no users of a known group, and refuses a group the organization lacks', async () => {
    expect(await userIds({ organizationUserGroupIds: ['engineering'] })).toEqual([]);
    const message = expectError(
      await emu.call(USERS, {
        organizationId: 'acme',
        organizationUserGroupIds: ['engineering', 'design', 'ops'],
      }),
      400,
      'INVALID_ARGUMENT',
    );
    expect(message).toBe(
      'organizationUserGroupIds: user groups design, ops do not exist in organization acme.',
    );
  });

  it('answers NOT_FOUND for a document or folder that does not exist', async () => {
    const missingDoc = await emu.call(USERS, { organizationId: 'acme', documentId: 'nope' });
    expect(expectError(missingDoc, 404, 'NOT_FOUND')).toBe('Document nope does not exist.');
    const missingFolder = await emu.call(USERS, { organizationId: 'acme', folderId: 'nope' });
    expect(expectError(missingFolder, 404, 'NOT_FOUND')).toBe('Folder nope does not exist.');
  });

  it('lists nobody for an organization that does not exist', async () => {
    expect(await userIds({ organizationId: 'initech' })).toEqual([]);
  });

  it('pages by user id, holding its place while users come and go', async () => {
    const seedAcme = (ids: string[]) =>
      adminPost(emu.url, 'seed', {
        workspaces: [
          {
            ownerEmail: 'owner@example.com',
            organizations: [{ id: 'acme', users: ids.map((id) => ({ id })) }],
          },
        ],
      });
    const pages = await readAll<User>(
      USERS,
      'users.get',
      { organizationId: 'acme', pageSize: 1 },
      async (page) => {
        if (page === 1) {
          // Alice, behind the cursor, goes; Aaron comes behind it, Dan ahead of it.
          expect((await seedAcme(['aaron', 'bob', 'carol', 'dan'])).status).toBe(200);
        } else if (page === 2) {
          // Carol, right ahead of the cursor, goes.
          const removed = await emu.call('/v1/users/delete', {
            organizationId: 'acme',
            userIds: ['carol'],
          });
          expect(expectSuccess(removed, 'users.remove')).toMatchObject({
            carol: { success: true },
          });
        }
      },
    );
    expect(pages.map((page) => page.map((u) => u.userId))).toEqual([['alice'], ['bob'], ['dan']]);
  });

  it('needs the advanced queries option', async () => {
    const message = expectError(
      await emu.callAs(emu.rival)(USERS, { organizationId: 'acme' }),
      400,
      'FAILED_PRECONDITION',
    );
    expect(message).toMatch(/^Reading users needs the advanced queries console option/);
  });
});

interface Organization {
  id: string;
  organizationName: string;
  disabled: boolean;
}

describe('organizations get (op 115)', () => {
  const organizations = async (data: Record<string, unknown>) =>
    pageOf<Organization>(await emu.call(ORGANIZATIONS, data), 'organizations.get');

  it("lists the API key's organizations by id", async () => {
    const got = await organizations({});
    expect(got.message).toBe('Organization(s) retrieved successfully.');
    expect(got.data).toEqual([
      { id: 'acme', organizationName: 'Acme Inc.', disabled: false },
      { id: 'globex', organizationName: 'Globex', disabled: true },
    ]);
    expect(got.next).toBeUndefined();
  });

  it('keeps only the organizations named, leaving out ids that name none', async () => {
    const got = await organizations({ organizationIds: ['globex', 'initech', 'globex'] });
    expect(got.data).toEqual([{ id: 'globex', organizationName: 'Globex', disabled: true }]);
    expect((await organizations({ organizationIds: ['initech'] })).data).toEqual([]);
  });

  it('pages by id, showing organizations made ahead of the cursor only', async () => {
    const pages = await readAll<Organization>(
      ORGANIZATIONS,
      'organizations.get',
      { pageSize: 1 },
      async (page) => {
        if (page !== 1) return;
        // Adding a group makes its organization: one behind the cursor, one ahead of it.
        for (const organizationId of ['aaa-corp', 'zeta']) {
          const added = await emu.call('/v1/organizations/usergroups/add', {
            organizationId,
            organizationUserGroups: [{ groupId: 'g', groupName: 'G' }],
          });
          expect(expectSuccess(added, 'groups.add')).toMatchObject({ g: { success: true } });
        }
      },
    );
    expect(pages.map((page) => page.map((o) => o.id))).toEqual([['acme'], ['globex'], ['zeta']]);
  });

  it('needs the advanced queries option', async () => {
    const message = expectError(
      await emu.callAs(emu.rival)(ORGANIZATIONS, {}),
      400,
      'FAILED_PRECONDITION',
    );
    expect(message).toMatch(/^Reading organizations needs the advanced queries console option/);
  });
});

interface Activity {
  id: string;
  featureType: string;
  actionType: string;
  actionUser: { userId: string };
  targetEntityId?: string;
  metadata: { apiKey: string; documentId: string; organizationId: string };
  timestamp: number;
}

const T = SEED_CLOCK;

/** Adds one activity to a document of acme at time `at`. */
async function addActivity(
  documentId: string,
  at: number,
  activity: Record<string, unknown>,
): Promise<void> {
  emu.clock = at;
  const reply = await emu.call('/v2/activities/add', {
    organizationId: 'acme',
    documentId,
    activities: [activity],
  });
  expectSuccess(reply, 'activities.add');
}

async function deleteActivities(activityIds: string[]): Promise<void> {
  const reply = await emu.call('/v2/activities/delete', { organizationId: 'acme', activityIds });
  const result = expectSuccess(reply, 'activities.delete') as Record<string, { success: boolean }>;
  for (const id of activityIds) expect(result[id]?.success).toBe(true);
}

const comment = (id: string, userId = 'alice') => ({
  id,
  featureType: 'comment',
  actionType: 'comment.add',
  actionUser: { userId },
});

describe('activities get (op 134)', () => {
  const activities = async (data: Record<string, unknown>) =>
    pageOf<Activity>(
      await emu.call(ACTIVITIES, { organizationId: 'acme', ...data }),
      'activities.get',
    );
  const ids = async (data: Record<string, unknown>) =>
    (await activities(data)).data.map((a) => a.id);

  /** Five activities; a3 and a4 at the same time. */
  async function addFive(): Promise<void> {
    await addActivity('plan', T + 1, {
      ...comment('a1'),
      targetEntityId: 't1',
      displayMessageTemplate: '{{user}} commented',
    });
    await addActivity('plan', T + 2, {
      id: 'a2',
      featureType: 'reaction',
      actionType: 'reaction.add',
      actionUser: { userId: 'bob' },
      targetEntityId: 't1',
    });
    await addActivity('notes', T + 3, {
      ...comment('a3'),
      actionType: 'comment.delete',
      targetEntityId: 't2',
    });
    await addActivity('notes', T + 3, {
      id: 'a4',
      featureType: 'custom',
      actionType: 'deploy',
      actionUser: { userId: 'carol' },
      targetEntityId: 't3',
    });
    await addActivity('plan', T + 5, {
      id: 'a5',
      featureType: 'crdt',
      actionType: 'crdt.edit',
      actionUser: { userId: 'bob' },
    });
  }

  it('answers each activity as written, with where it is kept and its time', async () => {
    await addFive();
    const got = await activities({ activityIds: ['a1'] });
    expect(got.message).toBe('Activity(s) retrieved successfully.');
    expect(got.data).toEqual([
      {
        id: 'a1',
        featureType: 'comment',
        actionType: 'comment.add',
        actionUser: { userId: 'alice' },
        targetEntityId: 't1',
        displayMessageTemplate: '{{user}} commented',
        metadata: { apiKey: emu.owner.apiKey, documentId: 'plan', organizationId: 'acme' },
        timestamp: T + 1,
      },
    ]);
  });

  it('orders newest first by default, oldest first with asc, ties by id', async () => {
    await addFive();
    expect(await ids({})).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
    expect(await ids({ order: 'desc' })).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
    expect(await ids({ order: 'asc' })).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('applies every filter given', async () => {
    await addFive();
    expect(await ids({ documentId: 'plan' })).toEqual(['a5', 'a2', 'a1']);
    expect(await ids({ targetEntityId: 't1' })).toEqual(['a2', 'a1']);
    expect(await ids({ featureTypes: ['comment', 'custom'] })).toEqual(['a4', 'a3', 'a1']);
    expect(await ids({ actionTypes: ['comment.add', 'deploy'] })).toEqual(['a4', 'a1']);
    expect(await ids({ userId: 'bob' })).toEqual(['a5', 'a2']);
    expect(await ids({ activityIds: ['a1', 'a3', 'zz'] })).toEqual(['a3', 'a1']);
    expect(await ids({ documentId: 'notes', userId: 'alice' })).toEqual(['a3']);
    expect(await ids({ documentId: 'plan', featureTypes: ['custom'] })).toEqual([]);
    expect(await ids({ organizationId: 'globex' })).toEqual([]);
  });

  it('keeps the time an activity was first written when its id is written again', async () => {
    await addFive();
    await addActivity('plan', T + 100, { ...comment('a1'), actionType: 'comment.edit' });
    const got = await activities({ order: 'asc' });
    expect(got.data.map((a) => a.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(got.data[0]).toMatchObject({ actionType: 'comment.edit', timestamp: T + 1 });
  });

  it('pages without repeating or skipping while activities are added and deleted', async () => {
    for (let i = 1; i <= 7; i++) await addActivity('plan', T + i, comment(`a${i}`));
    const pages = await readAll<Activity>(
      ACTIVITIES,
      'activities.get',
      { organizationId: 'acme', pageSize: 2 },
      async (page) => {
        if (page === 1) {
          // Behind the cursor (after a6): a newer one comes, a7 goes; ahead: a3x comes
          // (the same time as a3, after it by id, so before it newest first), a4 goes.
          await addActivity('plan', T + 100, comment('late'));
          await addActivity('plan', T + 3, comment('a3x'));
          await deleteActivities(['a7', 'a4']);
        } else if (page === 2) {
          // a5 behind the cursor goes; one older than all comes, at the end.
          await deleteActivities(['a5']);
          await addActivity('notes', T, comment('early'));
        }
      },
    );
    expect(pages.map((page) => page.map((a) => a.id))).toEqual([
      ['a7', 'a6'],
      ['a5', 'a3x'],
      ['a3', 'a2'],
      ['a1', 'early'],
    ]);
  });

  it('refuses a page token of another query, order or read', async () => {
    await addFive();
    const first = await activities({ documentId: 'plan', pageSize: 1 });
    const token = first.next;
    if (token === undefined) throw new Error('expected a next page');
    const again = (path: string, data: Record<string, unknown>) =>
      emu.call(path, { ...data, pageToken: token });

    const other = await again(ACTIVITIES, { organizationId: 'acme', documentId: 'notes' });
    expect(expectError(other, 400, 'INVALID_ARGUMENT')).toBe(
      'Invalid pageToken: it belongs to another query; send the same filters as the first page.',
    );
    const unfiltered = await again(ACTIVITIES, { organizationId: 'acme' });
    expect(expectError(unfiltered, 400, 'INVALID_ARGUMENT')).toMatch(/another query/);
    const asc = await again(ACTIVITIES, {
      organizationId: 'acme',
      documentId: 'plan',
      order: 'asc',
    });
    expect(expectError(asc, 400, 'INVALID_ARGUMENT')).toMatch(/in desc order, not asc/);
    for (const [path, data] of [
      [USERS, { organizationId: 'acme' }],
      [ORGANIZATIONS, {}],
    ] as const) {
      const message = expectError(await again(path, data), 400, 'INVALID_ARGUMENT');
      expect(message).toMatch(/^Invalid pageToken/);
    }
    const garbage = await emu.call(ACTIVITIES, { organizationId: 'acme', pageToken: 'x%y' });
    expect(expectError(garbage, 400, 'INVALID_ARGUMENT')).toMatch(
      /^Invalid pageToken: it is not one this read gave; send the pageToken of the page before/,
    );
    // The same query goes on.
    const second = await activities({ documentId: 'plan', pageSize: 1, pageToken: token });
    expect(second.data.map((a) => a.id)).toEqual(['a2']);
  });

  it('needs the activity service', async () => {
    const message = expectError(
      await emu.callAs(emu.rival)(ACTIVITIES, { organizationId: 'acme' }),
      400,
      'FAILED_PRECONDITION',
    );
    expect(message).toMatch(/^Reading activity logs needs the activity service console option/);
  });
});

describe('the page size of the paged reads', () => {
  const reads: [string, Paged, Record<string, unknown>][] = [
    [USERS, 'users.get', { organizationId: 'acme' }],
    [ORGANIZATIONS, 'organizations.get', {}],
    [ACTIVITIES, 'activities.get', { organizationId: 'acme' }],
  ];

  it.each(reads)('%s refuses a pageSize over 1000, or under 1', async (path, _name, data) => {
    for (const pageSize of [1001, 0, 1.5]) {
      const message = expectError(
        await emu.call(path, { ...data, pageSize }),
        400,
        'INVALID_ARGUMENT',
      );
      expect(message).toMatch(/pageSize/);
    }
  });

  it.each(reads)('%s answers pages of pageSize, 1000 at most', async (path, name, data) => {
    if (name === 'activities.get') {
      for (let i = 0; i < 3; i++) await addActivity('plan', T + i, comment(`p${i}`));
    }
    const first = pageOf(await emu.call(path, { ...data, pageSize: 1000 }), name);
    expect(first.data.length).toBeGreaterThan(1);
    expect(first.next).toBeUndefined();
    const one = pageOf(await emu.call(path, { ...data, pageSize: 1 }), name);
    expect(one.data).toHaveLength(1);
    expect(one.next).toEqual(expect.any(String));
  });
});

interface Editor {
  id: string;
  data: unknown;
  lastUpdate: string;
}

describe('crdt get (op 139)', () => {
  const editors = async (data: Record<string, unknown>) => {
    const reply = await emu.call(CRDT, { organizationId: 'acme', ...data });
    const payload = expectSuccess(reply, 'crdt.get') as Editor[];
    expect((reply.json as { result: { message: string } }).result.message).toBe(
      'CRDT data retrieved successfully.',
    );
    return payload;
  };
  const seeded = new Date(SEED_CLOCK).toISOString();

  it('answers each editor of the document by id, its content as JSON of its type', async () => {
    expect(await editors({ documentId: 'plan' })).toEqual([
      { id: 'body', data: '<h1>Goals</h1><p>Ship the <b>beta</b>.</p>', lastUpdate: seeded },
      { id: 'title', data: 'Q3 plan', lastUpdate: seeded },
    ]);
    expect(await editors({ documentId: 'roadmap' })).toEqual([
      { id: 'meta', data: { owner: 'alice', status: 'draft' }, lastUpdate: seeded },
      {
        id: 'milestones',
        data: [
          { name: 'Beta', due: '2026-03-01' },
          { name: 'GA', due: '2026-06-01' },
        ],
        lastUpdate: seeded,
      },
    ]);
  });

  it('answers the named editor only', async () => {
    expect(await editors({ documentId: 'roadmap', editorId: 'meta' })).toEqual([
      { id: 'meta', data: { owner: 'alice', status: 'draft' }, lastUpdate: seeded },
    ]);
  });

  it('answers the content an update wrote, and when', async () => {
    const later = SEED_CLOCK + 60_000;
    emu.clock = later;
    for (const [editorId, documentId, type, data] of [
      ['title', 'plan', 'text', 'Q4 plan'],
      ['body', 'plan', 'xml', '<p>Done</p>'],
      ['meta', 'roadmap', 'map', { owner: 'bob' }],
      ['milestones', 'roadmap', 'array', [{ name: 'GA' }]],
    ] as const) {
      const reply = await emu.call('/v2/crdt/update', {
        organizationId: 'acme',
        documentId,
        editorId,
        type,
        data,
      });
      expectSuccess(reply, 'crdt.update');
    }
    const at = new Date(later).toISOString();
    expect(await editors({ documentId: 'plan' })).toEqual([
      { id: 'body', data: '<p>Done</p>', lastUpdate: at },
      { id: 'title', data: 'Q4 plan', lastUpdate: at },
    ]);
    expect(await editors({ documentId: 'roadmap' })).toEqual([
      { id: 'meta', data: { owner: 'bob' }, lastUpdate: at },
      { id: 'milestones', data: [{ name: 'GA' }], lastUpdate: at },
    ]);
  });

  it('answers NOT_FOUND for an editor that does not exist', async () => {
    for (const data of [
      { documentId: 'plan', editorId: 'nope' },
      { documentId: 'roadmap', editorId: 'title' },
      { documentId: 'nope', editorId: 'title' },
    ]) {
      const reply = await emu.call(CRDT, { organizationId: 'acme', ...data });
      expect(expectError(reply, 404, 'NOT_FOUND')).toBe('No CRDT data found for this editor ID.');
    }
  });

  it('answers no editors for a document that has none', async () => {
    expect(await editors({ documentId: 'notes' })).toEqual([]);
    expect(await editors({ documentId: 'nope' })).toEqual([]);
    expect(await editors({ organizationId: 'globex', documentId: 'plan' })).toEqual([]);
  });
});

describe('workspace get (op 141)', () => {
  const read = (creds: { workspaceId: string; workspaceToken: string }) =>
    post(emu.url, WORKSPACE, {}, workspaceHeaders(creds));

  it('answers the workspace exactly as creating it did', async () => {
    const created = await createWorkspace(emu.url, 'fresh@example.com');
    const reply = await read(created);
    expect(expectSuccess(reply, 'workspace.get')).toEqual(created.workspace);
    expect((reply.json as { result: { message: string } }).result.message).toBe(
      'Workspace retrieved successfully',
    );
  });

  it("answers the caller's own workspace and API keys only", async () => {
    const { owner, rival } = emu;
    const mine = expectSuccess(await read(owner), 'workspace.get') as {
      id: string;
      authToken: string;
      owner: { email: string };
      apiKeyList: Record<string, unknown>;
    };
    expect(mine).toMatchObject({
      id: owner.workspaceId,
      authToken: owner.workspaceToken,
      owner: { email: 'owner@example.com' },
    });
    expect(Object.keys(mine.apiKeyList)).toEqual([owner.apiKey]);
    const theirs = await read(rival);
    expect(expectSuccess(theirs, 'workspace.get')).toMatchObject({ id: rival.workspaceId });
    for (const secret of [owner.workspaceId, owner.workspaceToken, owner.apiKey]) {
      expect(theirs.text).not.toContain(secret);
    }
  });

  it('refuses a body with members', async () => {
    expectError(
      await post(emu.url, WORKSPACE, { id: 'x' }, workspaceHeaders(emu.owner)),
      400,
      'INVALID_ARGUMENT',
    );
  });
});

describe("the reads of another workspace's key", () => {
  async function rivalWithOptions() {
    const reply = await adminPost(emu.url, 'console-options', {
      workspaceId: emu.rival.workspaceId,
      advancedQueries: true,
      activityService: true,
    });
    expect(reply.status).toBe(200);
    return emu.callAs(emu.rival);
  }

  it('see its own organizations, users, activities and editors, none of the owner’s', async () => {
    await addActivity('plan', T + 1, comment('mine'));
    const rival = await rivalWithOptions();
    expect(pageOf(await rival(ORGANIZATIONS, {}), 'organizations.get').data).toEqual([
      { id: 'acme', organizationName: "Rival's Acme", disabled: false },
    ]);
    for (const data of [{}, { allDocuments: true }, { userIds: ['alice'] }]) {
      const got = pageOf(await rival(USERS, { organizationId: 'acme', ...data }), 'users.get');
      expect(got.data).toEqual([]);
    }
    expectError(
      await rival(USERS, { organizationId: 'acme', documentId: 'plan' }),
      404,
      'NOT_FOUND',
    );
    const logs = await rival(ACTIVITIES, { organizationId: 'acme' });
    expect(pageOf(logs, 'activities.get').data).toEqual([]);
    const editors = await rival(CRDT, { organizationId: 'acme', documentId: 'plan' });
    expect(expectSuccess(editors, 'crdt.get')).toEqual([]);
    const named = await rival(CRDT, {
      organizationId: 'acme',
      documentId: 'plan',
      editorId: 'title',
    });
    expectError(named, 404, 'NOT_FOUND');
  });

  it('refuse the page tokens of the owner’s listings', async () => {
    const rival = await rivalWithOptions();
    const first = pageOf(await emu.call(ORGANIZATIONS, { pageSize: 1 }), 'organizations.get');
    if (first.next === undefined) throw new Error('expected a next page');
    const message = expectError(
      await rival(ORGANIZATIONS, { pageSize: 1, pageToken: first.next }),
      400,
      'INVALID_ARGUMENT',
    );
    expect(message).toMatch(/another query/);
  });
});
