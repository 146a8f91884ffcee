import { describe, expect, it } from 'vitest';
import { idItems, runBulk } from '../../../src/bulk/index.js';
import { detectFormat } from '../../../src/bulk/read.js';
import { operation } from '../../../src/catalogue/operations.js';
import { fakeSender, rejection, stdinOf, useTempDir } from './helpers.js';

const temp = useTempDir();
const purge = operation('users.purge');

describe('lists of ids, one a line', () => {
  it('reads a plain list as ids, and a CSV naming the column as CSV', async () => {
    const { file } = temp();
    expect(await detectFormat(file('ids', 'alice\nbob\n'), 'ids', 'userId')).toBe('lines');
    expect(await detectFormat(file('ids.txt', 'alice\n'), 'ids.txt', 'userId')).toBe('lines');
    expect(await detectFormat(file('users', 'userId,name\nalice,A\n'), 'users', 'userId')).toBe(
      'csv',
    );
    expect(await detectFormat(file('quoted', '"userId"\nalice\n'), 'quoted', 'userId')).toBe('csv');
    // Object items have no id column: a headerless file is still CSV to them.
    expect(await detectFormat(file('other', 'alice\nbob\n'), 'other')).toBe('csv');
  });

  it('sends every id piped in on stdin, trimmed, blank lines skipped', async () => {
    const fake = fakeSender<string>();
    const outcome = await runBulk({
      source: '-',
      stdin: stdinOf('alice\r\n\n  bob  \ncarol'),
      describe: idItems(purge, 'userId'),
      sendBatch: fake.send,
    });
    expect(fake.calls.map((c) => c.items)).toEqual([['alice', 'bob', 'carol']]);
    expect(Object.keys(outcome.results)).toEqual(['alice', 'bob', 'carol']);
  });

  it('reports an invalid id by its line and sends nothing', async () => {
    const fake = fakeSender<string>();
    const err = await rejection(
      runBulk({
        source: '-',
        stdin: stdinOf('alice\nalice\n'),
        describe: idItems(purge, 'userId'),
        sendBatch: fake.send,
      }),
    );
    expect(err.message).toContain('line 2');
    expect(fake.calls).toHaveLength(0);
  });
});
