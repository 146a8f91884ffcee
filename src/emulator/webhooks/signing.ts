import { createHmac } from 'node:crypto';

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
