import { describe, expect, it } from 'vitest';
import { isAcceptedOwnerEmail, RESERVED_DOMAIN } from '../../../src/catalogue/owner-email.js';
import { email } from '../../../src/catalogue/resource-schemas.js';
import { refuseDisposableEmail } from '../../../src/emulator/service-rules.js';
import { expectError, post, request } from './helpers.js';
import { useEmulator } from './fixture.js';

/**
 * An address that passes the catalogue's email check, on which mailchecker's syntax regex
 * backtracks exponentially: each extra `a.` doubles its time (27 took seconds).
 */
const backtracking = `a@${'a.'.repeat(27)}b-.com`;

/** Generous for a set lookup under load; the exponential regex takes seconds. */
const BOUND_MS = 1_000;

function elapsedMs(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

describe('the disposable-domain rule', () => {
  it('answers at once for an address that backtracks in a syntax regex', () => {
    expect(email().safeParse(backtracking).success).toBe(true);
    expect(elapsedMs(() => refuseDisposableEmail(backtracking, 'email'))).toBeLessThan(BOUND_MS);
  });

  it('answers at once for an address of 254 characters, the longest there is', () => {
    // Many labels: the lookup walks one suffix per label.
    const longest = `${'a'.repeat(64)}@${'b.'.repeat(89)}example.com`;
    expect(longest.length).toBe(254);
    expect(elapsedMs(() => refuseDisposableEmail(longest, 'email'))).toBeLessThan(BOUND_MS);
  });

  it('refuses a disposable domain and the domains under it, in any case', () => {
    for (const address of ['x@mailinator.com', 'x@MAILINATOR.com', 'x@mx.mailinator.com']) {
      expect(() => refuseDisposableEmail(address, 'ownerEmail'), address).toThrow(
        /ownerEmail is not accepted: disposable email domains are not allowed/,
      );
    }
  });

  it('accepts an address at an ordinary domain', () => {
    for (const address of ['ada@example.com', 'ada@mailinator.example.org']) {
      expect(() => refuseDisposableEmail(address, 'email'), address).not.toThrow();
    }
  });
});

describe('the emulator while it checks such an address', () => {
  const emu = useEmulator({ shared: true });

  it('answers a health check sent meanwhile', async () => {
    const started = performance.now();
    const create = post(emu.url, '/v2/workspace/create', { ownerEmail: backtracking });
    const health = await request(`${emu.url}/_emulator/health`);
    const healthMs = performance.now() - started;
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(BOUND_MS * 2);
    // Not disposable: the workspace is made.
    expect((await create).status).toBe(200);
    const refused = await post(emu.url, '/v2/workspace/create', {
      ownerEmail: 'x@mx.mailinator.com',
    });
    expect(expectError(refused, 400, 'INVALID_ARGUMENT')).toMatch(/disposable/);
  });
});

describe('names reserved for documentation and tests', () => {
  it('are on no list of disposable domains, so answering them without it changes nothing', async () => {
    const { default: MailChecker } = await import('mailchecker');
    const reserved = [...MailChecker.blacklist()].filter((domain) => RESERVED_DOMAIN.test(domain));
    expect(reserved).toEqual([]);
    expect(RESERVED_DOMAIN.test('example.com')).toBe(true);
    expect(RESERVED_DOMAIN.test('a.b.test')).toBe(true);
    expect(RESERVED_DOMAIN.test('notexample.com')).toBe(false);
    expect(RESERVED_DOMAIN.test('example.com.evil')).toBe(false);
    expect(isAcceptedOwnerEmail('owner@example.com')).toBe(true);
  });
});
