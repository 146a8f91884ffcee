import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ensurePrivateDir } from '../config/private-dir.js';
const {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} = process.getBuiltinModule('node:fs');

const PRIVATE_FILE_MODE = 0o600;
/** Permission bits that let anyone but the owner in. */
const SHARED_BITS = 0o077;

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
    if (!stat.isFile() || stat.uid !== process.getuid?.() || (stat.mode & SHARED_BITS) !== 0) {
      return false;
    }
    return stat.size === bytes.length && Buffer.from(readFileSync(fd)).equals(bytes);
  } finally {
    closeSync(fd);
  }
}

/**
 * A private copy of `bytes` in `dir`, named `<stem>-<hash><ext>` by its content, so that
 * copies from different builds never replace one another while one runs. Written once:
 * later calls find it and only compare it. `dir` is made private first (ensurePrivateDir,
 * which reports a repair through `warn`): a native library loaded from a directory that
 * others can write into would run their code. Synchronous, unlike replaceFile, because
 * SQLite databases open synchronously.
 */
export function privateCopy(
  dir: string,
  name: { stem: string; ext: string },
  bytes: Uint8Array,
  warn: (message: string) => void,
): string {
  ensurePrivateDir(dir, warn);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const path = join(dir, `${name.stem}-${hash}${name.ext}`);
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
