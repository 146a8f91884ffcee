import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { idItems, runBulk } from '../../../src/bulk/index.js';
import { detectFormat } from '../../../src/bulk/read.js';
import { operation } from '../../../src/catalogue/operations.js';
import { UsageError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
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

describe('a file that is not one id a line', () => {
  /** The first pass's refusal of `text` as a list of user ids, with nothing sent. */
  async function refusal(text: string | Buffer): Promise<string> {
    const fake = fakeSender<string>();
    const path = temp().file('ids', '');
    writeFileSync(path, text);
    const err = await rejection(
      runBulk({ source: path, describe: idItems(purge, 'userId'), sendBatch: fake.send }),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect(exitCodeFor(err)).toBe(2);
    expect(fake.calls).toHaveLength(0);
    return err.message;
  }

  it('refuses a CSV whose header does not name the id column, at its first line', async () => {
    const message = await refusal('user_id,email\nalice,alice@example.com\n');
    expect(message).toContain('line 1: holds a comma');
    expect(message).toContain('header names the userId column');
  });

  it('refuses ids quoted as jq prints them without -r, and says to use jq -r', async () => {
    const message = await refusal('"alice"\n"bob"\n');
    expect(message).toContain('line 1: holds a quote');
    expect(message).toContain('line 2: holds a quote');
    expect(message).toContain('jq -r');
  });

  it('refuses several ids on one line, a tab, CR line endings and control characters', async () => {
    expect(await refusal('alice,bob\n')).toContain('line 1: holds a comma');
    expect(await refusal('alice\nbob\tcarol\n')).toContain('line 2: holds a tab');
    expect(await refusal('alice\rbob\rcarol\r')).toContain('line 1: holds a carriage return');
    expect(await refusal('alice\nbo\u001bb\n')).toContain(
      'line 2: holds the control character \\x1b',
    );
  });

  it('takes a first line that only ends in id for an id', async () => {
    const fake = fakeSender<string>();
    const path = temp().file('ids', 'squid\nalice\n');
    await runBulk({ source: path, describe: idItems(purge, 'userId'), sendBatch: fake.send });
    expect(fake.calls.map((c) => c.items)).toEqual([['squid', 'alice']]);
  });

  it('refuses a first line that names the column instead of being an id', async () => {
    for (const header of ['user_id', 'UserID', 'id', 'users', 'User Id', 'documentId', 'org_id']) {
      expect(await refusal(`${header}\nalice\n`)).toContain(
        `line 1: ${JSON.stringify(header)} may be a header rather than an id`,
      );
    }
  });

  it('refuses a first line that is a header word, even alone, naming --header and --no-header', async () => {
    for (const word of ['name', 'email', 'doc', 'title', 'org', 'uid', 'Names']) {
      for (const text of [`${word}\nalice\n`, `${word}\n`]) {
        const message = await refusal(text);
        expect(message).toContain(`line 1: ${JSON.stringify(word)} may be a header`);
        expect(message).toContain('--header');
        expect(message).toContain('--no-header');
      }
    }
  });

  it('refuses a first word whose shape the other ids all share and it lacks', async () => {
    // Every other id has a digit and a dash; the first has neither.
    expect(await refusal('Leavers\nu-1\nu-22\n')).toContain('line 1: "Leavers" may be a header');
    expect(await refusal('people to remove\n3f2a-9\n77b1-0\n')).toContain('line 1');
  });

  it('reads a first word as an id when the others do not suggest a header', async () => {
    for (const text of ['alice\nbob\n', 'alice\nbob\nu-1\n', 'alice\n', 'u1\nbob\n']) {
      const fake = fakeSender<string>();
      const path = temp().file('ids', text);
      await runBulk({ source: path, describe: idItems(purge, 'userId'), sendBatch: fake.send });
      expect(fake.calls.flatMap((c) => c.items)).toEqual(text.trim().split('\n'));
    }
  });

  it('--header skips the first line and --no-header sends it, whatever it holds', async () => {
    const cases: [boolean, string, string[]][] = [
      [true, 'name\nd1\nd2\n', ['d1', 'd2']],
      [true, 'user_id,email\nalice\n', ['alice']],
      [true, 'userId\nalice\n', ['alice']],
      [false, 'name\nd1\n', ['name', 'd1']],
      // Named exactly as the column, the first line is still an id: no CSV is guessed.
      [false, 'userId\nalice\n', ['userId', 'alice']],
    ];
    for (const [header, text, sent] of cases) {
      const fake = fakeSender<string>();
      const path = temp().file('ids', text);
      await runBulk({
        source: path,
        describe: idItems(purge, 'userId', { header }),
        sendBatch: fake.send,
      });
      expect(fake.calls.flatMap((c) => c.items)).toEqual(sent);
    }
  });

  it('refuses UTF-16 without a byte-order mark at its NUL bytes, naming iconv', async () => {
    const path = temp().file('ids', '');
    writeFileSync(path, Buffer.from('alice\nbob\n', 'utf16le'));
    const err = await rejection(
      runBulk({
        source: path,
        describe: idItems(purge, 'userId'),
        sendBatch: fakeSender<string>().send,
      }),
    );
    expect(err.message).toContain('line 1 holds a NUL byte');
    expect((err as UsageError).hint).toContain('iconv -f utf-16le -t utf-8');
  });

  it('reads UTF-16 with a byte-order mark, in either byte order, and gzip, as ids', async () => {
    const ids = 'alice\nJosé\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ids, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    for (const bytes of [le, be, gzipSync(Buffer.from(ids)), gzipSync(le)]) {
      const path = temp().file('ids', '');
      writeFileSync(path, bytes);
      const fake = fakeSender<string>();
      await runBulk({ source: path, describe: idItems(purge, 'userId'), sendBatch: fake.send });
      expect(fake.calls.map((c) => c.items)).toEqual([['alice', 'José']]);
    }
  });
});
