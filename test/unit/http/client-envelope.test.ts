import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { ApiError, ForeignAnswerError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
import { envelope } from '../../support/envelopes.js';
import { ORIGIN, jsonHeaders, rejection, useHarnesses } from './harness.js';

const setup = useHarnesses();

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('HttpClient.call decodes each envelope kind', () => {
  it("standard: result.data, message and the next page's token", async () => {
    const h = setup();
    const items = [{ id: 'n1', timestamp: 1 }];
    h.pool
      .intercept({ path: operation('notifications.get').path, method: 'POST' })
      .reply(200, envelope.standard(items, { pageToken: 'next-page' }), jsonHeaders);
    const res = await h.client.call(operation('notifications.get'), {
      organizationId: 'o1',
      userId: 'u1',
    });
    expect(res).toEqual({
      data: items,
      status: 'success',
      message: 'ok',
      next: 'next-page',
      httpStatus: 200,
    });
    expect(h.calls()).toHaveLength(1);
    expect(h.calls()[0]?.body).toBe('{"data":{"organizationId":"o1","userId":"u1"}}');
  });

  it('top-level: users.purge answers HTTP 202 with a top-level body', async () => {
    const h = setup();
    const body = envelope.topLevel({ jobId: 'job-7', tasksCount: 4 }, 'User data deletion started');
    h.pool
      .intercept({ path: operation('users.purge').path, method: 'POST' })
      .reply(202, body, jsonHeaders);
    const res = await h.client.call(operation('users.purge'), { userIds: ['u1', 'u2'] });
    expect(res).toEqual({
      data: { jobId: 'job-7', tasksCount: 4 },
      status: 'success',
      message: 'User data deletion started',
      httpStatus: 202,
    });
  });

  it('ai: {success, text} and {success: false, error}', async () => {
    const h = setup();
    const path = operation('ai.rewrite').path;
    h.pool
      .intercept({ path, method: 'POST' })
      .reply(200, envelope.ai({ success: true, text: 'Better.' }));
    h.pool
      .intercept({ path, method: 'POST' })
      .reply(
        200,
        envelope.ai({ success: false, error: 'No API key configured for provider: OpenAI' }),
      );
    const op = operation('ai.rewrite');
    const data = { model: 'gpt-4o', prompt: 'improve', text: 'good' };
    expect((await h.client.call(op, data)).data).toEqual({ success: true, text: 'Better.' });
    expect((await h.client.call(op, data)).data).toEqual({
      success: false,
      error: 'No API key configured for provider: OpenAI',
    });
  });

  it('no-data: crdt.update has status and message only', async () => {
    const h = setup();
    h.pool
      .intercept({ path: operation('crdt.update').path, method: 'POST' })
      .reply(200, envelope.noData('CRDT data updated'));
    const res = await h.client.call(operation('crdt.update'), {
      organizationId: 'o1',
      documentId: 'd1',
      editorId: 'e1',
      type: 'text',
      data: 'hello',
    });
    expect(res).toEqual({
      data: undefined,
      status: 'success',
      message: 'CRDT data updated',
      httpStatus: 200,
    });
  });
});

describe('HttpClient.call on bodies it cannot use', () => {
  const notTheService = (status: number, type: string) =>
    `the server at ${ORIGIN} did not answer as the service does (HTTP ${status}, ${type})`;

  it('a 2xx body that is not JSON is not the service: exit 1, not retried', async () => {
    const h = setup();
    h.pool
      .intercept({ path: operation('workspace.emailStatus').path, method: 'POST' })
      .reply(200, '<html>ok</html>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const err = await rejection(
      h.client.call(operation('workspace.emailStatus'), { ownerEmail: 'a@b.co' }),
    );
    expect(err).toBeInstanceOf(ForeignAnswerError);
    expect((err as ForeignAnswerError).message).toBe(notTheService(200, 'text/html'));
    expect((err as ForeignAnswerError).hint).toContain('check --base-url or SVC_BASE_URL');
    expect(exitCodeFor(err)).toBe(1);
    expect(h.calls()).toHaveLength(1);
  });

  it('an empty 2xx body is not the service either', async () => {
    const h = setup();
    h.pool
      .intercept({ path: operation('workspace.emailStatus').path, method: 'POST' })
      .reply(200, '');
    const err = await rejection(
      h.client.call(operation('workspace.emailStatus'), { ownerEmail: 'a@b.co' }),
    );
    expect((err as ForeignAnswerError).message).toBe(notTheService(200, 'no content type'));
    expect(exitCodeFor(err)).toBe(1);
  });

  it('a 2xx JSON body that is not an envelope is not the service: exit 1, not retried', async () => {
    const h = setup();
    h.pool
      .intercept({ path: operation('workspace.emailStatus').path, method: 'POST' })
      .reply(200, { verified: true }, jsonHeaders);
    const err = await rejection(
      h.client.call(operation('workspace.emailStatus'), { ownerEmail: 'a@b.co' }),
    );
    expect((err as ForeignAnswerError).message).toBe(notTheService(200, 'application/json'));
    expect(exitCodeFor(err)).toBe(1);
    expect(h.calls()).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  it('an error envelope becomes an ApiError with status, message and details', async () => {
    const h = setup();
    const details = { violations: [{ field: 'documentId' }] };
    h.pool
      .intercept({ path: operation('documents.get').path, method: 'POST' })
      .reply(404, envelope.error('NOT_FOUND', 'Organization not found', details), jsonHeaders);
    const err = await apiError(h.client.call(operation('documents.get'), { organizationId: 'o1' }));
    expect(err.status).toBe('NOT_FOUND');
    expect(err.message).toBe('Organization not found');
    expect(err.details).toEqual(details);
    expect(err.httpStatus).toBe(404);
    expect(exitCodeFor(err)).toBe(4);
    expect(h.calls()).toHaveLength(1);
  });

  it('an error envelope with a 2xx status is still an ApiError', async () => {
    const h = setup();
    h.pool
      .intercept({ path: operation('documents.get').path, method: 'POST' })
      .reply(200, envelope.error('PERMISSION_DENIED', 'API key does not match'));
    const err = await apiError(h.client.call(operation('documents.get'), { organizationId: 'o1' }));
    expect(err.status).toBe('PERMISSION_DENIED');
    expect(exitCodeFor(err)).toBe(3);
  });

  it('a non-envelope 502 HTML page exits 75 from the HTTP status', async () => {
    const h = setup();
    h.pool
      .intercept({ path: operation('workspace.create').path, method: 'POST' })
      .reply(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', {
        headers: { 'content-type': 'text/html' },
      });
    const err = await apiError(
      h.client.call(operation('workspace.create'), { ownerEmail: 'a@b.co' }),
    );
    expect(err.status).toBeUndefined();
    expect(err.httpStatus).toBe(502);
    expect(err.message).toBe(
      'unexpected HTTP 502 response: <html><body><h1>502 Bad Gateway</h1></body></html>',
    );
    expect(exitCodeFor(err)).toBe(75);
    // workspace.create is not idempotent: a 502 is not retried.
    expect(h.calls()).toHaveLength(1);
  });
});

describe('HttpClient.raw', () => {
  it('returns the status, parsed body and text without decoding the envelope', async () => {
    const h = setup();
    const text = '{"result":{"data":{"x":1}}}';
    h.pool
      .intercept({ path: '/v2/anything', method: 'POST', body: '{"data":{"a":1}}' })
      .reply(200, text);
    const res = await h.client.raw(
      { path: '/v2/anything', auth: 'key', envelope: 'standard', idempotent: true, slow: false },
      { data: { a: 1 } },
    );
    expect(res).toEqual({ httpStatus: 200, body: { result: { data: { x: 1 } } }, text });
  });

  it('keeps the error body on the ApiError for printing', async () => {
    const h = setup();
    const text = JSON.stringify(
      envelope.error('INVALID_ARGUMENT', 'Auth Token not found in headers.'),
    );
    h.pool.intercept({ path: '/v2/anything', method: 'POST' }).reply(400, text);
    const err = await apiError(
      h.client.raw(
        {
          path: '/v2/anything',
          auth: 'public',
          envelope: 'standard',
          idempotent: true,
          slow: false,
        },
        {},
      ),
    );
    expect(err.body).toEqual({ json: JSON.parse(text) as unknown, text });
    expect(exitCodeFor(err)).toBe(2);
  });
});

describe('HttpClient URL and body', () => {
  it('keeps a path prefix of the base URL and drops its trailing slashes', async () => {
    const h = setup({ baseUrl: 'https://api.svc.test/prefix//' });
    const op = operation('workspace.emailStatus');
    h.pool
      .intercept({ path: `/prefix${op.path}`, method: 'POST' })
      .reply(200, envelope.standard({ verified: true }));
    await h.client.call(op, { ownerEmail: 'a@b.co' });
    expect(h.calls()[0]?.path).toBe(`/prefix${op.path}`);
    expect(h.client.baseUrl).toBe('https://api.svc.test/prefix//');
  });

  it('always POSTs {"data": …} as JSON', async () => {
    const h = setup();
    const op = operation('users.purge');
    h.pool
      .intercept({ path: op.path, method: 'POST' })
      .reply(202, envelope.topLevel({ jobId: 'j', tasksCount: 0 }, 'm'));
    await h.client.call(op, { userIds: ['u1'], organizationIds: ['o1'] });
    const call = h.calls()[0];
    expect(call?.method).toBe('POST');
    expect(call?.headers?.['content-type']).toBe('application/json');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      data: { userIds: ['u1'], organizationIds: ['o1'] },
    });
  });
});
