import { dirname } from 'node:path';
const { mkdirSync } = process.getBuiltinModule('node:fs');

/**
 * `mkdir -p dir` with `mode`, failing with the real cause. Node's recursive mkdir reports
 * ENOENT ("no such file or directory") whenever a parent cannot be made, whatever the cause
 * (a read-only file system, no permission): the one directory that cannot be made is
 * made again alone, whose error says why.
 */
export function makeDirectories(dir: string, mode: number): void {
  try {
    mkdirSync(dir, { recursive: true, mode });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    throw realCause(dir, mode) ?? err;
  }
}

/**
 * The error of making, alone, the first directory on the way to `dir` whose parent exists;
 * undefined if that one could be made (the tree changed meanwhile).
 */
function realCause(dir: string, mode: number): unknown {
  for (let at = dir; dirname(at) !== at; at = dirname(at)) {
    try {
      mkdirSync(at, { mode });
      return undefined;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return undefined;
      if (code !== 'ENOENT') return err;
    }
  }
  return undefined;
}
