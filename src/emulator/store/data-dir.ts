import type { Stats } from 'node:fs';
import { join } from 'node:path';
import { EmulatorError } from '../errors.js';
const { chmodSync, closeSync, constants, fchmodSync, fstatSync, mkdirSync, openSync, statSync } =
  process.getBuiltinModule('node:fs');

/** The database's own file and the two SQLite keeps beside it in WAL mode. */
const SIDE_FILES = ['-wal', '-shm'];

const OTHERS_MAY_WRITE = 0o022;
const STICKY = 0o1000;
const OWN_DIR = 'give --data-dir a directory of your own, e.g. .svc-emulator';

function refuse(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', `${message}; ${OWN_DIR}`);
}

/**
 * Refuses a data directory that is not this user's alone, as the config directory's check
 * does (src/config/private-dir.ts): one owned by someone else, and one others may write to
 * (a shared or sticky folder such as /tmp), where they could swap the database and which
 * is not the emulator's to make private.
 */
function checkOwnDirectory(dataDir: string): void {
  const stat = statSync(dataDir);
  if (!stat.isDirectory()) throw refuse(`the data directory ${dataDir} is not a directory`);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw refuse(`the data directory ${dataDir} belongs to another user (uid ${stat.uid})`);
  }
  if ((stat.mode & (OTHERS_MAY_WRITE | STICKY)) !== 0) {
    throw refuse(
      `the data directory ${dataDir} is shared (mode ${(stat.mode & 0o7777).toString(8)}): others may write to it`,
    );
  }
}

/**
 * Opens `path` without following a symbolic link, checks that it is a file of this user's
 * with no other name, and makes it private (0600): a link planted in the directory would
 * otherwise have the emulator write its tokens to, and change the mode of, another file.
 */
function makePrivateFile(path: string, flags: number): void {
  let fd: number;
  try {
    fd = openSync(path, flags | constants.O_NOFOLLOW, 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && (flags & constants.O_CREAT) === 0) return;
    if (code === 'ELOOP') throw refuse(`${path} is a symbolic link`);
    throw err;
  }
  try {
    const stat: Stats = fstatSync(fd);
    if (!stat.isFile()) throw refuse(`${path} is not a regular file`);
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid)
      throw refuse(`${path} belongs to another user (uid ${stat.uid})`);
    if (stat.nlink > 1) throw refuse(`${path} has other names (${stat.nlink} hard links)`);
    fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes `dataDir` and the database file in it private to their owner (0700 and 0600)
 * before SQLite opens it: they hold every workspace's tokens. SQLite gives the WAL and
 * shared-memory files the database file's mode, and those left by an earlier run are
 * tightened too. A directory others share, and a file that is a link, are refused rather
 * than changed. Returns the database file's path.
 */
export function preparePrivateDatabase(dataDir: string, fileName: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  checkOwnDirectory(dataDir);
  // An existing directory of this user's keeps the mode it was made with unless tightened.
  chmodSync(dataDir, 0o700);
  const path = join(dataDir, fileName);
  makePrivateFile(path, constants.O_RDWR | constants.O_CREAT);
  for (const suffix of SIDE_FILES) makePrivateFile(path + suffix, constants.O_RDONLY);
  return path;
}
