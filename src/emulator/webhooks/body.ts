import {
  createCipheriv,
  createPublicKey,
  constants,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';

/** How a payload goes on the wire: as JSON, Base64-encoded, or encrypted. */
export interface BodyOptions {
  encodeData?: boolean | undefined;
  encryptData?: boolean | undefined;
  /** The RSA public key, Base64 of its DER (SPKI, or PKCS#1 as some tools write it). */
  publicKey?: string | undefined;
}

function rsaKey(base64: string) {
  const der = Buffer.from(base64, 'base64');
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/**
 * The body bytes for a payload. Encryption: AES-256-CBC under a fresh key and IV, the key
 * wrapped with RSA-OAEP (SHA-256) under the configured public key. When both options are
 * on, encryption wins: its fields are Base64 already (docs/emulator-fidelity.md).
 */
export function wireBody(payload: unknown, options: BodyOptions): string {
  const json = JSON.stringify(payload);
  if (options.encryptData && options.publicKey) {
    const key = randomBytes(32);
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', key, iv);
    const encrypted = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
    const wrapped = publicEncrypt(
      {
        key: rsaKey(options.publicKey),
        padding: constants.RSA_PKCS1_OAEP_PADDING,
        oaepHash: 'sha256',
      },
      key,
    );
    return JSON.stringify({
      encryptedData: encrypted.toString('base64'),
      encryptedKey: wrapped.toString('base64'),
      iv: iv.toString('base64'),
    });
  }
  if (options.encodeData) {
    return JSON.stringify({ encodedPayload: Buffer.from(json, 'utf8').toString('base64') });
  }
  return json;
}
