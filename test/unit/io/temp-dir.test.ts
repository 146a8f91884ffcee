import {
  closeSync,
  existsSync,
  mkdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { privateTempDir, privateTempFile } from '../../../src/io/temp-dir.js';

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

describe('privateTempFile', () => {
  it('makes a file only this user may read, in a directory of its own, and removes both', async () => {
    const made = await privateTempFile('svc-test-', 'items');
    writeSync(made.fd, 'secret');
    closeSync(made.fd);
    expect(statSync(made.path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(made.path)).mode & 0o777).toBe(0o700);
    await made.remove();
    await made.remove();
    expect(existsSync(dirname(made.path))).toBe(false);
  });
});
