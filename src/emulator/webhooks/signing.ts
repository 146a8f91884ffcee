import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Standard Webhooks signature: HMAC-SHA256 over `id.timestamp.body`, keyed with the
 * Base64-decoded part of the `whsec_` secret, Base64-encoded, as `v1,<signature>`.
 */
export function signatureHeader(
  secret: string,
  webhookId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`);
  return `v1,${mac.digest('base64')}`;
}

/**
 * Whether a delivery carries a valid signature of `secret` over its id, timestamp and body
 * (Standard Webhooks: `webhook-signature` holds one or more `v1,<signature>` separated by
 * spaces, one of which must match). Compared in constant time.
 */
export function hasValidSignature(
  secret: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: Buffer,
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    return false;
  }
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  const expected = Buffer.from(
    signatureHeader(secret, id, Number(timestamp), body.toString('utf8')),
  );
  return signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
