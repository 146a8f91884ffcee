import { once } from '../catalogue/once.js';

/**
 * node:crypto, loaded on first use: `svc mcp` starts, and most servers run, without a
 * destructive call, and loading it costs more than the rest of this module.
 */
export const crypto = () => process.getBuiltinModule('node:crypto');

/**
 * Single-use confirmation tokens for destructive calls. A token is bound to one tool and its
 * exact arguments by an HMAC under a key that lives only in this process, so it cannot be
 * forged, moved to other arguments, or survive a restart; it expires after `ttlMs`, and the
 * call that uses it is the only one that can.
 */

/** JSON with object members sorted, so that equal arguments give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface IssuedToken {
  token: string;
  expiresAt: number;
}

export type TokenCheck = { ok: true } | { ok: false; reason: string };

export class ConfirmationTokens {
  // Made on first use: a server that is never asked for a destructive call never loads
  // node:crypto.
  private readonly key = once(() => crypto().randomBytes(32));
  /** Nonces issued and not yet used, with their expiry. */
  private readonly open = new Map<string, number>();
  /** Nonces used, with their expiry: a reuse is told apart from a forgery until then. */
  private readonly used = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  private mac(tool: string, args: unknown, nonce: string, expiresAt: number): Buffer {
    return crypto()
      .createHmac('sha256', this.key())
      .update(canonicalJson({ tool, args, nonce, expiresAt }))
      .digest();
  }

  issue(tool: string, args: unknown): IssuedToken {
    this.forgetExpired();
    const nonce = crypto().randomBytes(12).toString('base64url');
    const expiresAt = this.now() + this.ttlMs;
    this.open.set(nonce, expiresAt);
    const mac = this.mac(tool, args, nonce, expiresAt).toString('base64url');
    return { token: `${nonce}.${expiresAt.toString(36)}.${mac}`, expiresAt };
  }

  /** Checks `token` for this call, and uses it up when it is good. */
  redeem(tool: string, args: unknown, token: string): TokenCheck {
    const [nonce, expiry, mac, extra] = token.split('.');
    const expiresAt = expiry === undefined ? NaN : parseInt(expiry, 36);
    if (!nonce || !mac || extra !== undefined || !Number.isSafeInteger(expiresAt)) {
      return { ok: false, reason: 'the confirmation token is malformed' };
    }
    if (this.used.has(nonce)) {
      return { ok: false, reason: 'the confirmation token was already used; each acts once' };
    }
    const expected = this.mac(tool, args, nonce, expiresAt);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !crypto().timingSafeEqual(given, expected)) {
      return {
        ok: false,
        reason: this.open.has(nonce)
          ? `the confirmation token was issued for other arguments, or for another tool than ${tool}`
          : 'the confirmation token was not issued by this server (it may have restarted)',
      };
    }
    // A good MAC proves this process issued it; only its time and its use are left to check.
    if (this.now() >= expiresAt) {
      this.open.delete(nonce);
      return {
        ok: false,
        reason: `the confirmation token expired at ${new Date(expiresAt).toISOString()}`,
      };
    }
    this.open.delete(nonce);
    this.used.set(nonce, expiresAt);
    return { ok: true };
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const map of [this.open, this.used]) {
      for (const [nonce, expiresAt] of map) if (expiresAt <= now) map.delete(nonce);
    }
  }
}
