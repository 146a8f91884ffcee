import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { REDACTED, Redactor } from '../../../src/http/redact.js';
import { envelope } from '../../support/envelopes.js';
import { API_KEY, AUTH_TOKEN, WORKSPACE_TOKEN, rejection, useHarnesses } from './harness.js';

const setup = useHarnesses();

const NEW_WORKSPACE_TOKEN = 'wstok-new-5e5e5e5e5e5e';
const LISTED_TOKEN_1 = 'listed-token-aaaaaaaaaaaa';
const LISTED_TOKEN_2 = 'listed-token-bbbbbbbbbbbb';
const PROVIDER_KEY = 'SG.provider-key-cccccccccccc';

const allSecrets = [
  WORKSPACE_TOKEN,
  AUTH_TOKEN,
  NEW_WORKSPACE_TOKEN,
  LISTED_TOKEN_1,
  LISTED_TOKEN_2,
  PROVIDER_KEY,
];

function expectNoSecret(lines: readonly string[]): void {
  for (const line of lines) {
    for (const secret of allSecrets) expect(line).not.toContain(secret);
  }
}

describe('the debug trace never shows a secret', () => {
  it('workspace create, then its tokens with the new credentials, then the email config', async () => {
    // Nothing registered: field and header names alone must hide the secrets in bodies.
    const h = setup({ redactor: new Redactor() });
    const create = operation('workspace.create');
    const tokens = operation('workspace.authTokens');
    const email = operation('workspace.emailConfig');

    h.pool.intercept({ path: create.path, method: 'POST' }).reply(
      200,
      envelope.standard({
        id: 'ws_new',
        name: 'New',
        owner: { email: 'o@example.com', id: 'u', name: 'O', avatar: '' },
        authToken: NEW_WORKSPACE_TOKEN,
        apiKeyList: { key_new: { apiKeyName: 'k', id: 'key_new', type: 'testing' } },
      }),
    );
    h.pool.intercept({ path: tokens.path, method: 'POST' }).reply(
      200,
      envelope.standard({
        apiKey: 'key_new',
        authTokens: [
          { token: LISTED_TOKEN_1, name: 'Default Auth Token', domains: [] },
          { token: LISTED_TOKEN_2, name: 'Second', domains: ['example.com'] },
        ],
      }),
    );
    h.pool.intercept({ path: email.path, method: 'POST' }).reply(
      200,
      envelope.standard({
        useEmailService: true,
        emailServiceConfig: { type: 'sendgrid', apiKey: PROVIDER_KEY, fromEmail: 'a@b.co' },
      }),
    );

    await h.client.call(create, { ownerEmail: 'o@example.com' });
    await h.client.call(
      tokens,
      { apiKey: 'key_new' },
      { credentials: { workspaceId: 'ws_new', workspaceToken: NEW_WORKSPACE_TOKEN } },
    );
    await h.client.call(email, {
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid', apiKey: PROVIDER_KEY },
    });

    // The secrets really were on the wire, so the check below is meaningful.
    const wire = h.calls().map((c) => `${JSON.stringify(c.headers)} ${c.body ?? ''}`);
    expect(wire.join('\n')).toContain(NEW_WORKSPACE_TOKEN);
    expect(wire.join('\n')).toContain(PROVIDER_KEY);
    expect(wire.join('\n')).toContain(AUTH_TOKEN);

    expectNoSecret(h.trace);
    const joined = h.trace.join('\n');
    expect(joined).toContain(`"authToken":"${REDACTED}"`);
    expect(joined).toContain(`"token":"${REDACTED}"`);
    expect(joined).toContain(`"apiKey":"${REDACTED}"`);
    expect(h.trace).toContain(`> x-service-auth-token: ${REDACTED}`);
    // Identifiers stay readable.
    expect(h.trace).toContain(`> x-service-api-key: ${API_KEY}`);
    expect(h.trace).toContain('> x-service-workspace-id: ws_new');
  });

  it('has the expected shape: request line, headers, body, status, body', async () => {
    const h = setup({ redactor: new Redactor(), now: () => 1_000 });
    const op = operation('workspace.emailStatus');
    h.pool
      .intercept({ path: op.path, method: 'POST' })
      .reply(200, envelope.standard({ verified: true }));
    await h.client.call(op, { ownerEmail: 'a@b.co' });
    expect(h.trace).toEqual([
      `* POST https://api.svc.test${op.path} (attempt 1/4)`,
      '> content-type: application/json',
      '> accept: application/json',
      '> user-agent: svc/test',
      '> {"data":{"ownerEmail":"a@b.co"}}',
      '< 200 (0ms)',
      '< {"result":{"status":"success","message":"ok","data":{"verified":true}}}',
    ]);
  });

  it('scrubs registered values from a body that is not JSON', async () => {
    const redactor = new Redactor().add(AUTH_TOKEN);
    const h = setup({ redactor, retries: 0 });
    const op = operation('documents.get');
    h.pool
      .intercept({ path: op.path, method: 'POST' })
      .reply(502, `<html>bad gateway for ${AUTH_TOKEN}</html>`);
    await rejection(h.client.call(op, { organizationId: 'o1' }));
    expectNoSecret(h.trace);
    expect(h.trace).toContain(`< <html>bad gateway for ${REDACTED}</html>`);
  });

  it('the retry line does not echo a secret from a non-envelope error body', async () => {
    const h = setup({ redactor: new Redactor(), retries: 1 });
    const op = operation('workspace.authTokens');
    const body = JSON.stringify({ message: 'upstream failed', token: LISTED_TOKEN_1 });
    h.pool.intercept({ path: op.path, method: 'POST' }).reply(502, body);
    h.pool
      .intercept({ path: op.path, method: 'POST' })
      .reply(403, envelope.error('PERMISSION_DENIED', 'no'));
    await rejection(h.client.call(op, { apiKey: API_KEY }));
    expect(h.trace.some((l) => l.startsWith('* server error (502), retrying in 75ms'))).toBe(true);
    expectNoSecret(h.trace);
  });
});

describe('describe() (the --dry-run output) shows no secret', () => {
  it('redacts the auth token header and secret body fields', () => {
    const h = setup({ redactor: new Redactor() });
    const described = h.client.describe(operation('workspace.emailConfig'), {
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid', apiKey: PROVIDER_KEY },
    });
    expect(described).toEqual({
      method: 'POST',
      url: `https://api.svc.test${operation('workspace.emailConfig').path}`,
      headers: {
        'content-type': 'application/json',
        'x-service-api-key': API_KEY,
        'x-service-auth-token': REDACTED,
      },
      body: {
        data: { useEmailService: true, emailServiceConfig: { type: 'sendgrid', apiKey: REDACTED } },
      },
    });
    expectNoSecret([JSON.stringify(described)]);
    expect(h.calls()).toHaveLength(0);
  });

  it('redacts the workspace token, including given credentials', () => {
    const h = setup({ redactor: new Redactor(), baseUrl: 'https://api.svc.test///' });
    const described = h.client.describe(
      operation('workspace.authTokens'),
      { apiKey: 'key_new' },
      { credentials: { workspaceId: 'ws_new', workspaceToken: NEW_WORKSPACE_TOKEN } },
    );
    expect(described.url).toBe(`https://api.svc.test${operation('workspace.authTokens').path}`);
    expect(described.headers['x-service-auth-token']).toBe(REDACTED);
    expect(described.headers['x-service-workspace-id']).toBe('ws_new');
    expectNoSecret([JSON.stringify(described)]);
  });

  it('scrubs a registered secret wherever it appears in the body', () => {
    const h = setup({ redactor: new Redactor().add(PROVIDER_KEY) });
    const described = h.client.describe(operation('ai.rewrite'), {
      model: 'gpt-4o',
      prompt: 'fix',
      text: `my key is ${PROVIDER_KEY}`,
    });
    expect(described.body).toEqual({
      data: { model: 'gpt-4o', prompt: 'fix', text: `my key is ${REDACTED}` },
    });
  });
});
