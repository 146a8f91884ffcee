import { chmodSync, mkdirSync, statSync, type Stats } from 'node:fs';
import { ConfigFileError } from '../errors/errors.js';

const OTHERS_MAY_WRITE = 0o022;

/**
 * Checks that only its owner, this user, can change what `dir` holds: a directory others
 * may write to lets them swap the files svc trusts (the tokens it sends, the journal it
 * resumes from). One of this user's own is repaired, with a warning; one owned by someone
 * else is refused, since svc cannot make it safe. A directory not made yet passes.
 */
export function checkPrivateDir(dir: string, warn: (message: string) => void): void {
  let stat: Stats;
  try {
    stat = statSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return;
    throw err;
  }
  const uid = process.getuid?.();
  if (uid === undefined) return;
  if (stat.uid !== uid) {
    throw new ConfigFileError(
      `${dir} belongs to another user (uid ${stat.uid}): svc will not use it`,
      { hint: 'use a directory of your own, e.g. set SVC_CONFIG_DIR' },
    );
  }
  if ((stat.mode & OTHERS_MAY_WRITE) !== 0) {
    chmodSync(dir, stat.mode & 0o700);
    warn(
      `${dir} was writable by others (mode ${(stat.mode & 0o777).toString(8)}); made it private (mode ${(stat.mode & 0o700).toString(8)})`,
    );
  }
}

/** Makes `dir` (mode 0700) if it is not there, then checks it as checkPrivateDir does. */
export function ensurePrivateDir(dir: string, warn: (message: string) => void): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkPrivateDir(dir, warn);
}
