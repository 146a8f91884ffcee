import { errors } from 'undici';
import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import {
  ForeignAnswerError,
  ApiError,
  CancelledError,
  TimeoutError,
  TransientError,
} from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
import { envelope } from '../../support/envelopes.js';
import { API_KEY, NOW, rejection, useHarnesses } from './harness.js';

const setup = useHarnesses();

const read = operation('workspace.authTokens'); // idempotent
const readData = { apiKey: API_KEY };
const create = operation('workspace.create'); // not idempotent
const createData = { ownerEmail: 'owner@example.com' };
const workspace = { id: 'ws_1', name: 'W', authToken: 'wstok-created-000000001', apiKeyList: {} };

function withCode(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:443`), { code });
}

describe('retries of a read (idempotent)', () => {
  it('retries after a 500 and returns the next success', async () => {
    const h = setup();
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .reply(500, envelope.error('INTERNAL', 'boom'));
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .reply(200, envelope.standard({ apiKey: API_KEY, authTokens: [] }));
    const res = await h.client.call(read, readData);
    expect(res.data).toEqual({ apiKey: API_KEY, authTokens: [] });
    expect(h.calls()).toHaveLength(2);
    // backoff(0) = 100 * 2^0 halved + random(0.5) * half = 75
    expect(h.sleeps).toEqual([75]);
  });

  it('backoff delays grow, up to the cap, and the last error is thrown', async () => {
    const h = setup({ retries: 5, backoffBaseMs: 100, backoffCapMs: 500 });
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .reply(500, envelope.error('INTERNAL', 'still broken'))
      .times(6);
    const err = await rejection(h.client.call(read, readData));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe('INTERNAL');
    expect(exitCodeFor(err)).toBe(1);
    expect(h.calls()).toHaveLength(6);
    // steps 100, 200, 400, 500 (cap), 500; each 3/4 of its step with random() = 0.5
    expect(h.sleeps).toEqual([75, 150, 300, 375, 375]);
  });

  it('a non-envelope 503 after every retry exits 75', async () => {
    const h = setup({ retries: 2 });
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .reply(503, 'Service Unavailable')
      .times(3);
    const err = await rejection(h.client.call(read, readData));
    expect(err).toBeInstanceOf(ApiError);
    expect(exitCodeFor(err)).toBe(75);
    expect(h.calls()).toHaveLength(3);
    expect(h.sleeps).toEqual([75, 150]);
  });

  it('a 4xx error envelope is not retried', async () => {
    const h = setup();
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .reply(403, envelope.error('PERMISSION_DENIED', 'no'));
    const err = await rejection(h.client.call(read, readData));
    expect(exitCodeFor(err)).toBe(3);
    expect(h.calls()).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  it('a dropped connection after sending is retried for a read', async () => {
    const h = setup();
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .replyWithError(new errors.SocketError('other side closed'));
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .reply(200, envelope.standard({ apiKey: API_KEY, authTokens: [] }));
    await h.client.call(read, readData);
    expect(h.calls()).toHaveLength(2);
    expect(h.sleeps).toEqual([75]);
  });

  it('the idempotent option makes a non-idempotent operation retryable for that call', async () => {
    const h = setup();
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .reply(500, envelope.error('INTERNAL', 'oops'));
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .reply(200, envelope.standard(workspace));
    await h.client.call(create, createData, { idempotent: true });
    expect(h.calls()).toHaveLength(2);
  });
});

describe('Retry-After', () => {
  it('a 429 with Retry-After: 2 on a non-idempotent call is retried after exactly 2000 ms', async () => {
    const h = setup();
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .reply(429, envelope.error('RESOURCE_EXHAUSTED', 'slow down'), {
        headers: { 'retry-after': '2' },
      });
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .reply(200, envelope.standard(workspace));
    const res = await h.client.call(create, createData);
    expect(res.data).toEqual(workspace);
    expect(h.calls()).toHaveLength(2);
    expect(h.sleeps).toEqual([2000]);
  });

  it('an HTTP-date Retry-After is measured from now()', async () => {
    const h = setup();
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .reply(503, envelope.error('UNAVAILABLE', 'maintenance'), {
        headers: { 'retry-after': new Date(NOW + 3000).toUTCString() },
      });
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .reply(200, envelope.standard(workspace));
    await h.client.call(create, createData);
    expect(h.sleeps).toEqual([3000]);
  });

  it('a Retry-After longer than maxRetryAfterMs ends the call at once', async () => {
    const h = setup({ maxRetryAfterMs: 10_000 });
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .reply(429, envelope.error('RESOURCE_EXHAUSTED', 'too many workspaces'), {
        headers: { 'retry-after': '120' },
      });
    const err = await rejection(h.client.call(create, createData));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe('RESOURCE_EXHAUSTED');
    expect((err as ApiError).hint).toBe('the service asked to retry after 2m');
    expect(exitCodeFor(err)).toBe(75);
    expect(h.calls()).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });
});

describe('a non-idempotent call is not sent twice after an unknown outcome', () => {
  it('a 500 is not retried', async () => {
    const h = setup();
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .reply(500, envelope.error('INTERNAL', 'failed'));
    const err = await rejection(h.client.call(create, createData));
    expect(err).toBeInstanceOf(ApiError);
    expect(exitCodeFor(err)).toBe(1);
    expect(h.calls()).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  it('a non-envelope 500, even of an idempotent read, is not the service: not retried, exit 1', async () => {
    const h = setup();
    h.pool.intercept({ path: read.path, method: 'POST' }).reply(500, 'Internal Server Error');
    const err = await rejection(h.client.call(read, readData));
    expect(err).toBeInstanceOf(ForeignAnswerError);
    expect(exitCodeFor(err)).toBe(1);
    expect(h.calls()).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  it.each([
    ['UND_ERR_SOCKET', new errors.SocketError('other side closed')],
    ['ECONNRESET', withCode('ECONNRESET')],
  ])('a connection dropped after sending (%s) is not retried', async (code, error) => {
    const h = setup();
    h.pool.intercept({ path: create.path, method: 'POST' }).replyWithError(error);
    const err = await rejection(h.client.call(create, createData));
    expect(err).toBeInstanceOf(TransientError);
    expect((err as TransientError).message).toBe(
      `the connection to https://api.svc.test failed after the request was sent (${code}); ` +
        'the request may or may not have been applied',
    );
    expect(exitCodeFor(err)).toBe(75);
    expect(h.calls()).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });
});

describe('connect failures', () => {
  it('are retried even for a non-idempotent call, then end as TransientError (exit 75)', async () => {
    const h = setup({ retries: 3 });
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .replyWithError(withCode('ECONNREFUSED'))
      .times(4);
    const err = await rejection(h.client.call(create, createData));
    expect(err).toBeInstanceOf(TransientError);
    expect((err as TransientError).message).toMatch(
      /^could not connect to https:\/\/api\.svc\.test \(ECONNREFUSED\) \(gave up after 4 attempts over \d+ms\)$/,
    );
    expect(exitCodeFor(err)).toBe(75);
    expect(h.calls()).toHaveLength(4);
    expect(h.sleeps).toEqual([75, 150, 300]);
  });

  it('a connect failure followed by a success returns the success', async () => {
    const h = setup();
    h.pool.intercept({ path: create.path, method: 'POST' }).replyWithError(withCode('ENOTFOUND'));
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .reply(200, envelope.standard(workspace));
    const res = await h.client.call(create, createData);
    expect(res.data).toEqual(workspace);
    expect(h.calls()).toHaveLength(2);
  });

  it('finds the code on the cause of a wrapped error', async () => {
    const h = setup({ retries: 0 });
    const wrapped = new Error('fetch failed', { cause: withCode('ECONNREFUSED') });
    h.pool.intercept({ path: create.path, method: 'POST' }).replyWithError(wrapped);
    const err = await rejection(h.client.call(create, createData));
    expect((err as Error).message).toBe('could not connect to https://api.svc.test (ECONNREFUSED)');
  });
});

describe('timeouts', () => {
  it('a request timeout ends a non-idempotent call as TimeoutError (exit 7) after one attempt', async () => {
    const h = setup({ timeoutMs: 25 });
    h.pool
      .intercept({ path: create.path, method: 'POST' })
      .reply(200, envelope.standard(workspace))
      .delay(1_000);
    const err = await rejection(h.client.call(create, createData));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).message).toBe(`request to ${create.path} timed out after 25ms`);
    expect((err as TimeoutError).hint).toBe('raise it with --timeout or SVC_TIMEOUT');
    expect(exitCodeFor(err)).toBe(7);
    expect(h.calls()).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
  });

  it('a read that times out is retried', async () => {
    const h = setup({ timeoutMs: 25 });
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .reply(200, envelope.standard({ apiKey: API_KEY, authTokens: [] }))
      .delay(1_000);
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .reply(200, envelope.standard({ apiKey: API_KEY, authTokens: [] }));
    await h.client.call(read, readData);
    expect(h.calls()).toHaveLength(2);
    expect(h.sleeps).toEqual([75]);
  });

  it('users.purge uses the slow timeout: it outlasts the normal one', async () => {
    const purge = operation('users.purge');
    expect(purge.slow).toBe(true);
    const h = setup({ timeoutMs: 25, slowTimeoutMs: 5_000 });
    const body = envelope.topLevel({ jobId: 'job-1', tasksCount: 1 }, 'started');
    h.pool.intercept({ path: purge.path, method: 'POST' }).reply(202, body).delay(150);
    const res = await h.client.call(purge, { userIds: ['u1'] });
    expect(res.data).toEqual({ jobId: 'job-1', tasksCount: 1 });
    expect(h.calls()).toHaveLength(1);
  });

  it('users.purge times out after the slow timeout, not the normal one', async () => {
    const purge = operation('users.purge');
    const h = setup({ timeoutMs: 5_000, slowTimeoutMs: 30 });
    h.pool.intercept({ path: purge.path, method: 'POST' }).reply(202, {}).delay(1_000);
    const err = await rejection(h.client.call(purge, { userIds: ['u1'] }));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).message).toBe(`request to ${purge.path} timed out after 30ms`);
    expect(h.calls()).toHaveLength(1);
  });

  it('a normal operation does not use the slow timeout', async () => {
    const h = setup({ timeoutMs: 30, slowTimeoutMs: 5_000, retries: 0 });
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .reply(200, envelope.standard({}))
      .delay(1_000);
    const err = await rejection(h.client.call(read, readData));
    expect((err as TimeoutError).message).toBe(`request to ${read.path} timed out after 30ms`);
  });
});

describe('interruption', () => {
  it('Ctrl-C during a backoff wait ends the call as CancelledError (exit 130)', async () => {
    const controller = new AbortController();
    const h = setup({
      signal: controller.signal,
      sleep: (_ms, signal) => {
        controller.abort();
        return Promise.reject(
          signal?.reason instanceof Error ? signal.reason : new Error('aborted'),
        );
      },
    });
    h.pool.intercept({ path: read.path, method: 'POST' }).reply(503, 'busy');
    const err = await rejection(h.client.call(read, readData));
    expect(err).toBeInstanceOf(CancelledError);
    expect(exitCodeFor(err)).toBe(130);
    expect(h.calls()).toHaveLength(1);
  });

  it('Ctrl-C during a request ends it as CancelledError, not a timeout or network error', async () => {
    const controller = new AbortController();
    const h = setup({ signal: controller.signal });
    h.pool
      .intercept({ path: read.path, method: 'POST' })
      .reply(200, envelope.standard({}))
      .delay(1_000);
    const pending = rejection(h.client.call(read, readData));
    setTimeout(() => controller.abort(), 20);
    const err = await pending;
    expect(err).toBeInstanceOf(CancelledError);
    expect(h.calls()).toHaveLength(1);
  });
});
