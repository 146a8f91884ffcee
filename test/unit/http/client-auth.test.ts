import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { CredentialsError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
import { authHeaders } from '../../../src/http/client.js';
import { envelope } from '../../support/envelopes.js';
import {
  API_KEY,
  AUTH_TOKEN,
  WORKSPACE_ID,
  WORKSPACE_TOKEN,
  rejection,
  thrown,
  useHarnesses,
} from './harness.js';

const setup = useHarnesses();

function serviceHeaders(headers: Record<string, string | string[]> | null | undefined): string[] {
  return Object.keys(headers ?? {})
    .filter((k) => k.toLowerCase().startsWith('x-service-'))
    .sort();
}

describe('auth headers by level', () => {
  it('public: none of the x-service-* headers', async () => {
    const h = setup();
    h.pool
      .intercept({
        path: operation('workspace.emailStatus').path,
        method: 'POST',
        headers: (headers) => serviceHeaders(headers).length === 0,
      })
      .reply(200, envelope.standard({ verified: false }));
    await h.client.call(operation('workspace.emailStatus'), { ownerEmail: 'owner@example.com' });
    const sent = h.calls()[0]?.headers;
    expect(serviceHeaders(sent)).toEqual([]);
    expect(sent).toMatchObject({ 'content-type': 'application/json', accept: 'application/json' });
  });

  it('workspace: the workspace id and the workspace token, and no API key', async () => {
    const h = setup();
    h.pool
      .intercept({
        path: operation('workspace.authTokens').path,
        method: 'POST',
        headers: {
          'x-service-workspace-id': WORKSPACE_ID,
          'x-service-auth-token': WORKSPACE_TOKEN,
        },
      })
      .reply(200, envelope.standard({ apiKey: API_KEY, authTokens: [] }));
    await h.client.call(operation('workspace.authTokens'), { apiKey: API_KEY });
    const sent = h.calls()[0]?.headers;
    expect(serviceHeaders(sent)).toEqual(['x-service-auth-token', 'x-service-workspace-id']);
    expect(sent?.['x-service-workspace-id']).toBe(WORKSPACE_ID);
    expect(sent?.['x-service-auth-token']).toBe(WORKSPACE_TOKEN);
  });

  it("key: the API key and the key's auth token, and no workspace id", async () => {
    const h = setup();
    h.pool
      .intercept({
        path: operation('documents.get').path,
        method: 'POST',
        headers: { 'x-service-api-key': API_KEY, 'x-service-auth-token': AUTH_TOKEN },
      })
      .reply(200, envelope.standard([]));
    await h.client.call(operation('documents.get'), { organizationId: 'org-1' });
    const sent = h.calls()[0]?.headers;
    expect(serviceHeaders(sent)).toEqual(['x-service-api-key', 'x-service-auth-token']);
    expect(sent?.['x-service-api-key']).toBe(API_KEY);
    expect(sent?.['x-service-auth-token']).toBe(AUTH_TOKEN);
  });

  it('options.credentials replace the resolved ones for that call', async () => {
    const h = setup();
    const fresh = { workspaceId: 'ws_new_000001', workspaceToken: 'wstok-new-fedcba987654' };
    h.pool
      .intercept({
        path: operation('workspace.authTokens').path,
        method: 'POST',
        headers: {
          'x-service-workspace-id': fresh.workspaceId,
          'x-service-auth-token': fresh.workspaceToken,
        },
      })
      .reply(200, envelope.standard({ apiKey: 'key_new', authTokens: [] }));
    await h.client.call(
      operation('workspace.authTokens'),
      { apiKey: 'key_new' },
      { credentials: fresh },
    );
    expect(h.calls()[0]?.headers?.['x-service-auth-token']).toBe(fresh.workspaceToken);
  });

  it('options.credentials that lack the pair fail even when the resolved ones have it', async () => {
    const h = setup();
    const err = await rejection(
      h.client.call(
        operation('documents.get'),
        { organizationId: 'org-1' },
        { credentials: { workspaceId: 'ws_new_000001', workspaceToken: 'wstok-new-fedcba987654' } },
      ),
    );
    expect(err).toBeInstanceOf(CredentialsError);
    expect(h.calls()).toHaveLength(0);
  });
});

describe('missing credentials', () => {
  it('workspace level without a workspace token: CredentialsError (exit 3), nothing sent', async () => {
    const h = setup({
      credentials: { workspaceId: WORKSPACE_ID, apiKey: API_KEY, authToken: AUTH_TOKEN },
    });
    const err = await rejection(
      h.client.call(operation('workspace.authTokens'), { apiKey: API_KEY }),
    );
    expect(err).toBeInstanceOf(CredentialsError);
    expect((err as CredentialsError).message).toBe('workspace credentials are missing');
    expect((err as CredentialsError).hint).toMatch(/svc auth login/);
    expect(exitCodeFor(err)).toBe(3);
    expect(h.calls()).toHaveLength(0);
    expect(h.trace).toEqual([]);
  });

  it('key level without an auth token: CredentialsError (exit 3), nothing sent', async () => {
    const h = setup({ credentials: { apiKey: API_KEY } });
    const err = await rejection(h.client.call(operation('documents.get'), { organizationId: 'o' }));
    expect(err).toBeInstanceOf(CredentialsError);
    expect((err as CredentialsError).message).toBe('API key credentials are missing');
    expect(exitCodeFor(err)).toBe(3);
    expect(h.calls()).toHaveLength(0);
  });

  it('public level needs no credentials at all', async () => {
    const h = setup({ credentials: {} });
    h.pool
      .intercept({ path: operation('workspace.emailStatus').path, method: 'POST' })
      .reply(200, envelope.standard({ verified: true }));
    const res = await h.client.call(operation('workspace.emailStatus'), { ownerEmail: 'a@b.co' });
    expect(res.data).toEqual({ verified: true });
  });

  it('describe() also refuses without credentials', () => {
    const h = setup({ credentials: {} });
    const err = thrown(() =>
      h.client.describe(operation('documents.get'), { organizationId: 'o' }),
    );
    expect(err).toBeInstanceOf(CredentialsError);
  });
});

describe('authHeaders', () => {
  const all = {
    workspaceId: WORKSPACE_ID,
    workspaceToken: WORKSPACE_TOKEN,
    apiKey: API_KEY,
    authToken: AUTH_TOKEN,
  };

  it('returns exactly the pair of the level', () => {
    expect(authHeaders('public', all)).toEqual({});
    expect(authHeaders('workspace', all)).toEqual({
      'x-service-workspace-id': WORKSPACE_ID,
      'x-service-auth-token': WORKSPACE_TOKEN,
    });
    expect(authHeaders('key', all)).toEqual({
      'x-service-api-key': API_KEY,
      'x-service-auth-token': AUTH_TOKEN,
    });
  });

  it('does not fall back to the other pair', () => {
    expect(
      thrown(() =>
        authHeaders('key', { workspaceId: WORKSPACE_ID, workspaceToken: WORKSPACE_TOKEN }),
      ),
    ).toBeInstanceOf(CredentialsError);
    expect(
      thrown(() => authHeaders('workspace', { apiKey: API_KEY, authToken: AUTH_TOKEN })),
    ).toBeInstanceOf(CredentialsError);
  });
});

describe('credentials withheld because they belong to another service', () => {
  const why = new CredentialsError('the credentials of profile "p" were stored for elsewhere');

  it('a public call is sent without them', async () => {
    const h = setup({ credentials: {}, withheld: why });
    h.pool
      .intercept({ path: operation('workspace.emailStatus').path, method: 'POST' })
      .reply(200, envelope.standard({ verified: true }));
    const result = await h.client.call(operation('workspace.emailStatus'), {
      ownerEmail: 'owner@example.com',
    });
    expect(result.data).toEqual({ verified: true });
  });

  it('a call that needs them fails with the reason, and nothing is sent', async () => {
    const h = setup({ credentials: {}, withheld: why });
    const err = await rejection(
      h.client.call(operation('documents.get'), { organizationId: 'acme' }),
    );
    expect(err).toBe(why);
    expect(h.calls()).toHaveLength(0);
  });
});
