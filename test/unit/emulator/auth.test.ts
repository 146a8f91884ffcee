import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Credentials,
  createWorkspace,
  expectError,
  expectSuccess,
  keyHeaders,
  post,
  workspaceHeaders,
} from './helpers.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ shared: true });
let alice: Credentials;
let bob: Credentials;

beforeAll(async () => {
  alice = await createWorkspace(emu.url, 'alice@example.com');
  bob = await createWorkspace(emu.url, 'bob@example.com');
});

const tokensPath = '/v2/workspace/authtokens/get';
const keyPath = '/v2/organizations/folders/get';
const keyData = { organizationId: 'org-1' };

describe('workspace-level credentials', () => {
  const send = (headers: Record<string, string>) =>
    post(emu.url, tokensPath, { apiKey: alice.apiKey }, headers);

  it('accepts the workspace id with its own token', async () => {
    expectSuccess(await send(workspaceHeaders(alice)), 'workspace.authTokens');
  });

  it('answers INVALID_ARGUMENT for a missing header', async () => {
    const noToken = await send({ 'x-service-workspace-id': alice.workspaceId });
    expect(expectError(noToken, 400, 'INVALID_ARGUMENT')).toBe('Auth Token not found in headers.');
    const noId = await send({ 'x-service-auth-token': alice.workspaceToken });
    expectError(noId, 400, 'INVALID_ARGUMENT');
    expectError(await send({}), 400, 'INVALID_ARGUMENT');
    const blank = await send({
      'x-service-workspace-id': alice.workspaceId,
      'x-service-auth-token': ' ',
    });
    expectError(blank, 400, 'INVALID_ARGUMENT');
  });

  it('answers NOT_FOUND for an unknown workspace', async () => {
    const reply = await send({
      'x-service-workspace-id': 'no-such-workspace',
      'x-service-auth-token': alice.workspaceToken,
    });
    expectError(reply, 404, 'NOT_FOUND');
  });

  it('answers UNAUTHENTICATED for a wrong token, including another workspace token', async () => {
    expectError(
      await send({ ...workspaceHeaders(alice), 'x-service-auth-token': 'wrong-token' }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await send({ ...workspaceHeaders(alice), 'x-service-auth-token': bob.workspaceToken }),
      401,
      'UNAUTHENTICATED',
    );
    // A key's auth token is not the workspace token.
    expectError(
      await send({ ...workspaceHeaders(alice), 'x-service-auth-token': alice.authToken }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('does not accept key-level headers', async () => {
    expectError(await send(keyHeaders(alice)), 400, 'INVALID_ARGUMENT');
  });
});

describe('key-level credentials', () => {
  const send = (headers: Record<string, string>) => post(emu.url, keyPath, keyData, headers);

  it('accepts a key with its own token (and reaches the operation)', async () => {
    expect(expectSuccess(await send(keyHeaders(alice)), 'folders.get')).toEqual([]);
    expect(expectSuccess(await send(keyHeaders(bob)), 'folders.get')).toEqual([]);
  });

  it('answers INVALID_ARGUMENT for a missing header', async () => {
    const noToken = await send({ 'x-service-api-key': alice.apiKey });
    expect(expectError(noToken, 400, 'INVALID_ARGUMENT')).toBe('Auth Token not found in headers.');
    expectError(await send({ 'x-service-auth-token': alice.authToken }), 400, 'INVALID_ARGUMENT');
    expectError(await send({}), 400, 'INVALID_ARGUMENT');
  });

  it('answers PERMISSION_DENIED for an unknown key', async () => {
    expectError(
      await send({ 'x-service-api-key': 'no-such-key', 'x-service-auth-token': alice.authToken }),
      403,
      'PERMISSION_DENIED',
    );
  });

  it('answers PERMISSION_DENIED for a wrong token of a real key', async () => {
    expectError(
      await send({ ...keyHeaders(alice), 'x-service-auth-token': 'wrong-token' }),
      403,
      'PERMISSION_DENIED',
    );
    // The workspace token is not a key token.
    expectError(
      await send({ ...keyHeaders(alice), 'x-service-auth-token': alice.workspaceToken }),
      403,
      'PERMISSION_DENIED',
    );
  });

  it("answers PERMISSION_DENIED for another workspace's key with this workspace's token", async () => {
    expectError(
      await send({ 'x-service-api-key': bob.apiKey, 'x-service-auth-token': alice.authToken }),
      403,
      'PERMISSION_DENIED',
    );
  });

  it('does not accept workspace-level headers', async () => {
    expectError(await send(workspaceHeaders(alice)), 400, 'INVALID_ARGUMENT');
  });
});

describe('public operations', () => {
  it('ignore credential headers, even wrong ones', async () => {
    const reply = await post(
      emu.url,
      '/v2/workspace/email/status',
      { ownerEmail: 'alice@example.com' },
      { ...keyHeaders({ apiKey: 'junk', authToken: 'junk' }), 'x-service-workspace-id': 'junk' },
    );
    expect(expectSuccess(reply, 'workspace.emailStatus')).toEqual({ verified: false });
  });
});

describe('check order', () => {
  it('authenticates before validating data', async () => {
    const reply = await post(emu.url, keyPath, { organizationId: 7 }, {});
    expectError(reply, 400, 'INVALID_ARGUMENT');
    expect((reply.json as { error: { message: string } }).error.message).toContain('headers');
    const denied = await post(
      emu.url,
      keyPath,
      { organizationId: 7 },
      { ...keyHeaders(alice), 'x-service-auth-token': 'x' },
    );
    expectError(denied, 403, 'PERMISSION_DENIED');
  });

  it('validates data of an authenticated call before running the operation', async () => {
    const reply = await post(emu.url, keyPath, { organizationId: 7 }, keyHeaders(alice));
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('data.organizationId');
  });
});
