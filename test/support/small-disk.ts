import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether this process may mount a file system: tmpfs needs root. */
export const canMount = process.getuid?.() === 0;

export interface SmallDisk {
  dir: string;
  /** Fills the disk with files of one page each, then frees `pages` of them. */
  fill(pages?: number): void;
  unmount(): void;
}

const PAGE = 4096;

/** A tmpfs of `kib` KiB, mounted read-only or not, to run out of space or permission in. */
export function mountSmallDisk(kib: number, options: { readOnly?: boolean } = {}): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'svc-disk-'));
  const mountOptions = `size=${kib}k,mode=0700${options.readOnly ? ',ro' : ''}`;
  execFileSync('mount', ['-t', 'tmpfs', '-o', mountOptions, 'tmpfs', dir]);
  return {
    dir,
    fill(pages = 0) {
      const filler = join(dir, 'filler');
      mkdirSync(filler, { recursive: true });
      let n = 0;
      try {
        for (; ; n++) writeFileSync(join(filler, String(n)), Buffer.alloc(PAGE));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
      // The write that failed may have left an empty file behind.
      rmSync(join(filler, String(n)), { force: true });
      for (let i = 1; i <= pages; i++) rmSync(join(filler, String(n - i)));
    },
    unmount() {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
