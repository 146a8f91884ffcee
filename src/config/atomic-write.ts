import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';

/**
 * Replaces the file at `path` with `text`, mode 0600, all at once: readers see the old
 * file or the new one, never part of either. A symlink at `path` is replaced, not written
 * through: the temporary file is created exclusively (which never follows a link), and
 * rename() swaps the name itself. Nothing is chowned, so no file changes owner.
 */
export async function replaceFile(path: string, text: string): Promise<void> {
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
