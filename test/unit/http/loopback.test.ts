import { describe, expect, it } from 'vitest';
import { exposureWarning } from '../../../src/commands/emulator/server-options.js';
import { isLoopback } from '../../../src/http/loopback.js';

describe('isLoopback', () => {
  it.each([
    'localhost',
    'LocalHost',
    '127.0.0.1',
    '127.200.3.4',
    '127.1',
    '[::1]',
    '::1',
    '0:0::1',
  ])('%s is this machine', (host) => expect(isLoopback(host)).toBe(true));

  it.each(['0.0.0.0', '::', '192.0.2.2', 'localhost.example.com', '128.0.0.1', 'not a host', ''])(
    '%s is not',
    (host) => expect(isLoopback(host)).toBe(false),
  );
});

describe('exposureWarning', () => {
  it('warns of admin routes on a non-loopback bind, naming --no-admin', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.2']) {
      expect(exposureWarning(host, true)).toMatch(/--host .*admin routes.*--no-admin/);
    }
  });

  it('says nothing on loopback, or with the admin routes off', () => {
    expect(exposureWarning('127.0.0.1', true)).toBeUndefined();
    expect(exposureWarning('::1', true)).toBeUndefined();
    expect(exposureWarning('0.0.0.0', false)).toBeUndefined();
  });
});
