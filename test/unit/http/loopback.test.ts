import { describe, expect, it } from 'vitest';
import { adminTokenFrom, type ServerFlags } from '../../../src/commands/emulator/server-options.js';
import { UsageError } from '../../../src/errors/errors.js';
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

describe('adminTokenFrom: the admin token of a start', () => {
  const flags = (more: Partial<ServerFlags>) => ({ host: '127.0.0.1', ...more }) as ServerFlags;
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (err) {
      expect(err).toBeInstanceOf(UsageError);
      return (err as Error).message;
    }
    throw new Error('not refused');
  };

  it('is made at start by default, on loopback and off it, and differs each time', () => {
    const one = adminTokenFrom(flags({}), {});
    const two = adminTokenFrom(flags({ host: '0.0.0.0' }), {});
    expect(one).toMatchObject({ generated: true });
    expect(one?.token).toMatch(/^[\w-]{43}$/);
    expect(two?.token).not.toBe(one?.token);
  });

  it("is the variable's when it is set, and a bad one is refused", () => {
    const token = 'a'.repeat(32);
    expect(adminTokenFrom(flags({}), { SVC_EMULATOR_ADMIN_TOKEN: token })).toEqual({
      token,
      generated: false,
    });
    expect(refusal(() => adminTokenFrom(flags({}), { SVC_EMULATOR_ADMIN_TOKEN: 'short' }))).toMatch(
      /SVC_EMULATOR_ADMIN_TOKEN must be 16 to 256/,
    );
  });

  it('refuses the variable set but empty, rather than making a token nobody knows', () => {
    expect(refusal(() => adminTokenFrom(flags({}), { SVC_EMULATOR_ADMIN_TOKEN: '' }))).toContain(
      'SVC_EMULATOR_ADMIN_TOKEN is set but empty',
    );
  });

  it('is none with --no-admin-token on loopback, or with --no-admin', () => {
    expect(adminTokenFrom(flags({ adminToken: false }), {})).toBeUndefined();
    expect(adminTokenFrom(flags({ adminToken: false, host: '::1' }), {})).toBeUndefined();
    expect(adminTokenFrom(flags({ admin: false, host: '0.0.0.0' }), {})).toBeUndefined();
  });

  it('--no-admin-token is refused off loopback, and beside the variable', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.2'])
      expect(refusal(() => adminTokenFrom(flags({ adminToken: false, host }), {}))).toContain(
        `--host ${host} with --no-admin-token`,
      );
    expect(
      refusal(() =>
        adminTokenFrom(flags({ adminToken: false }), { SVC_EMULATOR_ADMIN_TOKEN: 'b'.repeat(20) }),
      ),
    ).toContain('--no-admin-token and SVC_EMULATOR_ADMIN_TOKEN contradict');
  });
});
