import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { UsageError } from '../../../src/errors/errors.js';
import { checkTransport } from '../../../src/http/transport-security.js';
import { envelope } from '../../support/envelopes.js';
import { createHarness, rejection, thrown } from './harness.js';

describe('checkTransport', () => {
  it.each([
    ['http://localhost:8080', 'key'],
    ['http://127.0.0.1:1234', 'workspace'],
    ['http://[::1]:1234', 'key'],
    ['https://api.example.com', 'key'],
    ['https://api.example.com', 'public'],
    ['http://127.0.0.1:1234', 'public'],
  ] as const)('lets %s carry %s credentials', (url, auth) => {
    expect(() => checkTransport(new URL(url), auth, false)).not.toThrow();
  });

  it.each(['http://api.example.com', 'http://10.0.0.5:8080', 'http://localhost.example.com'])(
    'refuses credentials over plain http to %s, naming --insecure',
    (url) => {
      const err = thrown(() => checkTransport(new URL(url), 'key', false));
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).hint).toContain('--insecure');
    },
  );

  it('refuses them to loopback when the request would go through a proxy', () => {
    const err = thrown(() =>
      checkTransport(
        new URL('http://127.0.0.1:4000'),
        'key',
        false,
        'http://user:secret@proxy.corp.test:3128',
      ),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toContain('through the proxy at proxy.corp.test:3128');
    expect((err as UsageError).message).not.toContain('secret');
  });

  it('lets https through a proxy carry them', () => {
    expect(() =>
      checkTransport(new URL('https://api.example.com'), 'key', false, 'http://p:1'),
    ).not.toThrow();
  });

  it('allows them with --insecure', () => {
    expect(() => checkTransport(new URL('http://api.example.com'), 'key', true)).not.toThrow();
  });
});

describe('the client over plain http', () => {
  const ORIGIN = 'http://api.svc.test';
  let agent: MockAgent | undefined;
  afterEach(async () => {
    await agent?.close();
  });

  it('sends nothing with credentials unless insecure', async () => {
    const refused = createHarness({ baseUrl: ORIGIN });
    agent = refused.agent;
    const err = await rejection(
      refused.client.call(operation('documents.get'), { organizationId: 'o' }),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect(refused.calls()).toHaveLength(0);
    await refused.agent.close();

    const allowed = createHarness({ baseUrl: ORIGIN, insecure: true });
    agent = allowed.agent;
    allowed.agent
      .get(ORIGIN)
      .intercept({ path: operation('documents.get').path, method: 'POST' })
      .reply(200, envelope.standard([]));
    await allowed.client.call(operation('documents.get'), { organizationId: 'o' });
    expect(allowed.calls()).toHaveLength(1);
  });

  it('sends no public call either: its answer may hold a new workspace’s tokens', async () => {
    const h = createHarness({ baseUrl: ORIGIN });
    agent = h.agent;
    const err = await rejection(
      h.client.call(operation('workspace.create'), { ownerEmail: 'a@example.com' }),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe(
      'refusing to send a request whose answer holds credentials or personal data over plain http to api.svc.test',
    );
    expect((err as UsageError).hint).toContain('--insecure');
    expect(h.calls()).toHaveLength(0);
  });
});
