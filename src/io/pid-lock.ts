import { readFile, rm, writeFile } from 'node:fs/promises';

/** Whether a process with this id exists; EPERM means it does, under another user. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * Takes a lock file holding this process's id, or returns the id of the live process that
 * holds it. A lock left by a process that died (a kill -9) is taken over, so a crash never
 * needs cleaning up by hand; a lock file with mtime-based staleness would make the rerun
 * after a crash wait for it to go stale instead.
 */
export async function takePidLock(
  file: string,
): Promise<{ release: () => Promise<void> } | { heldBy: number }> {
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return { release: () => rm(file, { force: true }) };
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    }
    const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
      return { heldBy: holder };
    }
    // Taken over once already: give up rather than race another process for ever.
    if (attempt > 0) throw new Error(`could not take the lock ${file}`);
    await rm(file, { force: true });
  }
}
