import { describe, expect, it } from 'vitest';
import {
  ApiError,
  CancelledError,
  ConfigFileError,
  CredentialsError,
  ExitStatus,
  OperationFailedError,
  PartialFailureError,
  HungUpError,
  TerminatedError,
  TimeoutError,
  TransientError,
  UsageError,
} from '../../../src/errors/errors.js';
import { ExitCode, exitCodeFor, statusWordFor } from '../../../src/errors/exit-codes.js';

describe('ExitCode', () => {
  it('holds the codes of the contract', () => {
    expect(ExitCode).toEqual({
      Success: 0,
      Error: 1,
      Usage: 2,
      Credentials: 3,
      NotFound: 4,
      PartialFailure: 5,
      OperationFailed: 6,
      Timeout: 7,
      Temporary: 75,
      HungUp: 129,
      Interrupted: 130,
      Terminated: 143,
    });
  });
});

describe('exitCodeFor: typed errors', () => {
  it.each([
    ['UsageError', new UsageError('bad flag'), 2],
    ['CredentialsError', new CredentialsError('no token'), 3],
    ['PartialFailureError', new PartialFailureError('2 of 5 failed'), 5],
    ['OperationFailedError', new OperationFailedError('migration failed', {}), 6],
    ['TimeoutError', new TimeoutError('timed out'), 7],
    ['TransientError', new TransientError('could not connect'), 75],
    ['CancelledError', new CancelledError('interrupted'), 130],
    ['TerminatedError', new TerminatedError('terminated'), 143],
    ['HungUpError', new HungUpError('terminated: the terminal went away'), 129],
    ['ConfigFileError', new ConfigFileError('broken config'), 1],
    ['ExitStatus', new ExitStatus(42), 42],
    ['ExitStatus 0', new ExitStatus(0), 0],
    ['a plain Error', new Error('bug'), 1],
    ['a TypeError', new TypeError('x is undefined'), 1],
    ['a thrown string', 'oops', 1],
    ['undefined', undefined, 1],
  ])('%s exits %i', (_name, error, code) => {
    expect(exitCodeFor(error)).toBe(code);
  });
});

describe('exitCodeFor: ApiError by error.status', () => {
  it.each([
    ['INVALID_ARGUMENT', 400, 2],
    ['FAILED_PRECONDITION', 400, 2],
    ['UNAUTHENTICATED', 401, 3],
    ['PERMISSION_DENIED', 403, 3],
    ['NOT_FOUND', 404, 4],
    ['RESOURCE_EXHAUSTED', 429, 75],
    ['UNAVAILABLE', 503, 75],
    ['ALREADY_EXISTS', 409, 1],
    ['INTERNAL', 500, 1],
    ['ABORTED', 409, 1],
    ['UNKNOWN', 500, 1],
    ['UNIMPLEMENTED', 501, 1],
  ])('%s (HTTP %i) exits %i', (status, httpStatus, code) => {
    expect(exitCodeFor(new ApiError(status, 'm', httpStatus))).toBe(code);
  });

  it('error.status decides over the HTTP status', () => {
    expect(exitCodeFor(new ApiError('NOT_FOUND', 'm', 500))).toBe(4);
    expect(exitCodeFor(new ApiError('INTERNAL', 'm', 503))).toBe(1);
    expect(exitCodeFor(new ApiError('INVALID_ARGUMENT', 'm', 200))).toBe(2);
    expect(exitCodeFor(new ApiError('SOMETHING_NEW', 'm', 503))).toBe(1);
  });
});

describe('exitCodeFor: ApiError without an envelope, by HTTP status', () => {
  it.each([
    [400, 2],
    [401, 3],
    [403, 3],
    [404, 4],
    [429, 75],
    [500, 75],
    [502, 75],
    [503, 75],
    [200, 1],
    [302, 1],
    [409, 1],
  ])('HTTP %i exits %i', (httpStatus, code) => {
    expect(exitCodeFor(new ApiError(undefined, 'unexpected', httpStatus))).toBe(code);
  });
});

describe('statusWordFor', () => {
  it.each([
    ['an envelope status', new ApiError('NOT_FOUND', 'm', 404), 'NOT_FOUND'],
    ['a non-envelope status', new ApiError(undefined, 'm', 502), 'HTTP_502'],
    ['UsageError', new UsageError('m'), 'USAGE'],
    ['CredentialsError', new CredentialsError('m'), 'UNAUTHENTICATED'],
    ['PartialFailureError', new PartialFailureError('m'), 'PARTIAL_FAILURE'],
    ['OperationFailedError', new OperationFailedError('m', {}), 'FAILED'],
    ['TimeoutError', new TimeoutError('m'), 'DEADLINE_EXCEEDED'],
    ['TransientError', new TransientError('m'), 'UNAVAILABLE'],
    ['CancelledError', new CancelledError('m'), 'CANCELLED'],
    ['ConfigFileError', new ConfigFileError('m'), 'CONFIG'],
    ['a plain Error', new Error('m'), 'INTERNAL'],
  ])('%s has its status word', (_name, error, word) => {
    expect(statusWordFor(error)).toBe(word);
  });
});

describe('SvcError', () => {
  it('carries its class name, hint and cause', () => {
    const cause = new Error('root');
    const err = new UsageError('bad flag', { hint: 'see --help', cause });
    expect(err.name).toBe('UsageError');
    expect(err.message).toBe('bad flag');
    expect(err.hint).toBe('see --help');
    expect(err.cause).toBe(cause);
    expect(err).toBeInstanceOf(Error);
    expect(new TransientError('x').hint).toBeUndefined();
  });
});
