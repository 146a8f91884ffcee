import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { ConfigFileError } from '../errors/errors.js';

const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;
/** Permission bits that let anyone but the owner in. */
const SHARED_BITS = 0o077;

const ownUid = (): number | undefined => process.getuid?.();

/**
 * `dir`, created if missing, after checking that only this user can write in it: a native
 * library loaded from a directory that others can write into would run their code.
 */
export function privateDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stat = lstatSync(dir);
  const problem = !stat.isDirectory()
    ? 'not a directory (a symbolic link is refused too)'
    : stat.uid !== ownUid()
      ? 'owned by another user'
      : (stat.mode & SHARED_BITS) !== 0
        ? 'open to other users'
        : undefined;
  if (problem) {
    throw new ConfigFileError(`${dir} is ${problem}`, {
      hint: `remove it, or point XDG_CACHE_HOME at a directory of your own`,
    });
  }
  return dir;
}

/** The file at `path` when it is a private regular file of ours holding exactly `bytes`. */
function holds(path: string, bytes: Uint8Array): boolean {
  let fd: number;
  try {
    // O_NOFOLLOW: a symbolic link planted under the name is never read through.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.uid !== ownUid() || (stat.mode & SHARED_BITS) !== 0) return false;
    return stat.size === bytes.length && Buffer.from(readFileSync(fd)).equals(bytes);
  } finally {
    closeSync(fd);
  }
}

/**
 * A private copy of `bytes` in `dir` (see privateDir), named `<stem>-<hash><ext>` by its
 * content, so that copies from different builds never replace one another while one runs.
 * Written once: later calls find it and only compare it.
 */
export function privateCopy(dir: string, stem: string, ext: string, bytes: Uint8Array): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const path = join(privateDir(dir), `${stem}-${hash}${ext}`);
  if (holds(path, bytes)) return path;
  // A fresh file beside it, then an atomic rename: another process running the same build
  // never loads a half-written copy, and rename replaces a planted link, not its target.
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const fd = openSync(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      PRIVATE_FILE_MODE,
    );
    try {
      writeFileSync(fd, bytes);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
  return path;
}
