import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { privateTempDir } from '../../../src/io/temp-dir.js';

/** A process id no process has: above the kernel's largest. */
const DEAD = 2 ** 22 + 1;

describe('privateTempDir', () => {
  it("removes what killed runs left, and never a live run's", async () => {
    const left = join(tmpdir(), `svc-bulk-${DEAD}-left`);
    const live = join(tmpdir(), `svc-bulk-${process.ppid}-live`);
    for (const dir of [left, live]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'input'), 'x'.repeat(1024));
    }
    const made = await privateTempDir('svc-bulk-');
    expect(existsSync(left)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(made).toMatch(new RegExp(`svc-bulk-${process.pid}-[^/]+$`));
    for (const dir of [live, made]) rmSync(dir, { recursive: true, force: true });
  });
});
