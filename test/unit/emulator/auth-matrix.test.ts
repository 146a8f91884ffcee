import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, operations } from '../../../src/catalogue/operations.js';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import {
  type Credentials,
  createWorkspace,
  expectError,
  keyHeaders,
  post,
  request,
  workspaceHeaders,
} from './helpers.js';
import { validRequests } from './valid-requests.js';

/**
 * Every operation with every kind of wrong credentials gets the documented status
 * (wire-notes, "Credentials"), and valid credentials of one workspace never reach another
 * workspace's data.
 */

let emulator: RunningEmulator;
let a: Credentials;
let b: Credentials;

beforeAll(async () => {
  emulator = await startEmulator({ createRateLimit: 0 });
  a = await createWorkspace(emulator.url, 'matrix-a@example.com');
  b = await createWorkspace(emulator.url, 'matrix-b@example.com');
});
afterAll(() => emulator.close());

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
];

describe.each(keyLevel.map((op) => [op.name, op] as const))('%s (key level)', (name, op) => {
  it.each(keyCases)('refuses %s', async (_case, headers, http, status) => {
    expectError(await post(emulator.url, op.path, validRequests[name], headers()), http, status);
  });
});

describe.each(workspaceLevel.map((op) => [op.name, op] as const))(
  '%s (workspace level)',
  (name, op) => {
    it.each(workspaceCases)('refuses %s', async (_case, headers, http, status) => {
      expectError(await post(emulator.url, op.path, validRequests[name], headers()), http, status);
    });
  },
);

describe('isolation between workspaces', () => {
  it("one workspace's writes are invisible to the other's key", async () => {
    const seeded = await request(`${emulator.url}/_emulator/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        workspaces: [
          {
            ownerEmail: 'matrix-a@example.com',
            organizations: [{ id: 'shared-name', name: 'A', documents: [{ id: 'secret-doc' }] }],
          },
        ],
      }),
    });
    expect(seeded.status).toBe(200);

    const get = operation('documents.get');
    const fromA = await post(
      emulator.url,
      get.path,
      { organizationId: 'shared-name' },
      keyHeaders(a),
    );
    const fromB = await post(
      emulator.url,
      get.path,
      { organizationId: 'shared-name' },
      keyHeaders(b),
    );
    expect(JSON.stringify(fromA.json)).toContain('secret-doc');
    expect(JSON.stringify(fromB.json)).not.toContain('secret-doc');
  });

  it("a workspace cannot read another workspace's key tokens", async () => {
    const tokens = operation('workspace.authTokens');
    expectError(
      await post(emulator.url, tokens.path, { apiKey: b.apiKey }, workspaceHeaders(a)),
      404,
      'NOT_FOUND',
    );
  });
});
