import { describe, expect, it } from 'vitest';
import { canonicalJson, ConfirmationTokens } from '../../../src/mcp/confirmation.js';

function tokens(ttlMs = 60_000) {
  let now = 1_000_000;
  const issuer = new ConfirmationTokens(ttlMs, () => now);
  return { issuer, advance: (ms: number) => (now += ms) };
}

const args = { organizationId: 'acme', documentIds: ['plan', 'notes'], disabled: true };

describe('confirmation tokens', () => {
  it('let the same call act once', () => {
    const { issuer } = tokens();
    const { token } = issuer.issue('docs_disable', args);
    expect(issuer.redeem('docs_disable', args, token)).toEqual({ ok: true });
    expect(issuer.redeem('docs_disable', args, token)).toEqual({
      ok: false,
      reason: expect.stringContaining('already used') as string,
    });
  });

  it('are bound to the arguments and the tool, whatever the order of members', () => {
    const { issuer } = tokens();
    const { token } = issuer.issue('docs_disable', args);
    const other = { ...args, documentIds: ['plan'] };
    expect(issuer.redeem('docs_disable', other, token)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('other arguments') as string,
    });
    expect(issuer.redeem('orgs_disable', args, token)).toMatchObject({ ok: false });
    // Refused tries do not use the token up.
    const reordered = { disabled: true, documentIds: ['plan', 'notes'], organizationId: 'acme' };
    expect(issuer.redeem('docs_disable', reordered, token)).toEqual({ ok: true });
  });

  it('expire after their time', () => {
    const { issuer, advance } = tokens(1000);
    const { token, expiresAt } = issuer.issue('users_purge', args);
    advance(1000);
    expect(issuer.redeem('users_purge', args, token)).toEqual({
      ok: false,
      reason: `the confirmation token expired at ${new Date(expiresAt).toISOString()}`,
    });
  });

  it('cannot be forged, edited, or carried to another process', () => {
    const { issuer } = tokens();
    const { token } = issuer.issue('docs_disable', args);
    const [nonce, expiry, mac] = token.split('.') as [string, string, string];
    const later = `${nonce}.${(parseInt(expiry, 36) + 60_000).toString(36)}.${mac}`;
    expect(issuer.redeem('docs_disable', args, later)).toMatchObject({ ok: false });
    expect(issuer.redeem('docs_disable', args, 'nonsense')).toMatchObject({
      ok: false,
      reason: 'the confirmation token is malformed',
    });
    const elsewhere = tokens().issuer.issue('docs_disable', args).token;
    expect(issuer.redeem('docs_disable', args, elsewhere)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not issued by this server') as string,
    });
    expect(issuer.redeem('docs_disable', args, token)).toEqual({ ok: true });
  });
});

describe('canonicalJson', () => {
  it('sorts members at every level and keeps array order', () => {
    expect(canonicalJson({ b: [2, { d: 1, c: 0 }], a: 'x', u: undefined })).toBe(
      '{"a":"x","b":[2,{"c":0,"d":1}]}',
    );
  });
});
