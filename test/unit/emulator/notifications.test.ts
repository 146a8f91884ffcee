import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { startEmulator } from '../../../src/emulator/server.js';
import { expectError, expectSuccess, type Reply, request } from './helpers.js';
import { adminPost, startMigration } from './jobs.js';
import { useEmulator } from './fixture.js';

type Call = (path: string, data: unknown) => Promise<Reply>;

const GET = '/v2/notifications/get';
const T = 1_700_000_000_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-notifications-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fixtureFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

interface Given {
  id: string;
  timestamp: number;
  documentId?: string;
  locationId?: string;
  notifyUsersByUserId: Record<string, boolean>;
  actionUser?: { userId: string; name: string };
}

/** Documents d1 and d2, locations l1 and l2, recipients alice and bob, timestamps that tie. */
const listed: Omit<Given, 'actionUser'>[] = [
  {
    id: 'n01',
    timestamp: T + 1,
    documentId: 'd1',
    locationId: 'l1',
    notifyUsersByUserId: { alice: true, bob: false },
  },
  {
    id: 'n02',
    timestamp: T + 2,
    documentId: 'd1',
    locationId: 'l2',
    notifyUsersByUserId: { bob: true },
  },
  {
    id: 'n03',
    timestamp: T + 3,
    documentId: 'd2',
    locationId: 'l1',
    notifyUsersByUserId: { alice: true, bob: true },
  },
  { id: 'n04', timestamp: T + 3, documentId: 'd2', notifyUsersByUserId: { alice: true } },
  { id: 'n05', timestamp: T + 4, locationId: 'l1', notifyUsersByUserId: { bob: true } },
  { id: 'n06', timestamp: T + 5, notifyUsersByUserId: { alice: true } },
  { id: 'n07', timestamp: T + 2, documentId: 'd1', locationId: 'l1', notifyUsersByUserId: {} },
  { id: 'n08', timestamp: T + 6, documentId: 'd1', notifyUsersByUserId: { alice: true } },
  {
    id: 'n09',
    timestamp: T + 1,
    documentId: 'd1',
    locationId: 'l1',
    notifyUsersByUserId: { alice: true },
  },
];
const given: Given[] = listed.map((n, i) => ({
  ...n,
  actionUser: { userId: i % 2 === 0 ? 'carol' : 'dave', name: 'Someone' },
}));

/** One notification with every member the format has, to check what comes back. */
const rich = {
  id: 'rich',
  timestamp: T + 100,
  documentId: 'd9',
  locationId: 'l9',
  notificationSource: 'custom',
  notificationSourceData: { commentId: 'c1', nested: [1, 2] },
  actionUser: { userId: 'carol', name: 'Carol', email: 'carol@example.com' },
  displayBodyMessage: 'Body',
  displayHeadlineMessageTemplate: '{actionUser} mentioned {recipientUser} in {doc}',
  displayHeadlineMessageTemplateData: {
    actionUser: { userId: 'carol', name: 'Carol' },
    recipientUser: { userId: 'erin', name: 'Erin' },
    doc: 'Plan',
  },
  notifyUsers: { 'erin-key': true },
  notifyUsersByUserId: { erin: true },
};

const basicFixture = {
  workspaces: [
    {
      ownerEmail: 'notes@example.com',
      consoleOptions: { advancedQueries: true },
      organizations: [
        {
          id: 'acme',
          documents: [{ id: 'd1' }, { id: 'd2' }, { id: 'd9' }],
          notifications: [...given, rich],
        },
      ],
    },
    {
      ownerEmail: 'gated@example.com',
      organizations: [{ id: 'acme', notifications: [given[0]] }],
    },
  ],
};

interface Filter {
  documentId?: string;
  locationId?: string;
  userId?: string;
  notificationIds?: string[];
}

/** The ids the filter selects from `given`, in the order asked for: a second implementation. */
function expectedIds(filter: Filter, order: 'asc' | 'desc'): string[] {
  const picked = given.filter(
    (n) =>
      (filter.documentId === undefined || n.documentId === filter.documentId) &&
      (filter.locationId === undefined || n.locationId === filter.locationId) &&
      (filter.userId === undefined || n.notifyUsersByUserId[filter.userId] === true) &&
      (filter.notificationIds === undefined || filter.notificationIds.includes(n.id)),
  );
  picked.sort((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : 1));
  return (order === 'asc' ? picked : picked.reverse()).map((n) => n.id);
}

interface Notification {
  id: string;
  timestamp: number;
  metadata: Record<string, unknown>;
  notifyUsersByUserId: Record<string, boolean>;
}
interface Page {
  data: Notification[];
  pageToken?: string;
}

function page(reply: Reply): Page {
  const data = expectSuccess(reply, 'notifications.get') as Notification[];
  const result = (reply.json as { result: Record<string, unknown> }).result;
  const token = result.pageToken;
  expect(Object.keys(result).sort()).toEqual(
    token === undefined
      ? ['data', 'message', 'status']
      : ['data', 'message', 'pageToken', 'status'],
  );
  return { data, ...(typeof token === 'string' && { pageToken: token }) };
}

describe('notifications get (op 22)', () => {
  let call: Call;
  let apiKey: string;

  const emu = useEmulator({ shared: true, seedJson: JSON.stringify(basicFixture) });
  beforeAll(() => {
    const owner = emu.owner;
    apiKey = owner.apiKey;
    call = emu.call;
  });

  const combinations: [string, Filter[]][] = [
    ['document', [{ documentId: 'd1' }, { documentId: 'd2' }]],
    ['document+ids', [{ documentId: 'd1', notificationIds: ['n01', 'n02', 'n03', 'n08', 'zz'] }]],
    [
      'document+location',
      [
        { documentId: 'd1', locationId: 'l1' },
        { documentId: 'd2', locationId: 'l1' },
      ],
    ],
    [
      'document+location+ids',
      [{ documentId: 'd1', locationId: 'l1', notificationIds: ['n01', 'n07', 'n02'] }],
    ],
    ['user', [{ userId: 'alice' }, { userId: 'bob' }]],
    ['user+ids', [{ userId: 'alice', notificationIds: ['n01', 'n02', 'n03', 'n06'] }]],
    [
      'document+user',
      [
        { documentId: 'd1', userId: 'alice' },
        { documentId: 'd2', userId: 'bob' },
      ],
    ],
    [
      'location+user',
      [
        { locationId: 'l1', userId: 'bob' },
        { locationId: 'l1', userId: 'alice' },
      ],
    ],
    ['document+location+user', [{ documentId: 'd1', locationId: 'l1', userId: 'alice' }]],
  ];

  describe.each(combinations)('filter %s', (_name, filters) => {
    it.each(['asc', 'desc'] as const)('selects and orders by time, then id (%s)', async (order) => {
      for (const filter of filters) {
        const expected = expectedIds(filter, order);
        expect(expected.length).toBeGreaterThan(0);
        const got = page(await call(GET, { organizationId: 'acme', ...filter, order }));
        expect(got.data.map((n) => n.id)).toEqual(expected);
        expect(got.pageToken).toBeUndefined();
      }
    });
  });

  it('orders newest first by default', async () => {
    const got = page(await call(GET, { organizationId: 'acme', userId: 'alice' }));
    expect(got.data.map((n) => n.id)).toEqual(expectedIds({ userId: 'alice' }, 'desc'));
  });

  it('answers a notification with what it was given, and metadata from where it is', async () => {
    const got = page(await call(GET, { organizationId: 'acme', documentId: 'd9' }));
    const { documentId, locationId, ...rest } = rich;
    expect(got.data).toEqual([
      {
        ...rest,
        metadata: { apiKey, organizationId: 'acme', documentId, locationId },
      },
    ]);
  });

  it('reads a notification that operation 130 added as the read schema has it', async () => {
    const added = await call('/v2/notifications/add', {
      organizationId: 'acme',
      documentId: 'd7',
      createDocument: true,
      actionUser: { userId: 'carol' },
      notificationId: 'from-130',
      displayHeadlineMessageTemplate: 'hello',
      displayBodyMessage: 'world',
      notifyUsers: [{ userId: 'zoe', email: 'zoe@example.com' }],
      notifyAll: false,
    });
    expectSuccess(added, 'notifications.add');
    const got = page(
      await call(GET, { organizationId: 'acme', documentId: 'd7', notificationIds: ['from-130'] }),
    );
    expect(operation('notifications.get').response.safeParse(got.data).error).toBeUndefined();
    expect(got.data[0]).toMatchObject({ notifyUsersByUserId: { zoe: true } });
    expect(got.data[0]).not.toHaveProperty('notifyUsers');
  });

  it('leaves documentId and locationId out of metadata when the notification has none', async () => {
    const got = page(
      await call(GET, { organizationId: 'acme', userId: 'alice', notificationIds: ['n06'] }),
    );
    expect(got.data[0]?.metadata).toEqual({ apiKey, organizationId: 'acme' });
    expect(got.data[0]?.notifyUsersByUserId).toEqual({ alice: true });
  });

  it('pages with pageSize and a token, without gaps or repeats, in both orders', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const ids: string[] = [];
      let token: string | undefined;
      let pages = 0;
      do {
        const got = page(
          await call(GET, {
            organizationId: 'acme',
            userId: 'alice',
            order,
            pageSize: 2,
            ...(token !== undefined && { pageToken: token }),
          }),
        );
        expect(got.data.length).toBeLessThanOrEqual(2);
        ids.push(...got.data.map((n) => n.id));
        token = got.pageToken;
        pages++;
      } while (token !== undefined);
      const expected = expectedIds({ userId: 'alice' }, order);
      expect(ids).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / 2));
    }
  });

  it('has no token on a last page that is exactly full', async () => {
    const all = expectedIds({ documentId: 'd2' }, 'desc');
    const got = page(
      await call(GET, { organizationId: 'acme', documentId: 'd2', pageSize: all.length }),
    );
    expect(got.data).toHaveLength(all.length);
    expect(got.pageToken).toBeUndefined();
  });

  it('refuses a token that is not one, or that belongs to another query or order', async () => {
    const first = page(await call(GET, { organizationId: 'acme', userId: 'alice', pageSize: 1 }));
    const token = first.pageToken;
    if (token === undefined) throw new Error('expected a next page');
    const next = (data: Record<string, unknown>) =>
      call(GET, { pageSize: 1, pageToken: token, ...data });

    expectError(
      await call(GET, { organizationId: 'acme', userId: 'alice', pageToken: 'garbage!' }),
      400,
      'INVALID_ARGUMENT',
    );
    const forged = Buffer.from(JSON.stringify({ v: 1, order: 'desc' })).toString('base64url');
    expectError(
      await call(GET, { organizationId: 'acme', userId: 'alice', pageToken: forged }),
      400,
      'INVALID_ARGUMENT',
    );
    expect(
      expectError(await next({ organizationId: 'acme', userId: 'bob' }), 400, 'INVALID_ARGUMENT'),
    ).toMatch(/another query/);
    expectError(await next({ organizationId: 'other', userId: 'alice' }), 400, 'INVALID_ARGUMENT');
    expectError(
      await next({ organizationId: 'acme', userId: 'alice', notificationIds: ['n01'] }),
      400,
      'INVALID_ARGUMENT',
    );
    expect(
      expectError(
        await next({ organizationId: 'acme', userId: 'alice', order: 'asc' }),
        400,
        'INVALID_ARGUMENT',
      ),
    ).toMatch(/desc order/);
    // The same query goes on.
    const second = page(await next({ organizationId: 'acme', userId: 'alice' }));
    expect(second.data.map((n) => n.id)).toEqual(
      expectedIds({ userId: 'alice' }, 'desc').slice(1, 2),
    );
  });

  it('starts over on an empty token', async () => {
    const got = page(await call(GET, { organizationId: 'acme', documentId: 'd2', pageToken: '' }));
    expect(got.data.map((n) => n.id)).toEqual(expectedIds({ documentId: 'd2' }, 'desc'));
  });

  it('answers an empty list for an unknown organization, document or user', async () => {
    for (const filter of [
      { organizationId: 'nope', documentId: 'd1' },
      { organizationId: 'acme', documentId: 'nope' },
      { organizationId: 'acme', userId: 'nobody' },
    ]) {
      expect(page(await call(GET, filter)).data).toEqual([]);
    }
  });

  it('refuses filter combinations the spec does not list', async () => {
    for (const filter of [
      {},
      { locationId: 'l1' },
      { notificationIds: ['n01'] },
      { locationId: 'l1', notificationIds: ['n01'] },
    ]) {
      expectError(await call(GET, { organizationId: 'acme', ...filter }), 400, 'INVALID_ARGUMENT');
    }
    expectError(
      await call(GET, { organizationId: 'acme', documentId: 'd1', pageSize: 0 }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await call(GET, { organizationId: 'acme', documentId: 'd1', order: 'up' }),
      400,
      'INVALID_ARGUMENT',
    );
  });

  it('needs the advanced queries option', async () => {
    const [, other] = emu.emulator.seeded;
    if (!other) throw new Error('no second workspace');
    const gated = emu.callAs(other);
    const message = expectError(
      await gated(GET, { organizationId: 'acme', documentId: 'd1' }),
      400,
      'FAILED_PRECONDITION',
    );
    expect(message).toMatch(/advanced queries/);
  });

  it("shows one workspace's notifications to no other", async () => {
    const [, other] = emu.emulator.seeded;
    if (!other) throw new Error('no second workspace');
    await adminPost(emu.url, 'seed', {
      workspaces: [{ ownerEmail: 'gated@example.com', consoleOptions: { advancedQueries: true } }],
    });
    const got = page(await emu.callAs(other)(GET, { organizationId: 'acme', documentId: 'd1' }));
    expect(got.data.map((n) => n.id)).toEqual(['n01']);
  });
});

describe('paging thousands of notifications while more arrive', () => {
  const COUNT = 2500;
  let call: Call;
  let workspaceId: string;

  /** Three notifications per millisecond, so ties between timestamps are everywhere. */
  const bulk = Array.from({ length: COUNT }, (_, i) => ({
    id: `b${String(i).padStart(5, '0')}`,
    timestamp: T + Math.floor(i / 3),
    documentId: 'big',
    notifyUsersByUserId: { alice: true },
  }));

  const emu = useEmulator({
    shared: true,
    seedJson: JSON.stringify({
      workspaces: [
        {
          ownerEmail: 'bulk@example.com',
          consoleOptions: { advancedQueries: true },
          organizations: [{ id: 'acme', notifications: bulk }],
        },
      ],
    }),
  });
  beforeAll(() => {
    workspaceId = emu.owner.workspaceId;
    call = emu.call;
  });

  it('answers 1000 by default, and refuses a pageSize over 1000', async () => {
    for (const pageSize of [undefined, 1000]) {
      const got = page(
        await call(GET, {
          organizationId: 'acme',
          documentId: 'big',
          ...(pageSize && { pageSize }),
        }),
      );
      expect(got.data).toHaveLength(1000);
      expect(got.pageToken).toBeDefined();
    }
    // The catalogue's paging caps pageSize in the request schema.
    for (const pageSize of [1001, 5000]) {
      const message = expectError(
        await call(GET, { organizationId: 'acme', documentId: 'big', pageSize }),
        400,
        'INVALID_ARGUMENT',
      );
      expect(message).toMatch(/pageSize/);
    }
  });

  it.each(['desc', 'asc'] as const)(
    'misses and repeats nothing of the listing (%s), whatever is added between pages',
    async (order) => {
      type Key = { timestamp: number; id: string };
      // Whether `a` comes before `b` in the listing's order.
      const before = (a: Key, b: Key) => {
        const asc = a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
        return order === 'asc' ? asc < 0 : asc > 0;
      };
      const seen: Notification[] = [];
      const addedAhead = new Set<string>();
      const addedBehind = new Set<string>();
      let token: string | undefined;
      let round = 0;
      do {
        const got = page(
          await call(GET, {
            organizationId: 'acme',
            userId: 'alice',
            order,
            pageSize: 100,
            ...(token !== undefined && { pageToken: token }),
          }),
        );
        seen.push(...got.data);
        token = got.pageToken;
        const last = got.data.at(-1);
        if (token === undefined || !last) break;
        // Around the cursor: the same timestamp with ids on both sides, newer and older times.
        const added: Key[] = [
          { timestamp: last.timestamp, id: `a-${order}-${round}` },
          { timestamp: last.timestamp, id: `c-${order}-${round}` },
          { timestamp: T + 10_000 + round, id: `${order}-${round}-new` },
          { timestamp: T - 10_000 - round, id: `${order}-${round}-old` },
          { timestamp: T + 400, id: `${order}-${round}-mid` },
        ];
        const reply = await adminPost(emu.url, 'notifications', {
          workspaceId,
          organizationId: 'acme',
          notifications: added.map((k) => ({
            ...k,
            documentId: 'big',
            notifyUsersByUserId: { alice: true },
          })),
        });
        expect(reply.status).toBe(200);
        for (const k of added) (before(last, k) ? addedAhead : addedBehind).add(k.id);
        round++;
      } while (token !== undefined);

      const ids = seen.map((n) => n.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const n of bulk) expect(ids).toContain(n.id);
      for (const id of addedAhead) expect(ids).toContain(id);
      for (const id of addedBehind) expect(ids).not.toContain(id);
      expect(addedBehind.size).toBeGreaterThan(0);
      expect(addedAhead.size).toBeGreaterThan(0);
      seen.forEach((n, i) => {
        const previous = seen[i - 1];
        if (previous) expect(before(previous, n)).toBe(true);
      });
      expect(round).toBeGreaterThanOrEqual(COUNT / 100 - 1);
    },
  );
});

describe('the notifications admin call', () => {
  let call: Call;
  let workspaceId: string;
  let apiKey: string;

  const emu = useEmulator({
    shared: true,
    clock: T + 42,
    seedJson: JSON.stringify({
      workspaces: [{ ownerEmail: 'admin@example.com', consoleOptions: { advancedQueries: true } }],
    }),
  });
  beforeAll(() => {
    const owner = emu.owner;
    ({ workspaceId, apiKey } = owner);
    call = emu.call;
  });

  it('creates the organization, generates ids and times, and replaces an id it has', async () => {
    const first = await adminPost(emu.url, 'notifications', {
      workspaceId,
      apiKey,
      organizationId: 'fresh',
      notifications: [
        { documentId: 'd', displayBodyMessage: 'one' },
        { id: 'fixed', documentId: 'd' },
      ],
    });
    expect(first.status).toBe(200);
    const { ids } = first.json as { ids: string[] };
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(ids[1]).toBe('fixed');

    await adminPost(emu.url, 'notifications', {
      workspaceId,
      organizationId: 'fresh',
      notifications: [{ id: 'fixed', documentId: 'd', timestamp: T, displayBodyMessage: 'two' }],
    });
    const got = page(await call(GET, { organizationId: 'fresh', documentId: 'd', order: 'asc' }));
    expect(got.data.map((n) => [n.id, n.timestamp])).toEqual([
      ['fixed', T],
      [ids[0], T + 42],
    ]);
    expect(got.data[0]).toMatchObject({ displayBodyMessage: 'two' });
    // Renaming succeeds only for an organization that exists.
    const renamed = await call('/v2/organizations/update', {
      organizations: [{ organizationId: 'fresh', organizationName: 'Fresh' }],
    });
    expect(expectSuccess(renamed, 'organizations.update')).toMatchObject({
      fresh: { success: true },
    });
  });

  it('refuses a bad body, an unknown workspace or API key', async () => {
    const add = (body: unknown) => adminPost(emu.url, 'notifications', body);
    const one = [{ documentId: 'd' }];
    expectError(
      await add({ workspaceId, organizationId: 'o', notifications: [] }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await add({ workspaceId, organizationId: 'o', notifications: [{ bogus: 1 }] }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await add({ workspaceId, organizationId: 'o', notifications: [{ id: 'x' }, { id: 'x' }] }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await add({
        workspaceId,
        organizationId: 'o',
        notifications: [{ timestamp: 1_700_000_000 }],
      }),
      400,
      'INVALID_ARGUMENT',
    );
    expectError(
      await add({ workspaceId: 'nope', organizationId: 'o', notifications: one }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await add({ workspaceId, apiKey: 'nope', organizationId: 'o', notifications: one }),
      404,
      'NOT_FOUND',
    );
    const wrongMethod = await request(`${emu.url}/_emulator/notifications`);
    expectError(wrongMethod, 400, 'INVALID_ARGUMENT');
  });
});

describe('notifications and the jobs', () => {
  let call: Call;

  const emu = useEmulator({
    shared: true,
    jobDelay: 0,
    seedJson: JSON.stringify({
      workspaces: [
        {
          ownerEmail: 'jobs@example.com',
          consoleOptions: { advancedQueries: true },
          organizations: [
            {
              id: 'acme',
              documents: [{ id: 'd1' }, { id: 'd2' }],
              notifications: given,
            },
          ],
        },
      ],
    }),
  });
  beforeAll(() => {
    call = emu.call;
  });

  it('moves a document’s notifications with it when it is migrated', async () => {
    const before = expectedIds({ documentId: 'd1' }, 'desc');
    await startMigration(call, 'd1', 'd1-new');
    expect(page(await call(GET, { organizationId: 'acme', documentId: 'd1' })).data).toEqual([]);
    const moved = page(await call(GET, { organizationId: 'acme', documentId: 'd1-new' })).data;
    expect(moved.map((n) => n.id)).toEqual(before);
    for (const n of moved) expect(n.metadata.documentId).toBe('d1-new');
  });

  it('removes what a deleted user caused and their place among recipients', async () => {
    const reply = await call('/v1/users/data/delete', { userIds: ['carol', 'alice'] });
    expect(reply.status).toBe(202);
    const left = page(
      await call(GET, { organizationId: 'acme', userId: 'bob', order: 'asc' }),
    ).data;
    const byDave = new Set(given.filter((n) => n.actionUser?.userId === 'dave').map((n) => n.id));
    const expected = expectedIds({ userId: 'bob' }, 'asc').filter((id) => byDave.has(id));
    expect(expected.length).toBeGreaterThan(0);
    expect(left.map((n) => n.id)).toEqual(expected);
    for (const n of left) expect(Object.keys(n.notifyUsersByUserId)).not.toContain('alice');
    expect(page(await call(GET, { organizationId: 'acme', userId: 'alice' })).data).toEqual([]);
  });
});

describe('the notifications fixture member', () => {
  const withOrg = (org: Record<string, unknown>) => ({
    workspaces: [{ ownerEmail: 'bad@example.com', organizations: [{ id: 'o', ...org }] }],
  });
  const at = 'workspaces[0].organizations[0].notifications';

  it.each([
    [
      'a time in seconds',
      withOrg({ notifications: [{ timestamp: 1_700_000_000 }] }),
      `${at}[0].timestamp`,
    ],
    [
      'a duplicate id',
      withOrg({ notifications: [{ id: 'a' }, { id: 'b' }, { id: 'a' }] }),
      `${at}[2].id`,
    ],
    [
      'metadata, which the emulator builds',
      withOrg({ notifications: [{ metadata: {} }] }),
      `${at}[0]`,
    ],
    [
      'a recipient flag that is not a boolean',
      withOrg({ notifications: [{ notifyUsersByUserId: { u: 'yes' } }] }),
      `${at}[0].notifyUsersByUserId.u`,
    ],
    [
      'an empty document id',
      withOrg({ notifications: [{ documentId: '' }] }),
      `${at}[0].documentId`,
    ],
  ])('refuses %s, naming the field', async (_case, content, field) => {
    const path = fixtureFile('bad-notifications.json', content);
    await expect(startEmulator({ seed: path })).rejects.toThrow(
      `Invalid fixture ${path}: ${field}:`,
    );
  });
});
