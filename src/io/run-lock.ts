import { processAlive } from './temp-dir.js';
const { readFileSync, rmSync, writeFileSync } = process.getBuiltinModule('node:fs');

/**
 * How often a held lock is marked fresh, and how old a mark may be before the lock counts as
 * left by a process that died (a kill -9): a rerun after a crash waits at most about this
 * long. proper-lockfile allows no less than 2 s.
 */
const STALE_MS = 2_000;
const UPDATE_MS = 1_000;
/** Waits for a lock long enough that one left by a crash goes stale, and no longer. */
const RETRIES = { retries: 6, factor: 1, minTimeout: 500, maxTimeout: 500 };

export interface HeldLock {
  release(): Promise<void>;
}

/** Where the holder of `file`'s lock writes its process id, for a run that finds it held. */
const holderFile = (file: string) => `${file}.pid`;

/**
 * The process id of the live process holding `file`'s lock, when it said (a holder that has
 * only just taken it may not have yet).
 */
export function lockHolder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(holderFile(file), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && processAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock `file`.lock (a directory, made atomically) for as long as a run works on
 * `file`, with proper-lockfile as everywhere in svc; undefined when another live process
 * holds it (lockHolder says which). `onLost` hears of a lock that could not be kept fresh (the machine stalled for
 * seconds): another run may then take it.
 */
export async function takeRunLock(
  file: string,
  onLost: (err: Error) => void,
): Promise<HeldLock | undefined> {
  // CommonJS: its exports are the default export, bundled or not.
  const { default: lockfile } = await import('proper-lockfile');
  try {
    const release = await lockfile.lock(file, {
      realpath: false,
      lockfilePath: `${file}.lock`,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: RETRIES,
      onCompromised: onLost,
    });
    try {
      writeFileSync(holderFile(file), `${process.pid}\n`, { mode: 0o600 });
    } catch {
      // Only a run that finds the lock held reads it, to name this one: not worth failing.
    }
    return {
      release: async () => {
        rmSync(holderFile(file), { force: true });
        // A lock already lost (see onLost) has nothing left to release.
        await release().catch((err: unknown) => {
          if ((err as { code?: string }).code !== 'ERELEASED') throw err;
        });
      },
    };
  } catch (err) {
    if ((err as { code?: string }).code === 'ELOCKED') return undefined;
    throw err;
  }
}
