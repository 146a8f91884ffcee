import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmulatorOptions,
  type RunningEmulator,
  type SeededWorkspace,
  startEmulator,
} from '../../../src/emulator/server.js';
import { openStore } from '../../../src/emulator/store/store.js';
import { envelope } from '../../support/envelopes.js';
import { type AiProvider, rewritten, startAiProvider } from '../../support/ai-provider.js';
import { adminRead, seedOrganizations } from './collab.js';
import { startReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import {
  createWorkspace,
  expectError,
  expectSuccess,
  keyHeaders,
  post,
  postRaw,
  type Reply,
  request,
  workspaceHeaders,
} from './helpers.js';
import { adminPost, waitUntil } from './jobs.js';
import { basicFixture, callAs, SEED_CLOCK, seededWorkspaces } from './seed.js';

const OPENAI_KEY = 'sk-openai-export-0123456789abcdef';
const MAIL_KEY = 'SG.mail-export-0123456789abcdef';

interface StateDocument {
  format: string;
  version: number;
  schemaVersion: number;
  workspaceId?: string;
  sequences?: Record<string, number>;
  tables: Record<string, { columns: string[]; rows: unknown[][] }>;
}

let provider: AiProvider;
const running: RunningEmulator[] = [];

beforeAll(async () => {
  provider = await startAiProvider();
});
afterAll(() => provider.close());
/** Where the rich emulators' webhooks go: it answers 204, so no retry changes the state. */
let hooks: WebhookReceiver;
beforeAll(async () => {
  hooks = await startReceiver(() => 204);
});
afterAll(() => hooks.close());
afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
});

/** An emulator on the fixed clock whose jobs wait for the admin calls unless told otherwise. */
async function start(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emulator = await startEmulator({
    now: () => SEED_CLOCK,
    jobDelay: 'manual',
    aiProviderUrls: { openai: provider.url },
    ...options,
  });
  running.push(emulator);
  return emulator;
}

interface Rich {
  emulator: RunningEmulator;
  owner: SeededWorkspace;
  rival: SeededWorkspace;
  migrationId: string;
  purgeJobId: string;
}

/**
 * The basic fixture plus what fixtures do not carry (activities, presence, live state, a
 * CRDT update, mail, an email config, an AI key, jobs left pending): a row in every table.
 */
async function richEmulator(): Promise<Rich> {
  const emulator = await start({ seed: basicFixture });
  const { owner, rival } = seededWorkspaces(emulator);
  const call = callAs(emulator, owner);
  const doc = { organizationId: 'acme', documentId: 'plan' };
  const must = async (reply: Promise<Reply>) => expect((await reply).status).toBeLessThan(300);

  await must(
    call('/v2/activities/add', {
      ...doc,
      activities: [
        { featureType: 'comment', actionType: 'comment.add', actionUser: { userId: 'alice' } },
      ],
    }),
  );
  await must(call('/v2/presence/add', { ...doc, users: [{ userId: 'bob', status: 'online' }] }));
  await must(
    call('/v2/organizations/usergroups/users/add', {
      organizationId: 'acme',
      organizationUserGroupId: 'engineering',
      userIds: ['alice', 'carol'],
    }),
  );
  await must(
    call('/v2/livestate/broadcast', { ...doc, liveStateDataId: 'cursor', data: { x: 1 } }),
  );
  await must(call('/v2/crdt/update', { ...doc, editorId: 'title', type: 'text', data: 'Q4 plan' }));
  await must(
    call('/v2/workspace/emailconfig/update', {
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid', apiKey: MAIL_KEY, fromEmail: 'no@example.com' },
    }),
  );
  // A key-level service configuration, its token sealed.
  await must(
    call('/v2/workspace/permissionproviderconfig/update', {
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://example.com/permissions',
        authToken: 'provider-token',
      },
    }),
  );
  await must(
    adminPost(emulator.url, 'ai-keys', {
      workspaceId: owner.workspaceId,
      provider: 'openai',
      apiKey: OPENAI_KEY,
    }),
  );
  for (const email of [owner.ownerEmail, 'stranger@example.com']) {
    await must(
      post(emulator.url, '/v2/workspace/email/send-login-link', {
        email,
        continueUrl: 'http://localhost/',
      }),
    );
  }
  const migrated = await call('/v2/organizations/documents/migrate', {
    ...doc,
    newDocumentId: 'plan-2',
  });
  const { migrationId } = expectSuccess(migrated, 'documents.migrate') as { migrationId: string };
  const purged = await call('/v1/users/data/delete', { userIds: ['bob'] });
  const { jobId: purgeJobId } = expectSuccess(purged, 'users.purge') as { jobId: string };
  // Webhooks: a basic token and an endpoint's secret (both sealed), and one delivery tried.
  await must(
    call('/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 'basic-hook-token',
        rawNotificationUrl: hooks.url,
      },
    }),
  );
  await must(call('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }));
  await must(
    call('/v2/workspace/advancedwebhook/endpoints/create', {
      url: 'http://127.0.0.1:9/',
      uid: 'hook',
    }),
  );
  await must(
    postRaw(emulator.url, '/_emulator/webhooks/trigger', JSON.stringify({ event: 'comment.add' }), {
      'content-type': 'application/json',
      ...keyHeaders(owner),
    }),
  );
  await expect
    .poll(async () => {
      const listed = await request(`${emulator.url}/_emulator/webhooks/deliveries`);
      return (listed.json as { deliveries: { attempts: unknown[] }[] }).deliveries.every(
        (d) => d.attempts.length > 0,
      );
    })
    .toBe(true);
  return { emulator, owner, rival, migrationId, purgeJobId };
}

async function exportState(url: string, workspaceId?: string): Promise<StateDocument> {
  const query = workspaceId === undefined ? '' : `?workspaceId=${workspaceId}`;
  const reply = await request(`${url}/_emulator/export${query}`);
  expect(reply.status).toBe(200);
  return reply.json as StateDocument;
}

function importState(url: string, doc: unknown): Promise<Reply> {
  return postRaw(url, '/_emulator/import', typeof doc === 'string' ? doc : JSON.stringify(doc));
}

async function imported(url: string, doc: unknown): Promise<void> {
  const reply = await importState(url, doc);
  expect(reply.json).toEqual({ status: 'ok' });
}

/** What a client and the admin calls read of the two seeded workspaces, call by call. */
async function reads(url: string, rich: Rich): Promise<[string, number, unknown][]> {
  const { owner, rival, migrationId, purgeJobId } = rich;
  const key = (path: string, data: unknown, who = owner) => post(url, path, data, keyHeaders(who));
  const ws = { workspaceId: owner.workspaceId };
  const inDoc = { ...ws, organizationId: 'acme', documentId: 'plan' };
  const calls: [string, Promise<Reply>][] = [
    [
      'tokens',
      post(url, '/v2/workspace/authtokens/get', { apiKey: owner.apiKey }, workspaceHeaders(owner)),
    ],
    ['folders', key('/v2/organizations/folders/get', { organizationId: 'acme' })],
    ['documents', key('/v1/organizations/documents/get', { organizationId: 'acme' })],
    [
      'permissions',
      key('/v2/auth/permissions/get', {
        organizationId: 'acme',
        userIds: ['alice', 'bob', 'carol', 'dave'],
        documentIds: ['plan', 'contract', 'roadmap', 'archived'],
      }),
    ],
    ['notifications', key('/v2/notifications/get', { organizationId: 'acme' })],
    [
      'group members',
      key('/v2/users/get', { organizationId: 'acme', organizationUserGroupIds: ['engineering'] }),
    ],
    [
      'notification config',
      key('/v1/notifications/config/get', {
        organizationId: 'acme',
        userId: 'bob',
        documentIds: ['roadmap'],
      }),
    ],
    [
      'migration',
      key('/v2/organizations/documents/migrate/status', { organizationId: 'acme', migrationId }),
    ],
    ['purge', key('/v2/users/data/delete/status', { jobId: purgeJobId })],
    ['webhook config', key('/v2/workspace/webhookconfig/get', {})],
    ['permission provider', key('/v2/workspace/permissionproviderconfig/get', {})],
    ['recordings', key('/v2/recordings/get', { organizationId: 'acme' })],
    [
      'webhook secret',
      key('/v2/workspace/advancedwebhook/endpoints/secret/get', { endpointId: 'hook' }),
    ],
    ['email status', post(url, '/v2/workspace/email/status', { ownerEmail: owner.ownerEmail })],
    ['ai rewrite', key('/v2/rewriter/ask-ai', { model: 'gpt-4o', prompt: 'p', text: 'hi' })],
    ['rival folders', key('/v2/organizations/folders/get', { organizationId: 'acme' }, rival)],
    [
      'email config',
      request(
        `${url}/_emulator/email-config?workspaceId=${owner.workspaceId}&apiKey=${owner.apiKey}`,
      ),
    ],
    ['ai keys', request(`${url}/_emulator/ai-keys/list?workspaceId=${owner.workspaceId}`)],
    ['activities', request(`${url}/_emulator/activities?${new URLSearchParams(inDoc).toString()}`)],
    ['presence', request(`${url}/_emulator/presence?${new URLSearchParams(inDoc).toString()}`)],
    ['live state', request(`${url}/_emulator/livestate?${new URLSearchParams(inDoc).toString()}`)],
    [
      'crdt',
      request(
        `${url}/_emulator/crdt?${new URLSearchParams({ ...inDoc, editorId: 'title' }).toString()}`,
      ),
    ],
    ['events', request(`${url}/_emulator/events?workspaceId=${owner.workspaceId}`)],
    ['jobs', request(`${url}/_emulator/jobs`)],
    ['outbox', request(`${url}/_emulator/outbox`)],
  ];
  const replies = await Promise.all(
    calls.map(async ([name, reply]) => [name, await reply] as const),
  );
  // A console-option error names its own emulator's address, which is all that may differ.
  const ownAddress = `${url}/_emulator/console-options`;
  return replies.map(([name, reply]) => [
    name,
    reply.status,
    reply.json === undefined
      ? undefined
      : JSON.parse(reply.text.replaceAll(ownAddress, 'EMULATOR/_emulator/console-options')),
  ]);
}

/** Every table of a fresh store: what a complete export must carry. */
function schemaTables(): string[] {
  const store = openStore();
  try {
    return store.state.tables().map((t) => t.name);
  } finally {
    store.close();
  }
}

const emptyTables = (doc: StateDocument) =>
  Object.entries(doc.tables).flatMap(([name, t]) => (t.rows.length === 0 ? [name] : []));

describe('export and import of the whole state', () => {
  it('moves every table into an emulator with another secret key, reads answering the same', async () => {
    const rich = await richEmulator();
    const doc = await exportState(rich.emulator.url);
    expect(doc).toMatchObject({ format: 'svc-emulator-state', version: 1 });
    // A table a fixture step forgot would round-trip vacuously: each must hold rows.
    expect(Object.keys(doc.tables).sort()).toEqual(schemaTables().sort());
    expect(emptyTables(doc)).toEqual([]);

    const ai = doc.tables.ai_keys;
    expect(ai?.rows[0]?.[ai.columns.indexOf('sealed_key')]).toEqual({ $secret: OPENAI_KEY });
    const crdt = doc.tables.crdt_editors;
    expect(crdt?.rows[0]?.[crdt.columns.indexOf('state')]).toEqual({
      $base64: expect.any(String) as string,
    });

    const target = await start();
    await imported(target.url, doc);
    expect(await exportState(target.url)).toEqual(doc);
    expect(await reads(target.url, rich)).toEqual(await reads(rich.emulator.url, rich));

    // The key still opens under the new emulator's own key, and the provider gets it.
    const rewrite = await post(
      target.url,
      '/v2/rewriter/ask-ai',
      { model: 'gpt-4o', prompt: 'p', text: 'moved' },
      keyHeaders(rich.owner),
    );
    expect(rewrite.json).toEqual(envelope.ai({ success: true, text: rewritten('moved') }));
    expect(provider.requests.at(-1)?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    const config = await request(
      `${target.url}/_emulator/email-config?workspaceId=${rich.owner.workspaceId}&apiKey=${rich.owner.apiKey}`,
    );
    expect(config.json).toMatchObject({ emailServiceConfig: { apiKey: '****cdef' } });

    // The credentials write too.
    const added = await post(
      target.url,
      '/v1/organizations/folders/add',
      { organizationId: 'acme', folders: [{ folderId: 'moved', folderName: 'Moved' }] },
      keyHeaders(rich.owner),
    );
    expect(added.status).toBe(200);
  });

  it('continues pending jobs under the importing emulator', async () => {
    const rich = await richEmulator();
    const target = await start({ jobDelay: 1 });
    await imported(target.url, await exportState(rich.emulator.url));
    const call = callAs(target, rich.owner);
    await waitUntil(async () => {
      const jobs = await adminRead<{ jobs: { status: string }[] }>(target.url, 'jobs', {});
      return jobs.jobs.every((job) => job.status === 'completed');
    });
    const docs = await call('/v1/organizations/documents/get', {
      organizationId: 'acme',
      documentIds: ['plan', 'plan-2'],
    });
    expect((expectSuccess(docs, 'documents.get') as { id: string }[]).map((d) => d.id)).toEqual([
      'plan-2',
    ]);
    // The source's jobs, held by its manual delay, have not moved.
    const source = await adminRead<{ jobs: { status: string }[] }>(rich.emulator.url, 'jobs', {});
    expect(source.jobs.map((job) => job.status)).toEqual(['pending', 'pending']);
  });

  it('puts the same emulator back as it was, without reusing event numbers', async () => {
    const rich = await richEmulator();
    const { url } = rich.emulator;
    const doc = await exportState(url);
    const call = callAs(rich.emulator, rich.owner);
    await call('/v2/livestate/broadcast', {
      organizationId: 'acme',
      documentId: 'plan',
      liveStateDataId: 'cursor',
      data: { x: 2 },
    });
    await createWorkspace(url, 'later@example.com');
    await adminPost(url, 'jobs/run', {});

    await imported(url, doc);
    expect(await exportState(url)).toEqual({
      ...doc,
      sequences: { ...doc.sequences, feed_events: (doc.sequences?.feed_events ?? 0) + 1 },
    });
    await call('/v2/livestate/broadcast', {
      organizationId: 'acme',
      documentId: 'plan',
      liveStateDataId: 'cursor',
      data: { x: 3 },
    });
    const events = await adminRead<{ events: { seq: number }[] }>(url, 'events', {
      workspaceId: rich.owner.workspaceId,
    });
    expect(events.events.at(-1)?.seq).toBe((doc.sequences?.feed_events ?? 0) + 2);
  });

  it('takes a document larger than any API request', async () => {
    const source = await start();
    const editors = ['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7'];
    const creds = await seedOrganizations(source.url, 'big@example.com', [
      {
        id: 'o',
        documents: [{ id: 'd' }],
        crdt: editors.map((editorId) => ({ documentId: 'd', editorId, type: 'text', data: '' })),
      },
    ]);
    const text = 'x'.repeat(90_000);
    for (const editorId of editors) {
      const reply = await post(
        source.url,
        '/v2/crdt/update',
        { organizationId: 'o', documentId: 'd', editorId, type: 'text', data: text },
        keyHeaders(creds),
      );
      expect(reply.status).toBe(200);
    }
    const doc = await exportState(source.url);
    expect(JSON.stringify(doc).length).toBeGreaterThan(1024 * 1024);
    const target = await start();
    await imported(target.url, doc);
    expect(await exportState(target.url)).toEqual(doc);
  });
});

/** The document with one table's rows replaced. */
function withRows(doc: StateDocument, table: string, rows: unknown[][]): StateDocument {
  const current = doc.tables[table];
  if (!current) throw new Error(`no table ${table}`);
  return { ...doc, tables: { ...doc.tables, [table]: { ...current, rows } } };
}

/** The rows with one column's value changed in each. */
function setColumn(doc: StateDocument, table: string, column: string, value: unknown): unknown[][] {
  const t = doc.tables[table];
  if (!t) throw new Error(`no table ${table}`);
  const at = t.columns.indexOf(column);
  return t.rows.map((row) => row.map((v, i) => (i === at ? value : v)));
}

/** The feed's seq numbers left out: one workspace's events are numbered anew on import. */
/** The document without the `seq` numbers a one-workspace import gives anew, in any table. */
function withoutSeq(doc: StateDocument): StateDocument {
  if (!doc.tables.feed_events) throw new Error('no feed_events table');
  let out = doc;
  for (const [name, table] of Object.entries(doc.tables)) {
    const at = table.columns.indexOf('seq');
    if (at === -1) continue;
    out = withRows(
      out,
      name,
      table.rows.map((row) => row.filter((_, i) => i !== at)),
    );
  }
  return out;
}

describe('export and import of one workspace', () => {
  it('replaces that workspace only, in another emulator and in the same one', async () => {
    const rich = await richEmulator();
    const { owner, rival } = rich;
    const doc = await exportState(rich.emulator.url, owner.workspaceId);
    expect(doc.workspaceId).toBe(owner.workspaceId);
    expect(doc.sequences).toBeUndefined();
    expect(doc.tables.workspaces?.rows).toHaveLength(1);
    // Every table reaches the workspace, so none is left behind.
    expect(emptyTables(doc)).toEqual([]);
    // The login link to an address that owns no workspace belongs to none.
    expect(doc.tables.outbox?.rows).toHaveLength(1);

    const target = await start();
    const other = await createWorkspace(target.url, 'other@example.com');
    await post(
      target.url,
      '/v2/livestate/broadcast',
      { organizationId: 'o', documentId: 'd', liveStateDataId: 'l', data: { mine: true } },
      keyHeaders(other),
    );
    const otherBefore = await exportState(target.url, other.workspaceId);

    await imported(target.url, doc);
    expect(withoutSeq(await exportState(target.url, owner.workspaceId))).toEqual(withoutSeq(doc));
    expect(await exportState(target.url, other.workspaceId)).toEqual(otherBefore);
    expectError(
      await request(`${target.url}/_emulator/export?workspaceId=${rival.workspaceId}`),
      404,
      'NOT_FOUND',
    );
    const folders = await post(
      target.url,
      '/v2/organizations/folders/get',
      { organizationId: 'acme' },
      keyHeaders(owner),
    );
    expect(folders.json).toEqual(
      (
        await post(
          rich.emulator.url,
          '/v2/organizations/folders/get',
          { organizationId: 'acme' },
          keyHeaders(owner),
        )
      ).json,
    );

    // Back in the source, the import undoes what happened since, and leaves the rival be.
    const call = callAs(rich.emulator, owner);
    await call('/v2/activities/delete', { organizationId: 'acme', documentId: 'plan' });
    await call('/v1/organizations/folders/add', {
      organizationId: 'acme',
      folders: [{ folderId: 'later', folderName: 'Later' }],
    });
    const rivalBefore = await exportState(rich.emulator.url, rival.workspaceId);
    await imported(rich.emulator.url, doc);
    expect(withoutSeq(await exportState(rich.emulator.url, owner.workspaceId))).toEqual(
      withoutSeq(doc),
    );
    expect(await exportState(rich.emulator.url, rival.workspaceId)).toEqual(rivalBefore);
  });

  it('refuses a workspace whose owner email another workspace has, changing nothing', async () => {
    const rich = await richEmulator();
    const doc = await exportState(rich.emulator.url, rich.owner.workspaceId);
    const target = await start();
    await createWorkspace(target.url, rich.owner.ownerEmail);
    const before = await exportState(target.url);
    const message = expectError(await importState(target.url, doc), 409, 'ALREADY_EXISTS');
    expect(message).toContain('owner_email');
    expect(await exportState(target.url)).toEqual(before);
  });

  it('refuses rows of another workspace in a one-workspace document', async () => {
    const rich = await richEmulator();
    const whole = await exportState(rich.emulator.url);
    const one = await exportState(rich.emulator.url, rich.owner.workspaceId);
    const smuggled = withRows(one, 'organizations', whole.tables.organizations?.rows ?? []);
    const target = await start();
    const message = expectError(await importState(target.url, smuggled), 400, 'INVALID_ARGUMENT');
    expect(message).toContain('tables.organizations: holds rows of another workspace');
    const after = await exportState(target.url);
    expect(Object.values(after.tables).flatMap((t) => t.rows)).toEqual([]);
  });
});

describe('a bad document', () => {
  it.each<[string, (doc: StateDocument) => unknown, string]>([
    ['not JSON', () => '{"format":', 'not valid JSON'],
    ['empty', () => ({}), 'format'],
    ['another format', (d) => ({ ...d, format: 'other' }), 'format'],
    ['another version', (d) => ({ ...d, version: 2 }), 'version'],
    ['another schema', (d) => ({ ...d, schemaVersion: d.schemaVersion + 1 }), 'schema version'],
    [
      'a table missing',
      (d) => ({ ...d, tables: Object.fromEntries(Object.entries(d.tables).slice(1)) }),
      'tables.',
    ],
    [
      'an unknown table',
      (d) => ({ ...d, tables: { ...d.tables, extra: { columns: [], rows: [] } } }),
      'extra',
    ],
    [
      'an unknown column',
      (d) => ({
        ...d,
        tables: { ...d.tables, ai_keys: { ...d.tables.ai_keys, columns: ['a', 'b', 'c', 'd'] } },
      }),
      'tables.ai_keys.columns',
    ],
    ['a short row', (d) => withRows(d, 'ai_keys', [['x']]), 'tables.ai_keys.rows[0]'],
    [
      'a number in a text column',
      (d) => withRows(d, 'workspaces', setColumn(d, 'workspaces', 'name', 5)),
      'tables.workspaces.rows[0][1]',
    ],
    [
      'a sealed value not in clear',
      (d) => withRows(d, 'ai_keys', setColumn(d, 'ai_keys', 'sealed_key', 'c2VhbGVk')),
      '$secret',
    ],
    [
      'bytes that are not base64',
      (d) => withRows(d, 'crdt_editors', setColumn(d, 'crdt_editors', 'state', { $base64: '%%' })),
      'tables.crdt_editors.rows[0]',
    ],
    [
      'a row whose organization is not there',
      (d) => withRows(d, 'organizations', []),
      'is not there',
    ],
    [
      'two rows with one key',
      (d) => {
        const rows = d.tables.workspaces?.rows ?? [];
        return withRows(d, 'workspaces', [...rows, ...rows]);
      },
      'tables.workspaces.rows',
    ],
    ['sequences in a one-workspace document', (d) => ({ ...d, workspaceId: 'w' }), 'sequences'],
  ])('%s: INVALID_ARGUMENT, and nothing changes', async (_name, spoil, expected) => {
    const rich = await richEmulator();
    const before = await exportState(rich.emulator.url);
    const message = expectError(
      await importState(rich.emulator.url, spoil(before)),
      400,
      'INVALID_ARGUMENT',
    );
    expect(message).toContain(expected);
    expect(await exportState(rich.emulator.url)).toEqual(before);
  });
});

describe('links in an imported outbox', () => {
  /** An emulator whose outbox holds one login link, and its export. */
  async function withLoginLink(): Promise<{ emulator: RunningEmulator; doc: StateDocument }> {
    const emulator = await start();
    const sent = await post(emulator.url, '/v2/workspace/email/send-login-link', {
      email: 'linked@example.com',
      continueUrl: 'http://localhost/welcome',
    });
    expect(sent.status).toBe(200);
    return { emulator, doc: await exportState(emulator.url) };
  }

  const outboxText = async (url: string) => (await request(`${url}/_emulator/outbox`)).text;

  it.each([
    ['a javascript: link', 'link', 'javascript:alert(document.cookie)'],
    ['a link to another page', 'link', 'https://phish.example/_emulator/verify?token=x'],
    ['a continue URL on a foreign host', 'continue_url', 'https://evil.example/'],
    ['a javascript: continue URL', 'continue_url', 'javascript:alert(1)'],
  ])('refuses %s, as when a link is made, and changes nothing', async (_case, column, value) => {
    const { emulator, doc } = await withLoginLink();
    const before = await outboxText(emulator.url);
    const reply = await importState(
      emulator.url,
      withRows(doc, 'outbox', setColumn(doc, 'outbox', column, value)),
    );
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('tables.outbox.rows[0]');
    expect(await outboxText(emulator.url)).toBe(before);
    expect(before).not.toContain(value);
  });

  it('takes the links the emulator made, and their verify link still continues where it was asked to', async () => {
    const { emulator, doc } = await withLoginLink();
    const other = await start();
    await imported(other.url, doc);
    const [row] = doc.tables.outbox?.rows ?? [];
    const link = row?.[doc.tables.outbox?.columns.indexOf('link') ?? -1];
    expect(typeof link).toBe('string');
    const verify = await request(
      `${other.url}${new URL(link as string).pathname}${new URL(link as string).search}`,
    );
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('http://localhost/welcome');
    expect(emulator.url).not.toBe(other.url);
  });
});

describe('the export call', () => {
  it('answers NOT_FOUND for an unknown workspace and INVALID_ARGUMENT for other queries', async () => {
    const emulator = await start();
    expectError(
      await request(`${emulator.url}/_emulator/export?workspaceId=nope`),
      404,
      'NOT_FOUND',
    );
    expectError(await request(`${emulator.url}/_emulator/export?all=1`), 400, 'INVALID_ARGUMENT');
    expectError(await request(`${emulator.url}/_emulator/import`), 400, 'INVALID_ARGUMENT');
  });

  it('fails with FAILED_PRECONDITION when a sealed value does not open with its key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-export-test-'));
    try {
      const first = await start({ dataDir });
      const creds = await createWorkspace(first.url, 'keys@example.com');
      await adminPost(first.url, 'ai-keys', {
        workspaceId: creds.workspaceId,
        provider: 'openai',
        apiKey: OPENAI_KEY,
      });
      await first.close();
      writeFileSync(join(dataDir, 'emulator.key'), `${randomBytes(32).toString('base64')}\n`);
      const second = await start({ dataDir });
      const message = expectError(
        await request(`${second.url}/_emulator/export`),
        400,
        'FAILED_PRECONDITION',
      );
      expect(message).toContain('ai_keys.sealed_key');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
