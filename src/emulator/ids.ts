import { randomBytes, randomInt } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character identifier in the style of the real service's generated ids. */
export function newId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += alphabet[randomInt(alphabet.length)];
  return id;
}

/** A bearer secret: 32 random bytes, base64url, so it is safe in headers and URLs. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
