import type { Stats } from 'node:fs';
import { ConfigFileError } from '../errors/errors.js';
import { makeDirectories } from '../io/make-dir.js';
const { chmodSync, statSync } = process.getBuiltinModule('node:fs');

const OTHERS_MAY_WRITE = 0o022;
const STICKY = 0o1000;
const OWN_DIR = 'use a directory of your own, e.g. set SVC_CONFIG_DIR';

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
  } catch {
    // Not there yet, or not readable: the read or write that follows says why, in words.
    return;
  }
  const uid = process.getuid?.();
  if (uid === undefined) return;
  if (stat.uid !== uid) {
    throw new ConfigFileError(
      `${dir} belongs to another user (uid ${stat.uid}): svc will not use it`,
      { hint: OWN_DIR },
    );
  }
  if ((stat.mode & OTHERS_MAY_WRITE) === 0) return;
  // A sticky directory such as /tmp is shared on purpose: taking it over would break others.
  if ((stat.mode & STICKY) !== 0) {
    throw new ConfigFileError(`${dir} is a shared directory: svc will not keep its files there`, {
      hint: OWN_DIR,
    });
  }
  chmodSync(dir, stat.mode & 0o700);
  warn(
    `${dir} was writable by others (mode ${(stat.mode & 0o777).toString(8)}); made it private (mode ${(stat.mode & 0o700).toString(8)})`,
  );
}

/** Makes `dir` (mode 0700) if it is not there, then checks it as checkPrivateDir does. */
export function ensurePrivateDir(dir: string, warn: (message: string) => void): void {
  makeDirectories(dir, 0o700);
  checkPrivateDir(dir, warn);
}
