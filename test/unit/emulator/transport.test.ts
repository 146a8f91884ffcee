import { describe, expect, it } from 'vitest';
import { MAX_STRING_LENGTH } from '../../../src/catalogue/limits.js';
import { envelope } from '../../support/envelopes.js';
import {
  createWorkspace,
  expectError,
  keyHeaders,
  post,
  postRaw,
  rawBody,
  rawExchange,
  request,
} from './helpers.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ shared: true });

const create = '/v2/workspace/create';

describe('request bodies', () => {
  it.each([
    ['malformed JSON', '{"data": {"ownerEmail": '],
    ['an empty body', ''],
    ['a JSON array', '[{"data": {}}]'],
    ['a JSON string', '"data"'],
    ['null', 'null'],
    ['no data member', '{"ownerEmail": "a@example.com"}'],
    ['data that is not an object', '{"data": "a@example.com"}'],
    ['data that is an array', '{"data": []}'],
    ['data that is null', '{"data": null}'],
    ['an extra top-level member', '{"data": {"ownerEmail": "extra@example.com"}, "extra": 1}'],
    ['a __proto__ member', '{"data": {"ownerEmail": "proto@example.com"}, "__proto__": {}}'],
  ])('answers 400 INVALID_ARGUMENT to %s', async (_what, body) => {
    expectError(await postRaw(emu.url, create, body), 400, 'INVALID_ARGUMENT');
  });

  it('created nothing for the rejected bodies that carried an email', async () => {
    for (const ownerEmail of ['extra@example.com', 'proto@example.com']) {
      expectError(
        await post(emu.url, '/v2/workspace/email/status', { ownerEmail }),
        404,
        'NOT_FOUND',
      );
    }
  });

  it('names the unexpected top-level member', async () => {
    const reply = await postRaw(emu.url, create, '{"data": {}, "context": {}}');
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('context');
  });

  it('names every wrongly typed field', async () => {
    const reply = await post(emu.url, create, { ownerEmail: ['a@example.com'], name: 5 });
    const message = expectError(reply, 400, 'INVALID_ARGUMENT');
    expect(message).toContain('data.ownerEmail');
    expect(message).toContain('data.name');
  });

  it('answers 413 with an INVALID_ARGUMENT envelope to a 2 MiB body', async () => {
    const padding = 'x'.repeat(2 * 1024 * 1024);
    const reply = await postRaw(
      emu.url,
      create,
      JSON.stringify({ data: { ownerEmail: 'big@example.com', padding } }),
    );
    expectError(reply, 413, 'INVALID_ARGUMENT');
    // The emulator is still serving.
    expectError(
      await post(emu.url, '/v2/workspace/email/status', { ownerEmail: 'big@example.com' }),
      404,
      'NOT_FOUND',
    );
  });

  it('accepts a body just under 1 MiB', async () => {
    // In strings each within the longest a request may hold.
    const chunk = 'x'.repeat(MAX_STRING_LENGTH);
    const padding = [
      ...Array<string>(10).fill(chunk),
      'x'.repeat(1024 * 1024 - 10 * chunk.length - 300),
    ];
    const reply = await postRaw(
      emu.url,
      create,
      JSON.stringify({ data: { ownerEmail: 'near-limit@example.com', padding } }),
    );
    expect(reply.status).toBe(200);
  });

  it('answers 413 at once when the declared length is far too large', async () => {
    const answer = await rawExchange(
      emu.emulator.port,
      `POST ${create} HTTP/1.1\r\nHost: 127.0.0.1:${emu.emulator.port}\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{}`,
    );
    expect(answer.startsWith('HTTP/1.1 413 ')).toBe(true);
    expect(rawBody(answer)).toEqual(
      envelope.error('INVALID_ARGUMENT', expect.stringContaining('larger') as string),
    );
  });

  it('requires a JSON content type', async () => {
    const body = JSON.stringify({ data: { ownerEmail: 'form@example.com' } });
    expectError(
      await postRaw(emu.url, create, body, { 'content-type': 'text/plain' }),
      400,
      'INVALID_ARGUMENT',
    );
    const charset = await postRaw(emu.url, create, body, {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(charset.status).toBe(200);
  });
});

describe('routing', () => {
  it('answers 404 NOT_FOUND in the envelope to an unknown path', async () => {
    expectError(await post(emu.url, '/v2/no/such/operation', {}), 404, 'NOT_FOUND');
    expectError(
      await post(emu.url, '/v2/workspace/create/', { ownerEmail: 'a@example.com' }),
      404,
      'NOT_FOUND',
    );
    expectError(await request(`${emu.url}/`), 404, 'NOT_FOUND');
    expectError(await request(`${emu.url}/_emulator/nope`), 404, 'NOT_FOUND');
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])(
    'answers %s on an API path with INVALID_ARGUMENT',
    async (method) => {
      const reply = await request(`${emu.url}${create}`, { method });
      expectError(reply, 400, 'INVALID_ARGUMENT');
      expect(reply.headers.get('allow')).toBe('POST');
    },
  );

  it('ignores the query string when routing', async () => {
    const reply = await post(emu.url, '/v2/workspace/email/status?x=1', {
      ownerEmail: 'nobody@example.com',
    });
    expectError(reply, 404, 'NOT_FOUND');
    expect((reply.json as { error: { message: string } }).error.message).not.toContain(
      'No operation',
    );
  });

  it('answers unparsable HTTP with an envelope', async () => {
    const answer = await rawExchange(emu.emulator.port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(rawBody(answer)).toEqual(envelope.error('INVALID_ARGUMENT', 'Malformed HTTP request.'));
  });
});

describe('every answer is an envelope', () => {
  it('never answers 5xx, nor a non-JSON body, to hostile input', async () => {
    const creds = await createWorkspace(emu.url, 'hostile@example.com');
    const deep = `{"data":{"organizationId":"o","documentId":"d","x":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    const replies = await Promise.all([
      postRaw(emu.url, create, '\u0000\u0001'),
      postRaw(emu.url, create, '{"data": {"ownerEmail": "\\ud800@example.com"}}'),
      postRaw(emu.url, '/v2/notifications/get', deep, {
        'content-type': 'application/json',
        ...keyHeaders(creds),
      }),
      post(
        emu.url,
        '/v2/crdt/update',
        { organizationId: 'o', documentId: 'd', editorId: 'e', type: 'text', data: {} },
        keyHeaders(creds),
      ),
      post(emu.url, create, { ownerEmail: 'a'.repeat(300) + '@example.com' }),
      post(
        emu.url,
        '/v2/workspace/authtokens/get',
        { apiKey: 'k' },
        { 'x-service-workspace-id': 'w'.repeat(10000), 'x-service-auth-token': 't' },
      ),
    ]);
    for (const reply of replies) {
      expect(reply.json).toMatchObject({ error: { status: expect.any(String) as string } });
      expect(reply.status).toBeLessThan(500);
      expect(reply.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
    expect(replies.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 404]);
  });
});
