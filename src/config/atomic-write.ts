import { ConfigFileError } from '../errors/errors.js';
const { realpathSync } = process.getBuiltinModule('node:fs');

// node:fs/promises and node:crypto load on the first write: every command reads its config,
// few write one, and loading the two costs more than the read.
const fsPromises = () => import('node:fs/promises');

const OTHERS_MAY_WRITE = 0o022;

/**
 * The file a write of `path` goes to: `path` itself, or, when it is a symlink (dotfiles
 * kept in a repository and linked by stow or chezmoi), the file it leads to, so that the
 * link stays and the repository's copy is the one changed, as gh and git do. Only a link
 * to a regular file of this user's that no one else may write is written through: any
 * other is refused, naming both paths, since writing there would hand tokens to a file
 * others control, or replace the link without a word.
 */
export async function writeTarget(path: string): Promise<string> {
  const { lstat, readlink, stat } = await fsPromises();
  try {
    if (!(await lstat(path)).isSymbolicLink()) return path;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return path;
    throw err;
  }
  const refuse = (target: string, why: string) =>
    new ConfigFileError(`${path} is a link to ${target}, ${why}: svc will not write through it`, {
      hint: `make ${target} a regular file of yours that only you may write (chmod go-w), or replace the link with a file`,
    });
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    throw refuse(await readlink(path).catch(() => '?'), 'which does not exist');
  }
  const info = await stat(target);
  if (!info.isFile()) throw refuse(target, 'which is not a regular file');
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) {
    throw refuse(target, `which belongs to another user (uid ${info.uid})`);
  }
  if ((info.mode & OTHERS_MAY_WRITE) !== 0) {
    throw refuse(target, `which others may write (mode ${(info.mode & 0o777).toString(8)})`);
  }
  return target;
}

/**
 * Replaces the file at `path` with `text`, mode 0600, all at once: readers see the old
 * file or the new one, never part of either. `path` is the file itself, never a link (a
 * link is resolved first by `writeTarget`): the temporary file is created exclusively
 * (which never follows a link), and rename() swaps the name itself. Nothing is chowned,
 * so no file changes owner.
 */
export async function replaceFile(path: string, text: string): Promise<void> {
  const [{ open, rename, unlink }, { randomBytes }] = await Promise.all([
    fsPromises(),
    import('node:crypto'),
  ]);
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const file = await open(temporary, 'wx', 0o600);
  try {
    try {
      await file.writeFile(text);
      // On disk before the rename, so that a crash cannot leave an empty config behind.
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (err) {
    await unlink(temporary).catch(() => undefined);
    throw err;
  }
}
