import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
import type { Paging } from '../../../src/catalogue/types.js';
import { decodeSuccess, errorFromBody, parseJson } from '../../../src/http/envelope.js';
import { envelope } from '../../support/envelopes.js';
import { thrown } from './harness.js';

function apiError(fn: () => unknown): ApiError {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('parseJson', () => {
  it('parses JSON and returns undefined for empty or invalid text', () => {
    expect(parseJson('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(parseJson('null')).toBeNull();
    expect(parseJson('')).toBeUndefined();
    expect(parseJson('  \n')).toBeUndefined();
    expect(parseJson('<html>oops</html>')).toBeUndefined();
  });
});

function pagedBy(next: Paging['next']): Paging {
  return { next, defaultPageSize: 1000, maxPageSize: 1000 };
}

describe('decodeSuccess: standard envelope', () => {
  it('returns result.data, status and message', () => {
    const body = envelope.standard({ verified: true }, { message: 'Fetched' });
    expect(decodeSuccess('standard', 200, body)).toEqual({
      data: { verified: true },
      status: 'success',
      message: 'Fetched',
      httpStatus: 200,
    });
  });

  it("reads the next page's token from the member the operation's paging names", () => {
    const body = envelope.standard([{ id: 'n1' }], { pageToken: 'p2' });
    const decoded = decodeSuccess('standard', 200, body, pagedBy('pageToken'));
    expect(decoded.data).toEqual([{ id: 'n1' }]);
    expect(decoded.next).toBe('p2');
    const users = envelope.standard([{ userId: 'u1' }], { nextPageToken: 'u2' });
    expect(decodeSuccess('standard', 200, users, pagedBy('nextPageToken')).next).toBe('u2');
  });

  it('ignores a page member that is not the one the paging names, or any without paging', () => {
    const body = envelope.standard([], { pageToken: 'p2' });
    expect(decodeSuccess('standard', 200, body, pagedBy('nextPageToken'))).not.toHaveProperty(
      'next',
    );
    expect(decodeSuccess('standard', 200, body)).not.toHaveProperty('next');
  });

  it('omits an empty token (last page)', () => {
    const decoded = decodeSuccess(
      'standard',
      200,
      { result: { data: [], pageToken: '' } },
      pagedBy('pageToken'),
    );
    expect(decoded).not.toHaveProperty('next');
    expect(decoded.data).toEqual([]);
  });

  it('turns a missing data member into null', () => {
    const decoded = decodeSuccess('standard', 200, envelope.noData('sent'));
    expect(decoded.data).toBeNull();
    expect(decoded.message).toBe('sent');
  });

  it('rejects a JSON body that is not the envelope, with exit code 1', () => {
    for (const body of [{ data: { id: 'x' } }, [1, 2], 'text', null, 42, { result: 'x' }]) {
      const err = apiError(() => decodeSuccess('standard', 200, body));
      expect(err.status).toBeUndefined();
      expect(err.httpStatus).toBe(200);
      expect(err.message).toBe(
        'unexpected response from the service: the body is not the documented JSON envelope',
      );
      expect(exitCodeFor(err)).toBe(1);
    }
  });

  it('throws the error envelope even on a 2xx status', () => {
    const body = envelope.error('NOT_FOUND', 'No such document', { id: 'd1' });
    const err = apiError(() => decodeSuccess('standard', 200, body));
    expect(err.status).toBe('NOT_FOUND');
    expect(err.message).toBe('No such document');
    expect(err.details).toEqual({ id: 'd1' });
    expect(exitCodeFor(err)).toBe(4);
  });
});

describe('decodeSuccess: top-level envelope (user-data deletion, HTTP 202)', () => {
  it('reads data, status and message from the top level', () => {
    const body = envelope.topLevel({ jobId: 'job-1', tasksCount: 3 }, 'Deletion scheduled');
    expect(decodeSuccess('top-level', 202, body)).toEqual({
      data: { jobId: 'job-1', tasksCount: 3 },
      status: 'success',
      message: 'Deletion scheduled',
      httpStatus: 202,
    });
  });

  it('also accepts the result-wrapped form', () => {
    const body = envelope.standard({ jobId: 'job-2', tasksCount: 1 }, { message: 'm' });
    expect(decodeSuccess('top-level', 202, body).data).toEqual({ jobId: 'job-2', tasksCount: 1 });
  });

  it('does not read a top-level body for a standard operation', () => {
    const body = envelope.topLevel({ jobId: 'j' }, 'm');
    expect(exitCodeFor(apiError(() => decodeSuccess('standard', 202, body)))).toBe(1);
  });
});

describe('decodeSuccess: ai envelope', () => {
  it('returns {success, text}', () => {
    expect(decodeSuccess('ai', 200, envelope.ai({ success: true, text: 'Rewritten.' }))).toEqual({
      data: { success: true, text: 'Rewritten.' },
      httpStatus: 200,
    });
  });

  it('returns {success: false, error}', () => {
    const body = envelope.ai({
      success: false,
      error: 'No API key configured for provider: OpenAI',
    });
    expect(decodeSuccess('ai', 200, body).data).toEqual({
      success: false,
      error: 'No API key configured for provider: OpenAI',
    });
  });

  it('treats a non-boolean success as false and drops non-string members', () => {
    expect(decodeSuccess('ai', 200, { result: { success: 'yes', text: 5 } }).data).toEqual({
      success: false,
    });
  });
});

describe('decodeSuccess: no-data envelope (crdt.update)', () => {
  it('returns undefined data with status and message', () => {
    const body = envelope.noData('CRDT data updated');
    expect(decodeSuccess('no-data', 200, body)).toEqual({
      data: undefined,
      status: 'success',
      message: 'CRDT data updated',
      httpStatus: 200,
    });
  });
});

describe('errorFromBody', () => {
  it('reads status, message and details of the error envelope', () => {
    const body = envelope.error('INVALID_ARGUMENT', 'bad id', [{ field: 'x' }]);
    const err = errorFromBody(400, body, JSON.stringify(body));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe('INVALID_ARGUMENT');
    expect(err.message).toBe('bad id');
    expect(err.httpStatus).toBe(400);
    expect(err.details).toEqual([{ field: 'x' }]);
    expect(err.body).toEqual({ json: body, text: JSON.stringify(body) });
    expect(exitCodeFor(err)).toBe(2);
  });

  it('falls back to a generic message when the envelope has none', () => {
    const err = errorFromBody(403, { error: { status: 'PERMISSION_DENIED' } }, '');
    expect(err.message).toBe('request failed with HTTP 403');
    expect(exitCodeFor(err)).toBe(3);
  });

  it('uses the HTTP status for a non-envelope page (proxy 502 HTML)', () => {
    const html = '<html>\n  <body>502 Bad Gateway</body>\n</html>';
    const err = errorFromBody(502, undefined, html);
    expect(err.status).toBeUndefined();
    expect(err.httpStatus).toBe(502);
    expect(err.message).toBe(
      'unexpected HTTP 502 response: <html> <body>502 Bad Gateway</body> </html>',
    );
    expect(exitCodeFor(err)).toBe(75);
  });

  it('keeps at most 120 characters of a non-envelope body', () => {
    const err = errorFromBody(500, undefined, 'x'.repeat(500));
    expect(err.message).toBe(`unexpected HTTP 500 response: ${'x'.repeat(120)}`);
  });

  it('says nothing more for an empty body', () => {
    expect(errorFromBody(503, undefined, '').message).toBe('unexpected HTTP 503 response');
  });

  it('error.status decides over the HTTP status', () => {
    const err = errorFromBody(500, envelope.error('NOT_FOUND', 'gone'), '');
    expect(exitCodeFor(err)).toBe(4);
  });
});
