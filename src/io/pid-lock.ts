import { readFile, rename, rm, writeFile } from 'node:fs/promises';

/** Whether a process with this id exists; EPERM means it does, under another user. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

const codeOf = (err: unknown) => (err as { code?: string }).code;

/** The process id a lock file holds; undefined when it is gone or unreadable. */
async function holderOf(file: string): Promise<number | undefined> {
  const pid = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
  return Number.isInteger(pid) ? pid : undefined;
}

/** Removes the lock only while it is still this process's. */
async function release(file: string): Promise<void> {
  if ((await holderOf(file)) === process.pid) await rm(file, { force: true });
}

/** How often a stale lock may be cleared before giving up rather than racing for ever. */
const TAKEOVERS = 3;

/**
 * Takes a lock file holding this process's id, or returns the id of the live process that
 * holds it. A lock left by a process that died (a kill -9) is taken over, so a crash never
 * needs cleaning up by hand; a lock file with mtime-based staleness would make the rerun
 * after a crash wait for it to go stale instead.
 *
 * A stale lock is moved aside before the lock is created anew: when several processes find
 * it at once, one rename succeeds and the others find it gone, so no process deletes a lock
 * another has just taken.
 */
export async function takePidLock(
  file: string,
): Promise<{ release: () => Promise<void> } | { heldBy: number }> {
  for (let takeovers = 0; takeovers <= TAKEOVERS;) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return { release: () => release(file) };
    } catch (err) {
      if (codeOf(err) !== 'EEXIST') throw err;
    }
    const holder = await holderOf(file);
    if (holder !== undefined && holder !== process.pid && alive(holder)) return { heldBy: holder };
    const aside = `${file}.${process.pid}.stale`;
    try {
      await rename(file, aside);
    } catch (err) {
      if (codeOf(err) === 'ENOENT') continue;
      throw err;
    }
    takeovers++;
    const moved = await holderOf(aside);
    await rm(aside, { force: true });
    // What was moved was a live process's lock, taken between the read and the rename:
    // give it back, unless yet another process has taken the lock since.
    if (moved !== undefined && moved !== holder && moved !== process.pid && alive(moved)) {
      await writeFile(file, `${moved}\n`, { flag: 'wx', mode: 0o600 }).catch((err: unknown) => {
        if (codeOf(err) !== 'EEXIST') throw err;
      });
      return { heldBy: moved };
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
