import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
const { closeSync, constants, existsSync, openSync, readFileSync, writeFileSync } =
  process.getBuiltinModule('node:fs');

const KEY_FILE = 'emulator.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts the secrets customers hand the service (email and AI provider keys) before they
 * reach the store, as the real service keeps them encrypted at rest. AES-256-GCM, so a
 * sealed value that was tampered with, or sealed under another key, fails to open.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`a secret box key has ${KEY_BYTES} bytes`);
  }

  /** `base64(iv | tag | ciphertext)`. */
  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}

/**
 * The emulator's own key: kept beside the database (mode 0600) so a restart on the same
 * data directory can read what it sealed; a fresh random key when state is in memory.
 */
export function openSecretBox(dataDir: string | undefined): SecretBox {
  if (dataDir === undefined) return new SecretBox(randomBytes(KEY_BYTES));
  const path = join(dataDir, KEY_FILE);
  const read = () => {
    // Not through a symbolic link: the key is this directory's own file.
    const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      return new SecretBox(Buffer.from(readFileSync(fd, 'utf8').trim(), 'base64'));
    } finally {
      closeSync(fd);
    }
  };
  if (existsSync(path)) return read();
  const key = randomBytes(KEY_BYTES);
  try {
    // `wx`: of two emulators starting on one new directory, one writes and both use its key.
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw err;
  }
  return new SecretBox(key);
}
