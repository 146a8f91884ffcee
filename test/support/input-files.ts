import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { adminFetch, svc } from './e2e.js';
import type { SeededEmulator } from './seeded-emulator.js';

/**
 * What the tests of bulk input share: files written under names of their own, the count of
 * requests the emulator answered, and the check that svc refused a command having sent
 * nothing.
 */
export function inputFiles(emulator: SeededEmulator, prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  let files = 0;

  /** A file of these bytes, under a name of its own with the given extension. */
  function file(bytes: string | Buffer, extension = ''): string {
    const path = join(dir, `input-${++files}${extension}`);
    writeFileSync(path, bytes);
    return path;
  }

  /** How many requests the emulator has answered so far. */
  async function requests(): Promise<number> {
    const res = await adminFetch(emulator, '/_emulator/journal');
    return ((await res.json()) as { entries: unknown[] }).entries.length;
  }

  /** Runs svc and asserts that it exits 2 having sent nothing; gives its stderr. */
  async function refused(args: string[], input?: string): Promise<string> {
    const before = await requests();
    const r = await svc(args, emulator.env, input);
    expect(r.stdout).toBe('');
    expect(r.exitCode).toBe(2);
    expect(await requests()).toBe(before);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    return r.stderr;
  }

  return { dir, file, requests, refused };
}
