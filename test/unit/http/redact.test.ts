import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor, mask } from '../../../src/http/redact.js';

describe('Redactor.text: value-based scrubbing', () => {
  it('replaces every occurrence of each registered secret', () => {
    const r = new Redactor().add('tok-abcdef123456', 'wstok-999999');
    expect(r.text('a tok-abcdef123456 b tok-abcdef123456 c wstok-999999')).toBe(
      `a ${REDACTED} b ${REDACTED} c ${REDACTED}`,
    );
  });

  it('ignores undefined, empty and short values (under 6 characters)', () => {
    const r = new Redactor().add(undefined, '', 'abc', '12345');
    expect(r.text('abc 12345 text')).toBe('abc 12345 text');
    r.add('123456');
    expect(r.text('abc 123456 text')).toBe(`abc ${REDACTED} text`);
  });

  it('leaves text without secrets unchanged', () => {
    expect(new Redactor().add('secret-value').text('nothing here')).toBe('nothing here');
  });

  it('add() returns the redactor for chaining', () => {
    const r = new Redactor();
    expect(r.add('secret-value')).toBe(r);
  });
});

describe('Redactor.headers', () => {
  it('redacts the auth token and authorization headers by name, whatever the case', () => {
    const r = new Redactor();
    expect(
      r.headers({
        'X-Service-Auth-Token': 'tok-abcdef123456',
        authorization: 'Bearer xyz',
        'Proxy-Authorization': 'Basic abc',
        'x-service-api-key': 'key_live_123',
        'x-service-workspace-id': 'ws_1',
      }),
    ).toEqual({
      'X-Service-Auth-Token': REDACTED,
      authorization: REDACTED,
      'Proxy-Authorization': REDACTED,
      'x-service-api-key': 'key_live_123',
      'x-service-workspace-id': 'ws_1',
    });
  });

  it('scrubs registered values from other headers', () => {
    const r = new Redactor().add('tok-abcdef123456');
    expect(r.headers({ 'x-note': 'token=tok-abcdef123456' })).toEqual({
      'x-note': `token=${REDACTED}`,
    });
  });
});

describe('Redactor.json', () => {
  it('redacts secret fields at any depth, case-insensitively', () => {
    const r = new Redactor();
    const input = {
      id: 'ws_1',
      authToken: 'a-secret',
      nested: { Token: 't-secret', list: [{ token: 't2' }, { workspaceToken: 'w' }] },
      password: 'p',
      secret: 's',
    };
    expect(r.json(input)).toEqual({
      id: 'ws_1',
      authToken: REDACTED,
      nested: { Token: REDACTED, list: [{ token: REDACTED }, { workspaceToken: REDACTED }] },
      password: REDACTED,
      secret: REDACTED,
    });
  });

  it('redacts apiKey only inside emailServiceConfig (elsewhere it is an identifier)', () => {
    const r = new Redactor();
    const input = {
      apiKey: 'key_live_123',
      emailServiceConfig: { type: 'sendgrid', apiKey: 'SG.provider-secret' },
    };
    expect(r.json(input)).toEqual({
      apiKey: 'key_live_123',
      emailServiceConfig: { type: 'sendgrid', apiKey: REDACTED },
    });
  });

  it('scrubs registered values inside any string, and keeps other types', () => {
    const r = new Redactor().add('tok-abcdef123456');
    expect(r.json({ note: 'uses tok-abcdef123456', n: 1, b: true, z: null })).toEqual({
      note: `uses ${REDACTED}`,
      n: 1,
      b: true,
      z: null,
    });
  });

  it('does not modify its input', () => {
    const input = { token: 'abc' };
    new Redactor().json(input);
    expect(input).toEqual({ token: 'abc' });
  });
});

describe('Redactor.body', () => {
  it('redacts a JSON body by field and re-serialises it', () => {
    const r = new Redactor();
    expect(r.body('{"result":{"data":{"authTokens":[{"token":"t-1234567"}]}}}')).toBe(
      `{"result":{"data":{"authTokens":[{"token":"${REDACTED}"}]}}}`,
    );
  });

  it('falls back to value scrubbing for a body that is not JSON', () => {
    const r = new Redactor().add('tok-abcdef123456');
    expect(r.body('<p>tok-abcdef123456</p>')).toBe(`<p>${REDACTED}</p>`);
  });
});

describe('mask', () => {
  it('shows the last four characters of a long secret', () => {
    expect(mask('abcdefghijkl')).toBe('****ijkl');
    expect(mask('authtok-1a2b3c4d5e6f7081')).toBe('****7081');
  });

  it('shows nothing of a short secret', () => {
    expect(mask('abcdefghijk')).toBe('****');
    expect(mask('x')).toBe('****');
  });

  it('is empty for no secret', () => {
    expect(mask(undefined)).toBe('');
    expect(mask('')).toBe('');
  });
});
