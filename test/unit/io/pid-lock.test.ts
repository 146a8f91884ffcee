import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { takePidLock } from '../../../src/io/pid-lock.js';

/** A process id no process has: above the kernel's largest. */
const DEAD = 2 ** 22 + 1;

const lockIn = () => join(mkdtempSync(join(tmpdir(), 'svc-lock-')), 'journal.lock');

describe('takePidLock', () => {
  it('holds this process id, and refuses while a live process holds it', async () => {
    const file = lockIn();
    const lock = await takePidLock(file);
    expect('release' in lock).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`);
    writeFileSync(file, `${process.ppid}\n`);
    expect(await takePidLock(file)).toEqual({ heldBy: process.ppid });
  });

  it('takes over a lock left by a dead process, leaving nothing aside', async () => {
    const file = lockIn();
    writeFileSync(file, `${DEAD}\n`);
    expect('release' in (await takePidLock(file))).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(`${process.pid}\n`);
    expect(readdirSync(join(file, '..'))).toEqual(['journal.lock']);
  });

  it('releases only a lock that is still its own', async () => {
    const file = lockIn();
    const lock = await takePidLock(file);
    if (!('release' in lock)) throw new Error('expected the lock');
    writeFileSync(file, `${process.ppid}\n`);
    await lock.release();
    expect(readFileSync(file, 'utf8')).toBe(`${process.ppid}\n`);
  });
});
