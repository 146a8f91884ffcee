import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  CredentialsError,
  ExitStatus,
  TimeoutError,
  UsageError,
} from '../../../src/errors/errors.js';
import { reportError } from '../../../src/errors/report.js';
import { Redactor } from '../../../src/http/redact.js';

const SECRET = 'authtok-1a2b3c4d5e6f7081';

interface Reported {
  code: number;
  text: string;
}

function report(error: unknown, o: { json: boolean; debug?: boolean; color?: boolean }): Reported {
  const chunks: string[] = [];
  const redactor = new Redactor().add(SECRET);
  const code = reportError(error, {
    stderr: { write: (t: string) => chunks.push(t) },
    json: o.json,
    debug: o.debug ?? false,
    style: new Chalk({ level: o.color ? 1 : 0 }),
    redact: (t) => redactor.text(t),
  });
  return { code, text: chunks.join('') };
}

function oneJsonLine(text: string): unknown {
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.slice(0, -1).split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? '') as unknown;
}

describe('reportError with --json', () => {
  it('writes exactly one line {"error":{status,message,details},"exitCode":N}', () => {
    const err = new ApiError('NOT_FOUND', 'Organization not found', 404, { organizationId: 'o1' });
    const { code, text } = report(err, { json: true });
    expect(code).toBe(4);
    expect(text).toBe(
      '{"error":{"status":"NOT_FOUND","message":"Organization not found","details":{"organizationId":"o1"}},"exitCode":4}\n',
    );
    expect(oneJsonLine(text)).toEqual({
      error: {
        status: 'NOT_FOUND',
        message: 'Organization not found',
        details: { organizationId: 'o1' },
      },
      exitCode: 4,
    });
  });

  it('keeps the hint, after the message, since the line has no member of its own for it', () => {
    const err = new UsageError("unknown option '--orgg'", { hint: 'Did you mean --org?' });
    expect(oneJsonLine(report(err, { json: true }).text)).toEqual({
      error: { status: 'USAGE', message: "unknown option '--orgg' (Did you mean --org?)" },
      exitCode: 2,
    });
    const twoLines = new UsageError('bad', { hint: 'first\nsecond' });
    expect(oneJsonLine(report(twoLines, { json: true }).text)).toMatchObject({
      error: { message: 'bad (first; second)' },
    });
  });

  it('omits details when there are none', () => {
    const { code, text } = report(new ApiError('ALREADY_EXISTS', 'exists', 409), { json: true });
    expect(code).toBe(1);
    expect(oneJsonLine(text)).toEqual({
      error: { status: 'ALREADY_EXISTS', message: 'exists' },
      exitCode: 1,
    });
  });

  it.each([
    [new UsageError('missing --org'), 'USAGE', 2],
    [new CredentialsError('API key credentials are missing'), 'UNAUTHENTICATED', 3],
    [new TimeoutError('request timed out'), 'DEADLINE_EXCEEDED', 7],
    [new ApiError(undefined, 'unexpected HTTP 502 response: <html>', 502), 'HTTP_502', 75],
  ])('%s: status %s, exit %i, the message as it is', (error, status, exitCode) => {
    const { code, text } = report(error, { json: true });
    expect(code).toBe(exitCode);
    expect(oneJsonLine(text)).toEqual({ error: { status, message: error.message }, exitCode });
  });

  it('a multi-line message still makes one line', () => {
    const { text } = report(new UsageError('line one\nline two'), { json: true });
    expect(oneJsonLine(text)).toEqual({
      error: { status: 'USAGE', message: 'line one\nline two' },
      exitCode: 2,
    });
  });

  it('an unexpected error is INTERNAL, exit 1', () => {
    const { code, text } = report(new TypeError('x is not a function'), { json: true });
    expect(code).toBe(1);
    expect(oneJsonLine(text)).toEqual({
      error: { status: 'INTERNAL', message: 'unexpected error: x is not a function' },
      exitCode: 1,
    });
  });

  it('a registered secret appears nowhere: message, details or hint', () => {
    const err = new ApiError('PERMISSION_DENIED', `token ${SECRET} rejected`, 403, {
      token: SECRET,
      note: `seen ${SECRET}`,
    });
    err.hint = `check ${SECRET}`;
    const { code, text } = report(err, { json: true });
    expect(code).toBe(3);
    expect(text).not.toContain(SECRET);
    expect(oneJsonLine(text)).toEqual({
      error: {
        status: 'PERMISSION_DENIED',
        message: 'token [redacted] rejected (check [redacted])',
        details: { token: '[redacted]', note: 'seen [redacted]' },
      },
      exitCode: 3,
    });
  });
});

describe('reportError for people', () => {
  it('prints error: and the hint', () => {
    const { code, text } = report(
      new UsageError('no service URL is set', { hint: 'pass --base-url' }),
      { json: false },
    );
    expect(code).toBe(2);
    expect(text).toBe('error: no service URL is set\nhint: pass --base-url\n');
  });

  it('prefixes a service error with its status', () => {
    const err = new ApiError('NOT_FOUND', 'Document not found', 404);
    err.hint = 'check --doc';
    const { code, text } = report(err, { json: false });
    expect(code).toBe(4);
    expect(text).toBe('error: NOT_FOUND: Document not found\nhint: check --doc\n');
  });

  it('prints no hint line when there is none', () => {
    const { text } = report(new CredentialsError('workspace credentials are missing'), {
      json: false,
    });
    expect(text).toBe('error: workspace credentials are missing\n');
  });

  it('colours only through the given style', () => {
    const { text } = report(new UsageError('bad', { hint: 'h' }), { json: false, color: true });
    expect(text).toBe('\u001b[31merror:\u001b[39m bad\n\u001b[2mhint:\u001b[22m h\n');
  });

  it('a registered secret never appears in the message or the hint', () => {
    const err = new CredentialsError(`token ${SECRET} is wrong`, { hint: `unset ${SECRET}` });
    const { text } = report(err, { json: false });
    expect(text).not.toContain(SECRET);
    expect(text).toBe('error: token [redacted] is wrong\nhint: unset [redacted]\n');
  });

  it('shows the stack of an unexpected error only with --debug, redacted', () => {
    const bug = new Error(`crashed with ${SECRET}`);
    const quiet = report(bug, { json: false });
    expect(quiet.text).toBe('error: unexpected error: crashed with [redacted]\n');
    const loud = report(bug, { json: false, debug: true });
    expect(
      loud.text.startsWith(
        'error: unexpected error: crashed with [redacted]\nError: crashed with [redacted]\n    at ',
      ),
    ).toBe(true);
    expect(loud.text).not.toContain(SECRET);
    expect(loud.code).toBe(1);
  });

  it('never shows a stack for a known error, even with --debug', () => {
    const { text } = report(new UsageError('bad'), { json: false, debug: true });
    expect(text).toBe('error: bad\n');
  });
});

describe('reportError with ExitStatus', () => {
  it('prints nothing and returns the status', () => {
    expect(report(new ExitStatus(3), { json: true })).toEqual({ code: 3, text: '' });
    expect(report(new ExitStatus(0), { json: false })).toEqual({ code: 0, text: '' });
  });
});

describe('reportError at a terminal', () => {
  const error = new CredentialsError('no credentials in profile "ci" or the environment', {
    hint: 'run `svc workspace create` or `svc auth login --api-key KEY` to store tokens',
  });
  const reported = (columns: number | undefined, isTTY: boolean, color = false) => {
    const chunks: string[] = [];
    reportError(error, {
      stderr: { write: (t: string) => chunks.push(t), isTTY, columns },
      json: false,
      debug: false,
      style: new Chalk({ level: color ? 1 : 0 }),
      redact: (t) => t,
    });
    return chunks.join('');
  };

  it('breaks the message and hint between words, never inside a quoted command, each continuing under its text', () => {
    expect(reported(40, true)).toBe(
      [
        'error: no credentials in profile "ci" or',
        '       the environment',
        'hint: run `svc workspace create` or',
        '      `svc auth login --api-key KEY` to',
        '      store tokens',
        '',
      ].join('\n'),
    );
    const coloured = reported(40, true, true);
    // eslint-disable-next-line no-control-regex
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, '')).toBe(reported(40, true));
  });

  it('writes each on one line into a pipe', () => {
    expect(reported(40, false).split('\n')).toHaveLength(3);
  });
});
