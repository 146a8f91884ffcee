import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { ConfigFileError } from '../errors/errors.js';

const OTHERS_MAY_WRITE = 0o022;

/**
 * Makes sure `dir` exists and only its owner, this user, can change what it holds: a
 * directory others may write to lets them swap the files svc trusts (the tokens it sends,
 * the journal it resumes from). One of this user's own is repaired, with a warning; one
 * owned by someone else is refused, since svc cannot make it safe.
 */
export function ensurePrivateDir(dir: string, warn: (message: string) => void): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = statSync(dir);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw new ConfigFileError(
      `${dir} belongs to another user (uid ${stat.uid}): svc will not use it`,
      {
        hint: 'use a directory of your own, e.g. set SVC_CONFIG_DIR',
      },
    );
  }
  if (uid !== undefined && (stat.mode & OTHERS_MAY_WRITE) !== 0) {
    chmodSync(dir, stat.mode & 0o700);
    warn(
      `${dir} was writable by others (mode ${(stat.mode & 0o777).toString(8)}); made it private (mode ${(stat.mode & 0o700).toString(8)})`,
    );
  }
}
