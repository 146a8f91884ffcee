import { describe, expect, it } from 'vitest';
import { maskUrlPasswords, maskUrlPasswordsIn } from '../../../src/text/url-passwords.js';
import { Redactor } from '../../../src/http/redact.js';

describe('maskUrlPasswords', () => {
  it('masks the password of a URL and keeps the user name, host and path', () => {
    expect(maskUrlPasswords('http://bob:hunter2@hooks.example.com/in?x=1')).toBe(
      'http://bob:****@hooks.example.com/in?x=1',
    );
    expect(maskUrlPasswords('https://a%40b:p%3Ass@[::1]:8443/')).toBe(
      'https://a%40b:****@[::1]:8443/',
    );
  });

  it('masks every URL in a text, and only passwords', () => {
    expect(
      maskUrlPasswords('to http://u:p1@h/a, then "https://v:p2@k/b" and http://plain@h/ http://h/'),
    ).toBe('to http://u:****@h/a, then "https://v:****@k/b" and http://plain@h/ http://h/');
  });

  it('leaves text that only looks like credentials alone', () => {
    for (const text of [
      'user:pass@example.com',
      'mailto:bob@example.com',
      'a: b@c',
      'http://h/p:q@r',
    ]) {
      expect(maskUrlPasswords(text)).toBe(text);
    }
  });

  it('masks inside any JSON value, members of lists and objects alike', () => {
    expect(
      maskUrlPasswordsIn({ endpoints: [{ url: 'http://bob:pw@h/in', n: 1 }], ok: true }),
    ).toEqual({ endpoints: [{ url: 'http://bob:****@h/in', n: 1 }], ok: true });
  });

  it("is applied by the redactor, so traces, dry runs and an agent's results mask it too", () => {
    expect(new Redactor().text('POST http://bob:hunter2@h/in')).toBe('POST http://bob:****@h/in');
    expect(new Redactor().json({ url: 'http://bob:hunter2@h/in' })).toEqual({
      url: 'http://bob:****@h/in',
    });
  });
});
