import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type FaultPlan, Faults } from '../../src/emulator/faults.js';
import { type AiProvider, rewritten, startAiProvider } from '../support/ai-provider.js';
import { adminFetch, svc } from '../support/e2e.js';
import { listSpecNotifications } from '../support/notifications.js';
import { startSeededEmulator, type SeededEmulator } from '../support/seeded-emulator.js';

/**
 * Operations 17 to 25 from the command line, end to end: the built svc against an emulator
 * seeded with CRDT editors, 2,500 notifications and AI keys, and a stand-in AI provider.
 */

const T0 = Date.UTC(2026, 0, 1);
const SEEDED = 2500;

let emulator: SeededEmulator;
let provider: AiProvider;
/** A second workspace with every console option off and no AI keys. */
let bareEnv: Record<string, string>;

const dir = mkdtempSync(join(tmpdir(), 'svc-collab-e2e-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const notification = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `n${String(i).padStart(5, '0')}`,
  timestamp: T0 + i * 1000,
  documentId: 'spec',
  locationId: i % 2 === 0 ? 'even' : 'odd',
  notificationSource: 'custom',
  actionUser: { userId: 'bob', name: 'Bob' },
  displayHeadlineMessageTemplate: '{actionUser} mentioned {recipientUser}',
  displayHeadlineMessageTemplateData: {
    actionUser: { name: 'Bob' },
    recipientUser: { name: 'Alice' },
  },
  notifyUsersByUserId: { alice: i % 5 === 0 },
  ...extra,
});

const fixture = {
  workspaces: [
    {
      ownerEmail: 'collab@example.com',
      consoleOptions: { advancedQueries: true, activityService: true, notificationConfig: true },
      aiKeys: {
        openai: 'sk-openai-e2e-1111',
        anthropic: 'sk-ant-e2e-2222',
        google: 'AIza-e2e-3333',
      },
      organizations: [
        {
          id: 'acme',
          documents: [{ id: 'spec' }, { id: 'plan' }],
          crdt: [
            { documentId: 'spec', editorId: 'title', type: 'text', data: 'Hello world' },
            { documentId: 'spec', editorId: 'meta', type: 'map', data: { a: 1, b: { c: 2 } } },
            { documentId: 'spec', editorId: 'rows', type: 'array', data: [{ id: 1 }, { id: 2 }] },
            { documentId: 'spec', editorId: 'page', type: 'xml', data: '<p>Hi <b>there</b></p>' },
          ],
          notifications: Array.from({ length: SEEDED }, (_, i) => notification(i)),
          notificationConfigs: [
            { userId: 'alice', inbox: 'MINE', email: 'NONE' },
            { userId: 'alice', documentId: 'plan', email: 'ALL' },
          ],
        },
      ],
    },
    {
      ownerEmail: 'bare@example.com',
      organizations: [{ id: 'acme', documents: [{ id: 'spec' }] }],
    },
  ],
};

async function admin<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await adminFetch(emulator, `/_emulator/${path}`, init);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

interface JournalEntry {
  time: number;
  path: string;
  httpStatus: number;
  errorStatus?: string;
}

/** The API requests the emulator answered from `since` (epoch milliseconds) on. */
async function requestsSince(since: number): Promise<JournalEntry[]> {
  const { entries } = await admin<{ entries: JournalEntry[] }>('journal');
  return entries.filter((e) => e.time >= since);
}

/** The one JSON error line of stderr that the contract wants on an error, stdout empty. */
function errorLine(r: { stdout: string; stderr: string }): unknown {
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  return JSON.parse(r.stderr);
}

/** Replaces the emulator's fault plan (docs/emulator-faults.md) while `run` runs. */
async function withFaults<T>(plan: FaultPlan, run: () => Promise<T>): Promise<T> {
  const set = (body: FaultPlan) =>
    admin('faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await set(plan);
  try {
    return await run();
  } finally {
    await set({ rules: [] });
  }
}

beforeAll(async () => {
  provider = await startAiProvider();
  emulator = await startSeededEmulator({
    seed: fixture,
    owner: 'collab@example.com',
    args: ['openai', 'anthropic', 'google'].flatMap((p) => [`--${p}-url`, provider.url]),
  });
  bareEnv = emulator.envFor('bare@example.com');
}, 60_000);
afterAll(async () => {
  await emulator.stop();
  await provider.close();
});

describe('activities', () => {
  it('sends 100 activities of 15 KB each in batches under the 1 MiB body limit', async () => {
    const since = Date.now();
    const ids = Array.from({ length: 100 }, (_, i) => `big-${i}`);
    const text = 'x'.repeat(15_000);
    const path = file(
      'big-activities.ndjson',
      ids
        .map((id) =>
          JSON.stringify({
            id,
            featureType: 'comment',
            actionType: 'comment.add',
            actionUser: { userId: 'alice' },
            entityData: { text },
          }),
        )
        .join('\n'),
    );
    const r = await svc(
      ['activities', 'add', '--org', 'acme', '--doc', 'spec', '--file', path, '--json'],
      emulator.env,
    );
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(ids);
    const requests = (await requestsSince(since)).filter((e) => e.path === '/v2/activities/add');
    console.log(`15 KB activities: 100 items in ${requests.length} requests`);
    expect(requests.map((e) => e.httpStatus)).toEqual([200, 200]);
  });

  it('adds from a file and from flags, reads back, overwrites by id, and deletes', async () => {
    const activity = (id: string, actionType: string) => ({
      id,
      featureType: 'comment',
      actionType,
      actionUser: { userId: 'alice', name: 'Alice' },
    });
    const path = file(
      'activities.ndjson',
      [activity('a1', 'comment.add'), activity('a2', 'comment.add')]
        .map((a) => JSON.stringify(a))
        .join('\n'),
    );
    const added = await svc(
      ['activities', 'add', '--org', 'acme', '--doc', 'spec', '--file', path, '--json'],
      emulator.env,
    );
    expect(added.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(added.stdout) as object)).toEqual(['a1', 'a2']);

    const flags = await svc(
      [
        'activities',
        'add',
        '--org',
        'acme',
        '--doc',
        'spec',
        '--id',
        'a1',
        '--feature-type',
        'custom',
        '--action-type',
        'approval.granted',
        '--user',
        'bob',
        '--target',
        'ticket-7',
      ],
      emulator.env,
    );
    expect(flags.exitCode).toBe(0);

    const stored = await admin<{ activities: { activity: { id: string; actionType: string } }[] }>(
      `activities?workspaceId=${emulator.workspace.workspaceId}&organizationId=acme&documentId=spec`,
    );
    const byId = new Map(stored.activities.map((a) => [a.activity.id, a.activity.actionType]));
    expect(byId.get('a1')).toBe('approval.granted');
    expect(byId.get('a2')).toBe('comment.add');

    const deleted = await svc(
      ['activities', 'delete', '--org', 'acme', '--id', 'a2,nope', '--yes', '--json'],
      emulator.env,
    );
    expect(deleted.exitCode).toBe(5);
    const results = JSON.parse(deleted.stdout) as Record<string, { success: boolean }>;
    expect(results.a2?.success).toBe(true);
    expect(results.nope?.success).toBe(false);

    const byTarget = await svc(
      ['activities', 'delete', '--org', 'acme', '--target', 'ticket-7', '--yes', '--json'],
      emulator.env,
    );
    expect(byTarget.exitCode).toBe(0);
    expect(Object.keys(JSON.parse(byTarget.stdout) as object)).toEqual(['a1']);
  });

  it('deletes by document and target entity, then by document, and nothing elsewhere', async () => {
    const activity = (id: string, target?: string) =>
      JSON.stringify({
        id,
        featureType: 'comment',
        actionType: 'comment.add',
        actionUser: { userId: 'alice' },
        ...(target !== undefined && { targetEntityId: target }),
      });
    for (const [doc, lines] of [
      ['plan', [activity('d1', 't1'), activity('d2', 't2'), activity('d3')]],
      ['spec', [activity('d4', 't1')]],
    ] as const) {
      const path = file(`${doc}-activities.ndjson`, lines.join('\n'));
      const r = await svc(
        ['activities', 'add', '--org', 'acme', '--doc', doc, '--file', path],
        emulator.env,
      );
      expect(r.exitCode, r.stderr).toBe(0);
    }
    const del = (...selector: string[]) =>
      svc(['activities', 'delete', '--org', 'acme', ...selector, '--yes', '--json'], emulator.env);
    const keys = (stdout: string) => Object.keys(JSON.parse(stdout) as object).sort();

    const docAndTarget = await del('--doc', 'plan', '--target', 't1');
    expect(docAndTarget.exitCode).toBe(0);
    expect(keys(docAndTarget.stdout)).toEqual(['d1']);
    const doc = await del('--doc', 'plan');
    expect(doc.exitCode).toBe(0);
    expect(keys(doc.stdout)).toEqual(['d2', 'd3']);

    const left = await admin<{ activities: { activity: { id: string } }[] }>(
      `activities?workspaceId=${emulator.workspace.workspaceId}&organizationId=acme`,
    );
    expect(left.activities.map((a) => a.activity.id)).toContain('d4');
  });
});

describe('presence', () => {
  it("adds users to the document's presence list", async () => {
    const r = await svc(
      ['presence', 'add', '--org', 'acme', '--doc', 'spec', '--user', 'alice', '--status', 'away'],
      emulator.env,
    );
    expect(r.exitCode).toBe(0);
    const { users } = await admin<{ users: { userId: string; status?: string }[] }>(
      `presence?workspaceId=${emulator.workspace.workspaceId}&organizationId=acme&documentId=spec`,
    );
    expect(users).toContainEqual(expect.objectContaining({ userId: 'alice', status: 'away' }));
  });
});

describe('live state', () => {
  it('replaces without --merge, merges with it, and null removes a key', async () => {
    const base = ['livestate', 'broadcast', '--org', 'acme', '--doc', 'plan', '--id', 'cursor'];
    const state = async () =>
      (
        await admin<{ liveStates: { liveStateDataId: string; state: unknown }[] }>(
          `livestate?workspaceId=${emulator.workspace.workspaceId}&organizationId=acme&documentId=plan`,
        )
      ).liveStates.find((s) => s.liveStateDataId === 'cursor')?.state;

    expect((await svc([...base, '--data', '{"a":1,"b":2}'], emulator.env)).exitCode).toBe(0);
    expect(await state()).toEqual({ a: 1, b: 2 });
    expect(
      (await svc([...base, '--data', '{"b":null,"c":3}', '--merge'], emulator.env)).exitCode,
    ).toBe(0);
    expect(await state()).toEqual({ a: 1, c: 3 });
    expect((await svc([...base, '--data', '-'], emulator.env, '{"z":true}')).exitCode).toBe(0);
    expect(await state()).toEqual({ z: true });

    const { events } = await admin<{ events: { kind: string; state: unknown }[] }>(
      `events?workspaceId=${emulator.workspace.workspaceId}&organizationId=acme&documentId=plan`,
    );
    expect(events.filter((e) => e.kind === 'livestate').map((e) => e.state)).toEqual([
      { a: 1, b: 2 },
      { a: 1, c: 3 },
      { z: true },
    ]);
  });
});

describe('CRDT update', () => {
  interface Editor {
    type: string;
    contentKey: string;
    content: unknown;
    state: string;
  }
  const editor = (id: string) =>
    admin<Editor>(
      `crdt?workspaceId=${emulator.workspace.workspaceId}&organizationId=acme&documentId=spec&editorId=${id}`,
    );

  function contentOf(doc: Y.Doc, type: string, key: string): unknown {
    if (type === 'text') return doc.getText(key).toString();
    if (type === 'map') return doc.getMap(key).toJSON();
    if (type === 'array') return doc.getArray(key).toJSON();
    return doc.getXmlFragment(key).toString();
  }

  it.each([
    ['title', 'text', 'Hello brave new world', 'Hello brave new world'],
    ['meta', 'map', '{"a":1,"b":{"c":3},"d":[1]}', { a: 1, b: { c: 3 }, d: [1] }],
    ['rows', 'array', '[{"id":1},{"id":3},{"id":2}]', [{ id: 1 }, { id: 3 }, { id: 2 }]],
    ['page', 'xml', '<p>Hi <i>you</i></p><p>two</p>', '<p>Hi <i>you</i></p><p>two</p>'],
  ])(
    '%s (%s): a client that applies the emitted update ends equal to the new content',
    async (id, type, data, expected) => {
      const before = await editor(id);
      const client = new Y.Doc();
      Y.applyUpdate(client, Buffer.from(before.state, 'base64'));
      const { events: earlier } = await admin<{ events: { seq: number }[] }>(
        `events?workspaceId=${emulator.workspace.workspaceId}&organizationId=acme&documentId=spec`,
      );
      const after = earlier.at(-1)?.seq ?? 0;

      const r = await svc(
        [
          'crdt',
          'update',
          '--org',
          'acme',
          '--doc',
          'spec',
          '--editor',
          id,
          '--type',
          type,
          '--data',
          data,
        ],
        emulator.env,
      );
      expect(r.exitCode, r.stderr).toBe(0);

      const { events } = await admin<{
        events: { kind: string; editorId: string; update: string }[];
      }>(
        `events?workspaceId=${emulator.workspace.workspaceId}&organizationId=acme&documentId=spec&after=${after}`,
      );
      const updates = events.filter((e) => e.kind === 'crdt' && e.editorId === id);
      expect(updates.length).toBeGreaterThan(0);
      for (const e of updates) Y.applyUpdate(client, Buffer.from(e.update, 'base64'));

      expect(contentOf(client, type, before.contentKey)).toEqual(expected);
      expect((await editor(id)).content).toEqual(expected);
    },
  );

  it('answers a type that does not match the editor with exit 2, an unknown editor with 4', async () => {
    const mismatch = await svc(
      [
        'crdt',
        'update',
        '--org',
        'acme',
        '--doc',
        'spec',
        '--editor',
        'title',
        '--type',
        'map',
        '--data',
        '{}',
      ],
      emulator.env,
    );
    expect(mismatch.exitCode).toBe(2);
    expect(mismatch.stderr).toContain('INVALID_ARGUMENT');
    const missing = await svc(
      [
        'crdt',
        'update',
        '--org',
        'acme',
        '--doc',
        'spec',
        '--editor',
        'nope',
        '--type',
        'text',
        '--data',
        'x',
      ],
      emulator.env,
    );
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('No CRDT data found');
  });
});

describe('notifications list', () => {
  const ids = (stdout: string) => (JSON.parse(stdout) as { id: string }[]).map((n) => n.id);
  let added = 0;
  /** Adds `count` notifications, after the seeded ones unless `timestampOf` places them; their ids. */
  const addNotifications = async (count: number, timestampOf?: (i: number) => number) => {
    const notifications = Array.from({ length: count }, () => {
      const i = SEEDED + ++added;
      return notification(i, timestampOf ? { timestamp: timestampOf(i) } : {});
    });
    await admin('notifications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        workspaceId: emulator.workspace.workspaceId,
        organizationId: 'acme',
        notifications,
      }),
    });
    return notifications.map((n) => n.id);
  };

  it.each(['asc', 'desc'])(
    '--page-token paging (%s) misses and repeats nothing while notifications are added between pages',
    async (order) => {
      const seen: string[] = [];
      let token: string | undefined;
      do {
        const r = await svc(
          listSpecNotifications(
            '--order',
            order,
            '--page-size',
            '300',
            '--json',
            ...(token ? ['--page-token', token] : []),
          ),
          emulator.env,
        );
        expect(r.exitCode, r.stderr).toBe(0);
        seen.push(...ids(r.stdout));
        token = /--page-token (\S+)/.exec(r.stderr)?.[1];
        await addNotifications(7);
      } while (token);
      expect(new Set(seen).size).toBe(seen.length);
      const original = Array.from({ length: SEEDED }, (_, i) => notification(i).id);
      expect(seen.filter((id) => original.includes(id))).toHaveLength(SEEDED);
      // Each page follows the last in the order asked for.
      const sorted = [...seen].sort();
      expect(seen).toEqual(order === 'asc' ? sorted : sorted.reverse());
    },
    120_000,
  );

  it('--all --json follows every page and prints one array; --limit stops', async () => {
    const all = await svc(
      listSpecNotifications('--all', '--page-size', '500', '--json'),
      emulator.env,
    );
    expect(all.exitCode).toBe(0);
    const listed = ids(all.stdout);
    expect(listed.length).toBe(SEEDED + added);
    expect(new Set(listed).size).toBe(listed.length);

    const limited = await svc(listSpecNotifications('--limit', '1234', '--json'), emulator.env);
    expect(ids(limited.stdout)).toEqual(listed.slice(0, 1234));
    expect(limited.stderr).toContain('--page-token');
  });

  /**
   * A seeded plan under which the first request to `path` passes and the `failing` after it
   * answer 503: a later page fails, and keeps failing through the client's retries, on
   * every run. The seed is found with the emulator's own fault logic.
   */
  function laterRequestsFail(path: string, failing: number): FaultPlan {
    for (let seed = 1; ; seed++) {
      const plan: FaultPlan = {
        seed,
        rules: [{ path, fault: 'status', status: 503, probability: 0.9 }],
      };
      const faults = new Faults(plan);
      const kinds = Array.from({ length: 1 + failing }, () => faults.decide(path).outcome.kind);
      if (kinds[0] === 'none' && kinds.slice(1).every((k) => k === 'answer')) return plan;
    }
  }

  it.each([[['--all']], [['--limit', '700']]])(
    '%j --json prints nothing on stdout and one error line on stderr when a later page fails',
    async (flags) => {
      const GET = '/v2/notifications/get';
      const since = Date.now();
      const r = await withFaults(laterRequestsFail(GET, 10), () =>
        svc(listSpecNotifications('--page-size', '300', ...flags, '--json'), emulator.env),
      );
      // The first page arrived, then every attempt at the second failed.
      const statuses = (await requestsSince(since)).map((e) => e.httpStatus);
      expect(statuses[0]).toBe(200);
      expect(statuses.length).toBeGreaterThan(1);
      expect(statuses.slice(1).every((s) => s === 503)).toBe(true);

      expect(r.exitCode).toBe(75);
      expect(errorLine(r)).toMatchObject({
        error: { status: 'UNAVAILABLE' },
        exitCode: 75,
      });
    },
  );

  it.each(['asc', 'desc'])(
    '--all --json (%s) lists each seeded notification once, in order, while others are added between its pages',
    async (order) => {
      const GET = '/v2/notifications/get';
      // Each page waits at the emulator, which leaves time for inserts between pages.
      const slowPages: FaultPlan = {
        rules: [{ path: GET, fault: 'latency', ms: 200, probability: 1 }],
      };
      // Before the oldest, among the seeded ones, and after the newest: whichever way the
      // listing goes, some land behind its position and some ahead.
      const placed = (i: number) =>
        [T0 - i, T0 + (i % SEEDED) * 1000 + 500, T0 + i * 1000][i % 3] ?? T0;
      const inserts: { sent: number; done: number }[] = [];
      const insertedIds = new Set<string>();
      const since = Date.now();

      const r = await withFaults(slowPages, async () => {
        let listing = true;
        const run = svc(
          listSpecNotifications('--order', order, '--page-size', '250', '--all', '--json'),
          emulator.env,
        ).finally(() => (listing = false));
        while (listing) {
          const sent = Date.now();
          for (const id of await addNotifications(3, placed)) insertedIds.add(id);
          inserts.push({ sent, done: Date.now() });
          await delay(20);
        }
        return run;
      });
      expect(r.exitCode, r.stderr).toBe(0);

      // Between every two pages the emulator answered, an insert was made and committed.
      const answered = (await requestsSince(since))
        .filter((e) => e.path === GET)
        .map((e) => e.time);
      expect(answered.length).toBeGreaterThan(SEEDED / 250);
      const gapsWithInsert = answered
        .slice(1)
        .filter((end, k) => inserts.some((x) => x.sent > (answered[k] ?? end) && x.done < end));
      expect(gapsWithInsert).toHaveLength(answered.length - 1);

      const listed = JSON.parse(r.stdout) as { id: string; timestamp: number }[];
      const ids = listed.map((n) => n.id);
      expect(new Set(ids).size).toBe(ids.length);
      const seeded = new Set(Array.from({ length: SEEDED }, (_, i) => notification(i).id));
      expect(ids.filter((id) => seeded.has(id))).toHaveLength(SEEDED);
      // The listing saw the data change under it.
      expect(ids.some((id) => insertedIds.has(id))).toBe(true);
      const times = listed.map((n) => n.timestamp);
      expect(times).toEqual([...times].sort((a, b) => (order === 'asc' ? a - b : b - a)));
    },
    60_000,
  );

  it('filters by user, and by document and location', async () => {
    const forAlice = await svc(
      ['notifications', 'list', '--org', 'acme', '--user', 'alice', '--all', '--json'],
      emulator.env,
    );
    const aliceIds = ids(forAlice.stdout);
    expect(aliceIds.length).toBeGreaterThan(0);
    expect(aliceIds.every((id) => Number(id.slice(1)) % 5 === 0)).toBe(true);

    const even = await svc(
      listSpecNotifications('--location', 'even', '--limit', '50', '--json'),
      emulator.env,
    );
    expect(ids(even.stdout).every((id) => Number(id.slice(1)) % 2 === 0)).toBe(true);

    const table = await svc(listSpecNotifications('--limit', '1'), emulator.env);
    expect(table.stdout).toMatch(/^\S+Z\tcustom\tBob mentioned Alice\tspec$/);
  });
});

describe('notifications config', () => {
  type Config = { config: { inbox: string; email: string }; metadata: { documentId?: string } }[];

  it('v2: stored settings over organization settings over defaults, and the organization level', async () => {
    const docs = await svc(
      [
        'notifications',
        'config',
        '--org',
        'acme',
        '--user',
        'alice',
        '--doc',
        'plan,spec',
        '--json',
      ],
      emulator.env,
    );
    expect(docs.exitCode).toBe(0);
    expect(
      (JSON.parse(docs.stdout) as Config).map((c) => [
        c.metadata.documentId,
        c.config.inbox,
        c.config.email,
      ]),
    ).toEqual([
      ['plan', 'MINE', 'ALL'],
      ['spec', 'MINE', 'NONE'],
    ]);
    const org = await svc(
      ['notifications', 'config', '--org', 'acme', '--user', 'alice', '--org-level', '--json'],
      emulator.env,
    );
    expect((JSON.parse(org.stdout) as Config).map((c) => c.config)).toEqual([
      { inbox: 'MINE', email: 'NONE' },
    ]);
    const stranger = await svc(
      ['notifications', 'config', '--org', 'acme', '--user', 'zed', '--doc', 'spec', '--json'],
      emulator.env,
    );
    expect((JSON.parse(stranger.stdout) as Config)[0]?.config).toEqual({
      inbox: 'ALL',
      email: 'MINE',
    });
  });

  it('v1 answers the same', async () => {
    const v1 = await svc(
      [
        'notifications',
        'config',
        '--org',
        'acme',
        '--user',
        'alice',
        '--doc',
        'plan',
        '--api',
        'v1',
        '--json',
      ],
      emulator.env,
    );
    expect(v1.exitCode).toBe(0);
    expect((JSON.parse(v1.stdout) as Config)[0]?.config).toEqual({ inbox: 'MINE', email: 'ALL' });
  });
});

describe('ai rewrite', () => {
  it.each([
    ['gpt-4o', '/v1/chat/completions', 'sk-openai-e2e-1111'],
    ['o3-mini', '/v1/chat/completions', 'sk-openai-e2e-1111'],
    ['claude-sonnet-4', '/v1/messages', 'sk-ant-e2e-2222'],
    ['gemini-2.5-pro', '/v1beta/models/gemini-2.5-pro:generateContent', 'AIza-e2e-3333'],
  ])(
    '%s: sends the provider its wire format and prints only the text',
    async (model, path, key) => {
      const before = provider.requests.length;
      const r = await svc(
        ['ai', 'rewrite', '--model', model, '--prompt', 'Make it loud'],
        emulator.env,
        'quiet words',
      );
      expect(r.exitCode, r.stderr).toBe(0);
      // execa drops the one trailing newline svc prints. The stand-in rewrites the user message,
      // which for o-series models holds the prompt too.
      const user = model.startsWith('o3-') ? 'Make it loud\n\nquiet words' : 'quiet words';
      expect(r.stdout).toBe(rewritten(user));

      const sent = provider.requests.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.path).toContain(path);
      expect(JSON.stringify(sent[0]?.headers)).toContain(key);
      const body = sent[0]?.body as Record<string, unknown>;
      if (model === 'o3-mini') {
        expect(body.messages).toEqual([{ role: 'user', content: 'Make it loud\n\nquiet words' }]);
      } else if (model === 'gpt-4o') {
        expect(body.messages).toEqual([
          { role: 'system', content: 'Make it loud' },
          { role: 'user', content: 'quiet words' },
        ]);
      } else if (model.startsWith('claude-')) {
        expect(body).toMatchObject({
          system: 'Make it loud',
          messages: [{ role: 'user', content: 'quiet words' }],
        });
      } else {
        expect(body).toMatchObject({
          systemInstruction: { parts: [{ text: 'Make it loud' }] },
          contents: [{ role: 'user', parts: [{ text: 'quiet words' }] }],
        });
      }
    },
  );

  it('sends a piped line without its final newline, as echo users expect', async () => {
    const before = provider.requests.length;
    const r = await svc(
      ['ai', 'rewrite', '--model', 'gpt-4o', '--prompt', 'p'],
      emulator.env,
      'piped text\n',
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(rewritten('piped text'));
    expect(provider.requests.slice(before)[0]?.body).toMatchObject({
      messages: [{ role: 'system' }, { role: 'user', content: 'piped text' }],
    });
  });

  it.each([
    ['empty stdin', [], ''],
    ['--text ""', ['--text', ''], undefined],
  ])('refuses empty text (%s) with exit 2, sending nothing', async (_, flags, input) => {
    const since = Date.now();
    const before = provider.requests.length;
    const r = await svc(
      ['ai', 'rewrite', '--model', 'gpt-4o', '--prompt', 'Fix', ...flags, '--json'],
      emulator.env,
      input,
    );
    expect(r.exitCode).toBe(2);
    expect(errorLine(r)).toMatchObject({ error: { status: 'USAGE' }, exitCode: 2 });
    expect(await requestsSince(since)).toEqual([]);
    expect(provider.requests.length).toBe(before);
  });
});

describe('the documented errors of operations 17 to 25', () => {
  const paths = {
    add: '/v2/activities/add',
    delete: '/v2/activities/delete',
    broadcast: '/v2/livestate/broadcast',
    notifications: '/v2/notifications/get',
    configV1: '/v1/notifications/config/get',
    ai: '/v2/rewriter/ask-ai',
  };
  const addFlags = ['activities', 'add', '--org', 'acme', '--doc', 'spec'];
  const poll = { featureType: 'poll', actionType: 'poll.vote', actionUser: { userId: 'u1' } };
  const custom = { featureType: 'custom', actionType: 'x.y', actionUser: { userId: 'u1' } };

  it.each([
    [
      'a custom activity without targetEntityId',
      [...addFlags, '--feature-type', 'custom', '--action-type', 'x.y', '--user', 'u1'],
      'targetEntityId is required',
      paths.add,
      { organizationId: 'acme', documentId: 'spec', activities: [custom] },
    ],
    [
      'an undocumented featureType',
      [...addFlags, '--file', file('poll.ndjson', JSON.stringify(poll))],
      'line 1, field featureType',
      paths.add,
      { organizationId: 'acme', documentId: 'spec', activities: [poll] },
    ],
    [
      'activities delete with no selector',
      ['activities', 'delete', '--org', 'acme', '--yes'],
      'give --id, --doc or --target',
      paths.delete,
      { organizationId: 'acme' },
    ],
    [
      'an unsupported notification filter combination',
      ['notifications', 'list', '--org', 'acme', '--location', 'even'],
      'unsupported filter combination',
      paths.notifications,
      { organizationId: 'acme', locationId: 'even' },
    ],
    [
      'live state data that is not an object',
      ['livestate', 'broadcast', '--org', 'acme', '--doc', 'plan', '--id', 'c', '--data', '[1]'],
      'must be a JSON object',
      paths.broadcast,
      { organizationId: 'acme', documentId: 'plan', liveStateDataId: 'c', data: [1] },
    ],
  ])(
    '%s: svc exits 2 sending nothing; sent anyway, the service answers INVALID_ARGUMENT',
    async (_, args, message, path, data) => {
      const since = Date.now();
      const r = await svc([...args, '--json'], emulator.env);
      expect(r.exitCode).toBe(2);
      expect(errorLine(r)).toMatchObject({
        error: { status: 'USAGE', message: expect.stringContaining(message) },
        exitCode: 2,
      });
      expect(await requestsSince(since)).toEqual([]);

      const raw = await svc(['api', path, '--data', JSON.stringify(data), '--json'], emulator.env);
      expect(raw.exitCode).toBe(2);
      expect(JSON.parse(raw.stderr)).toMatchObject({
        error: { status: 'INVALID_ARGUMENT' },
        exitCode: 2,
      });
      const sent = await requestsSince(since);
      expect(sent.map((e) => [e.path, e.errorStatus])).toEqual([[path, 'INVALID_ARGUMENT']]);
    },
  );

  it.each([
    [
      'a page token that is not one',
      'collab',
      ['notifications', 'list', '--org', 'acme', '--doc', 'spec', '--page-token', 'nope'],
      paths.notifications,
      'INVALID_ARGUMENT',
    ],
    [
      'a model of no known provider',
      'collab',
      ['ai', 'rewrite', '--model', 'llama-3', '--prompt', 'p', '--text', 't'],
      paths.ai,
      'INVALID_ARGUMENT',
    ],
    [
      'activities with the activity service off',
      'bare',
      [...addFlags, '--feature-type', 'comment', '--action-type', 'x.y', '--user', 'u1'],
      paths.add,
      'FAILED_PRECONDITION',
    ],
    [
      'notifications with advanced queries off',
      'bare',
      ['notifications', 'list', '--org', 'acme', '--doc', 'spec'],
      paths.notifications,
      'FAILED_PRECONDITION',
    ],
    [
      'notification config v1 with its console option off',
      'bare',
      ['notifications', 'config', '--org', 'acme', '--user', 'u1', '--doc', 'spec', '--api', 'v1'],
      paths.configV1,
      'FAILED_PRECONDITION',
    ],
  ])('%s: the service answers %s, and svc exits 2', async (_, workspace, args, path, status) => {
    const since = Date.now();
    const before = provider.requests.length;
    const r = await svc([...args, '--json'], workspace === 'bare' ? bareEnv : emulator.env);
    expect(r.exitCode).toBe(2);
    expect(errorLine(r)).toMatchObject({ error: { status }, exitCode: 2 });
    const sent = await requestsSince(since);
    expect(sent.map((e) => [e.path, e.errorStatus])).toEqual([[path, status]]);
    expect(provider.requests.length).toBe(before);
  });

  /** Exit 6 is an outcome: `{success: false, error}` on stdout, one JSON line on stderr. */
  function failedRewrite(r: { exitCode?: number; stdout: string; stderr: string }, error: string) {
    expect(r.exitCode).toBe(6);
    expect(JSON.parse(r.stdout)).toEqual({ success: false, error });
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { status: 'FAILED' }, exitCode: 6 });
  }
  const rewrite = (model: string) => [
    'ai',
    'rewrite',
    '--model',
    model,
    '--prompt',
    'p',
    '--text',
    't',
    '--json',
  ];

  it.each([
    ['gpt-4o', 'OpenAI'],
    ['claude-sonnet-4', 'Anthropic'],
    ['gemini-2.5-pro', 'Google'],
  ])('%s with no %s key in the workspace: exit 6, the provider not called', async (model, name) => {
    const since = Date.now();
    const before = provider.requests.length;
    const r = await svc(rewrite(model), bareEnv);
    failedRewrite(r, `No API key configured for provider: ${name}`);
    expect((await requestsSince(since)).map((e) => [e.path, e.httpStatus])).toEqual([
      [paths.ai, 200],
    ]);
    expect(provider.requests.length).toBe(before);
  });

  it('a provider answering an error: exit 6 naming the provider', async () => {
    const before = provider.requests.length;
    provider.failNext({ status: 500, body: { error: { message: 'overloaded' } } });
    const r = await svc(rewrite('claude-sonnet-4'), emulator.env);
    failedRewrite(r, 'Anthropic answered HTTP 500.');
    expect(provider.requests.slice(before).map((q) => q.path)).toEqual(['/v1/messages']);
  });
});
