import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../src/emulator/store/sqlite.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operation } from '../../../src/catalogue/types.js';
import { operation, operations } from '../../../src/catalogue/operations.js';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import {
  type BIds,
  type CrossCase,
  crossWorkspaceCases,
  fixtureA,
  fixtureB,
  MARKER,
  runtimeWrites,
  unknownIds,
} from './cross-workspace.js';
import {
  type Credentials,
  createWorkspace,
  expectError,
  expectSuccess,
  keyHeaders,
  post,
  type Reply,
  workspaceHeaders,
} from './helpers.js';
import { adminPost } from './jobs.js';
import { validRequests } from './valid-requests.js';
import { useEmulator } from './fixture.js';

/**
 * Every operation with every kind of wrong credentials gets the documented status
 * (docs/wire-notes.md, "Credentials"), and valid credentials of one workspace never read or change
 * another workspace's data.
 */

const emu = useEmulator({ shared: true, rateLimits: { 'workspace.create': 0 } });
let a: Credentials;
let b: Credentials;
const tally = { rejected: 0, reads: 0, writes: 0, leaks: 0 };

beforeAll(async () => {
  a = await createWorkspace(emu.url, 'matrix-a@example.com');
  b = await createWorkspace(emu.url, 'matrix-b@example.com');
});
afterAll(() => {
  console.log(
    `auth matrix: ${keyLevel.length} key-level operations x ${keyCases.length} cases + ` +
      `${workspaceLevel.length} workspace-level x ${workspaceCases.length} = ` +
      `${tally.rejected} rejected as documented; cross-workspace: ${tally.reads} reads, ` +
      `${tally.writes} writes, ${tally.leaks} leaks`,
  );
});

const keyLevel = operations.filter((op) => op.auth === 'key');
const workspaceLevel = operations.filter((op) => op.auth === 'workspace');

type Case = [string, () => Record<string, string>, number, string];

const keyCases: Case[] = [
  ['no credentials', () => ({}), 400, 'INVALID_ARGUMENT'],
  [
    'a wrong token',
    () => keyHeaders({ apiKey: a.apiKey, authToken: 'not-a-token' }),
    403,
    'PERMISSION_DENIED',
  ],
  [
    'an unknown key',
    () => keyHeaders({ apiKey: 'no-such-key', authToken: a.authToken }),
    403,
    'PERMISSION_DENIED',
  ],
  [
    "another workspace's token with this key",
    () => keyHeaders({ apiKey: a.apiKey, authToken: b.authToken }),
    403,
    'PERMISSION_DENIED',
  ],
  [
    'the workspace token as the key token',
    () => keyHeaders({ apiKey: a.apiKey, authToken: a.workspaceToken }),
    403,
    'PERMISSION_DENIED',
  ],
  ['workspace-level headers', () => workspaceHeaders(a), 400, 'INVALID_ARGUMENT'],
];

const workspaceCases: Case[] = [
  ['no credentials', () => ({}), 400, 'INVALID_ARGUMENT'],
  [
    'a wrong token',
    () => workspaceHeaders({ workspaceId: a.workspaceId, workspaceToken: 'nope' }),
    401,
    'UNAUTHENTICATED',
  ],
  [
    "another workspace's token",
    () => workspaceHeaders({ workspaceId: a.workspaceId, workspaceToken: b.workspaceToken }),
    401,
    'UNAUTHENTICATED',
  ],
  [
    'an unknown workspace',
    () => workspaceHeaders({ workspaceId: 'no-such-ws', workspaceToken: a.workspaceToken }),
    404,
    'NOT_FOUND',
  ],
  ['key-level headers', () => keyHeaders(a), 400, 'INVALID_ARGUMENT'],
  [
    'a wrong token under the name the workspace pages give it',
    () => ({
      'x-service-workspace-id': a.workspaceId,
      'x-service-workspace-auth-token': 'nope',
    }),
    401,
    'UNAUTHENTICATED',
  ],
  [
    'the two token names holding different tokens',
    () => ({
      ...workspaceHeaders(a),
      'x-service-workspace-auth-token': b.workspaceToken,
    }),
    400,
    'INVALID_ARGUMENT',
  ],
];

describe.each(keyLevel.map((op) => [op.name, op] as const))('%s (key level)', (name, op) => {
  it.each(keyCases)('refuses %s', async (_case, headers, http, status) => {
    expectError(await post(emu.url, op.path, validRequests[name], headers()), http, status);
    tally.rejected++;
  });
});

describe.each(workspaceLevel.map((op) => [op.name, op] as const))(
  '%s (workspace level)',
  (name, op) => {
    it.each(workspaceCases)('refuses %s', async (_case, headers, http, status) => {
      expectError(await post(emu.url, op.path, validRequests[name], headers()), http, status);
      tally.rejected++;
    });
  },
);

describe('the workspace token under the name the workspace pages give it', () => {
  it('is taken in place of x-service-auth-token, or beside it when they agree', async () => {
    const op = operation('workspace.authTokens');
    const alone = {
      'x-service-workspace-id': a.workspaceId,
      'x-service-workspace-auth-token': a.workspaceToken,
    };
    expect((await post(emu.url, op.path, { apiKey: a.apiKey }, alone)).status).toBe(200);
    const both = { ...workspaceHeaders(a), 'x-service-workspace-auth-token': a.workspaceToken };
    expect((await post(emu.url, op.path, { apiKey: a.apiKey }, both)).status).toBe(200);
  });
});

/** A fixed clock: an answer read twice differs only if the data behind it does. */
const CLOCK = 1_750_000_000_000;

describe('no operation reads or changes another workspace', () => {
  let iso: RunningEmulator;
  let dataDir: string;
  let wsA: Credentials;
  let wsB: Credentials;
  let bIds: BIds;
  /** A's answers before B existed, by operation and request. */
  const before = new Map<string, Reply>();

  const send = (c: Credentials, op: Operation, data: unknown) =>
    post(iso.url, op.path, data, op.auth === 'workspace' ? workspaceHeaders(c) : keyHeaders(c));

  const seed = async (fixture: unknown) =>
    expect((await adminPost(iso.url, 'seed', fixture)).status).toBe(200);

  /** Writes through the API what a fixture cannot hold; answers each operation's data. */
  async function writeAs(c: Credentials, isB: boolean): Promise<Map<string, unknown>> {
    const answers = new Map<string, unknown>();
    for (const [name, data] of runtimeWrites(isB)) {
      answers.set(name, expectSuccess(await send(c, operation(name), data), name));
    }
    return answers;
  }

  /** The operations whose case is of `kind`, in catalogue order. */
  function cases<K extends CrossCase['kind']>(kind: K) {
    return operations.flatMap((op) => {
      const c = crossWorkspaceCases[op.name];
      return c.kind === kind ? [[op.name, op, c as Extract<CrossCase, { kind: K }>] as const] : [];
    });
  }

  /** Every row of B's: any row that names B's workspace or its API key. */
  function rowsOfB(): string[] {
    const db = openDatabase(join(dataDir, 'emulator.db'), { readOnly: true });
    try {
      const needles = [wsB.workspaceId, wsB.apiKey];
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .pluck()
        .all() as string[];
      return tables
        .flatMap((table) =>
          (db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[])
            .filter((row) => Object.values(row).some((v) => needles.includes(v as string)))
            .map((row) => `${table} ${JSON.stringify(row)}`),
        )
        .sort();
    } finally {
      db.close();
    }
  }

  /** What of B's an answer holds: its content, or its secrets. */
  function leaksIn(reply: Reply): string[] {
    const found = [MARKER, wsB.authToken, wsB.workspaceToken].filter((s) => reply.text.includes(s));
    tally.leaks += found.length;
    return found;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'svc-isolation-'));
    // Nowhere to reach: an AI call made with a key would fail differently from one without.
    const nowhere = 'http://127.0.0.1:9';
    iso = await startEmulator({
      rateLimits: { 'workspace.create': 0 },
      dataDir,
      now: () => CLOCK,
      jobDelay: 0,
      aiProviderUrls: { openai: nowhere, anthropic: nowhere, google: nowhere },
    });

    wsA = await createWorkspace(iso.url, 'isolation-a@example.com');
    await seed(fixtureA('isolation-a@example.com'));
    await writeAs(wsA, false);
    for (const [name, op, c] of cases('read')) {
      for (const [i, data] of c.requests(unknownIds).entries()) {
        before.set(`${name}#${i}`, await send(wsA, op, data));
      }
    }

    wsB = await createWorkspace(iso.url, 'isolation-b@example.com');
    await seed(fixtureB('isolation-b@example.com'));
    const answers = await writeAs(wsB, true);
    expect(
      (
        await adminPost(iso.url, 'ai-keys', {
          workspaceId: wsB.workspaceId,
          provider: 'openai',
          apiKey: `${MARKER}-ai-key`,
        })
      ).status,
    ).toBe(200);
    bIds = {
      apiKey: wsB.apiKey,
      migrationId: (answers.get('documents.migrate') as { migrationId: string }).migrationId,
      purgeJobId: (answers.get('users.purge') as { jobId: string }).jobId,
      endpointId: (answers.get('webhooks.endpoints.create') as { id: string }).id,
    };
  });
  afterAll(async () => {
    await iso.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has a case for every operation of the catalogue, public exactly when it takes no credentials', () => {
    for (const op of operations) {
      const c = (crossWorkspaceCases as Partial<Record<string, CrossCase>>)[op.name];
      expect(c, `no cross-workspace case for ${op.name}`).toBeDefined();
      expect(c?.kind === 'public', op.name).toBe(op.auth === 'public');
    }
  });

  it.each(cases('read'))(
    "%s: A's answers are those it got before B existed, with nothing of B's",
    async (name, op, c) => {
      for (const [i, data] of c.requests(bIds).entries()) {
        const reply = await send(wsA, op, data);
        tally.reads++;
        expect(leaksIn(reply), JSON.stringify(data)).toEqual([]);
        // B's ids, put back to the never-issued ones A asked about at first.
        let text = reply.text;
        for (const key of Object.keys(bIds) as (keyof BIds)[]) {
          text = text.replaceAll(bIds[key], unknownIds[key]);
        }
        const earlier = before.get(`${name}#${i}`);
        expect({ status: reply.status, text }, JSON.stringify(data)).toEqual({
          status: earlier?.status,
          text: earlier?.text,
        });
      }
    },
  );

  it.each(cases('write'))(
    "%s with A's key leaves every row of B's as it was",
    async (name, op, c) => {
      const rows = rowsOfB();
      for (const [i, data] of c.requests(bIds).entries()) {
        const reply = await send(wsA, op, data);
        tally.writes++;
        expect(leaksIn(reply), JSON.stringify(data)).toEqual([]);
        if (i === 0) expect(reply.status, `${name}: ${reply.text}`).toBe(op.successStatus);
      }
      expect(rowsOfB()).toEqual(rows);
    },
  );
});
