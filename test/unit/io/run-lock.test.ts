import { mkdirSync, mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeRunLock } from '../../../src/io/run-lock.js';

const journalIn = () => join(mkdtempSync(join(tmpdir(), 'svc-lock-')), 'journal.ndjson');
const never = () => {
  throw new Error('the lock was lost');
};

describe('takeRunLock', () => {
  it('refuses while the lock is held, and can be taken again once released', async () => {
    const file = journalIn();
    const held = await takeRunLock(file, never);
    expect(held).toBeDefined();
    expect(await takeRunLock(file, never)).toBeUndefined();
    await held?.release();
    const again = await takeRunLock(file, never);
    expect(again).toBeDefined();
    await again?.release();
    // Releasing twice (a run's close after its finish) is harmless.
    await again?.release();
    expect(readdirSync(join(file, '..'))).toEqual([]);
  }, 10_000);

  it('takes over a lock its holder stopped marking fresh (a process killed with -9)', async () => {
    const file = journalIn();
    mkdirSync(`${file}.lock`);
    const long = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, long, long);
    const held = await takeRunLock(file, never);
    expect(held).toBeDefined();
    await held?.release();
  });
});
