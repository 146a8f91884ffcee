import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';

/** The database's own file and the two SQLite keeps beside it in WAL mode. */
const SIDE_FILES = ['-wal', '-shm'];

/**
 * Makes `dataDir` and the database file in it private to their owner (0700 and 0600)
 * before SQLite opens it: they hold every workspace's tokens. SQLite gives the WAL and
 * shared-memory files the database file's mode, and those left by an earlier run are
 * tightened too. Returns the database file's path.
 */
export function preparePrivateDatabase(dataDir: string, fileName: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // An existing directory keeps the mode it was made with unless it is tightened here.
  chmodSync(dataDir, 0o700);
  const path = join(dataDir, fileName);
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
  for (const suffix of SIDE_FILES) {
    if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
  }
  return path;
}
