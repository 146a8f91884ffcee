import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { objectItems, runBulk, type WireObject } from '../../../src/bulk/index.js';
import type { SourceRow } from '../../../src/bulk/read.js';
import { operation } from '../../../src/catalogue/operations.js';
import { openSource, type OpenOptions, type SourceSpec } from '../../../src/bulk/source.js';
import { UsageError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
import { fakeSender, rejection, stdinOf, useTempDir } from './helpers.js';

const temp = useTempDir();

/** Every row of a source, read twice to show that a second pass sees the same rows. */
async function rowsOf(
  spec: SourceSpec,
  options: OpenOptions = {},
): Promise<{ label: string; rows: SourceRow[] }> {
  const source = await openSource(spec, options);
  try {
    const passes: SourceRow[][] = [];
    for (let pass = 0; pass < 2; pass++) {
      const rows: SourceRow[] = [];
      for await (const chunk of source.rows()) rows.push(...chunk);
      passes.push(rows);
    }
    expect(passes[1]).toEqual(passes[0]);
    return { label: source.label, rows: passes[0] ?? [] };
  } finally {
    await source.close();
  }
}

const folders = [
  { folderId: 'a', folderName: 'Alpha' },
  { folderId: 'b', folderName: 'Beta, with a comma', parentFolderId: 'a' },
];
const ndjson =
  '{"folderId":"a","folderName":"Alpha"}\n\n   \r\n{"folderId":"b","folderName":"Beta, with a comma","parentFolderId":"a"}\n\n';
const csv = 'folderId,folderName,parentFolderId\r\na,Alpha,\r\nb,"Beta, with a comma",a\r\n';
const expectedRows = (where: [string, string]): SourceRow[] => [
  { where: where[0], value: folders[0] },
  { where: where[1], value: folders[1] },
];

describe('reading items from a file', () => {
  it('reads a JSON array, naming each item by its 0-based index', async () => {
    const path = temp().file('folders.json', JSON.stringify(folders, null, 2));
    const { label, rows } = await rowsOf(path);
    expect(label).toBe(path);
    expect(rows).toEqual(expectedRows(['index 0', 'index 1']));
  });

  it('reads NDJSON, skipping blank lines but counting them', async () => {
    const path = temp().file('folders.ndjson', ndjson);
    expect((await rowsOf(path)).rows).toEqual(expectedRows(['line 1', 'line 4']));
  });

  it('reads .jsonl as NDJSON', async () => {
    const path = temp().file('folders.jsonl', ndjson);
    expect((await rowsOf(path)).rows).toEqual(expectedRows(['line 1', 'line 4']));
  });

  it('reads CSV: header names are the wire fields, values stay strings, empty cells are left out', async () => {
    const path = temp().file('folders.csv', csv);
    const { rows } = await rowsOf(path);
    expect(rows).toEqual(expectedRows(['line 2', 'line 3']));
    expect(Object.keys(rows[0]?.value as object)).toEqual(['folderId', 'folderName']);
  });

  it('keeps commas, quotes and line breaks inside quoted CSV fields, and numbers rows by their first line', async () => {
    const path = temp().file(
      'docs.csv',
      'documentId,documentName\n' +
        'd1,"Plan, draft"\n' +
        'd2,"Two\nlines ""quoted"""\n' +
        '\n' +
        'd3,007\n',
    );
    const { rows } = await rowsOf(path);
    expect(rows).toEqual([
      { where: 'line 2', value: { documentId: 'd1', documentName: 'Plan, draft' } },
      { where: 'line 3', value: { documentId: 'd2', documentName: 'Two\nlines "quoted"' } },
      { where: 'line 6', value: { documentId: 'd3', documentName: '007' } },
    ]);
  });

  it('counts a CRLF inside a quoted CSV field as one line break', async () => {
    const path = temp().file(
      'docs.csv',
      'documentId,documentName\r\nd1,"x\r\ny"\r\nd2,z\r\n\r\nd3,"p\r\nq\r\nr"\r\nd4,w\r\n',
    );
    const { rows } = await rowsOf(path);
    expect(rows.map((r) => r.where)).toEqual(['line 2', 'line 4', 'line 6', 'line 9']);
  });

  it('treats a CSV column named __proto__ as an ordinary field', async () => {
    const path = temp().file('odd.csv', '__proto__,folderId\nx,a\n');
    const { rows } = await rowsOf(path);
    const value = rows[0]?.value as Record<string, string>;
    expect(Object.keys(value)).toEqual(['__proto__', 'folderId']);
    expect(value.folderId).toBe('a');
  });

  it('sniffs an unknown extension from the first significant character', async () => {
    const t = temp();
    const asJson = t.file('a.txt', `\uFEFF \n ${JSON.stringify(folders)}`);
    const asNdjson = t.file('b.data', `\n${ndjson}`);
    const asCsv = t.file('c', csv);
    expect((await rowsOf(asJson)).rows).toEqual(expectedRows(['index 0', 'index 1']));
    expect((await rowsOf(asNdjson)).rows).toEqual(expectedRows(['line 2', 'line 5']));
    expect((await rowsOf(asCsv)).rows).toEqual(expectedRows(['line 2', 'line 3']));
  });

  it('lets the extension win over the content, and an explicit format win over both', async () => {
    const t = temp();
    // A one-column CSV whose header happens to start with `{` is still CSV.
    const csvFile = t.file('odd.csv', '{name}\nx\n');
    expect((await rowsOf(csvFile)).rows).toEqual([{ where: 'line 2', value: { '{name}': 'x' } }]);
    const txt = t.file('folders.txt', csv);
    expect((await rowsOf(txt, { format: 'csv' })).rows).toEqual(expectedRows(['line 2', 'line 3']));
  });

  it('reads a .json file of one object a line as NDJSON, and a .ndjson array as JSON', async () => {
    const t = temp();
    expect((await rowsOf(t.file('folders.json', ndjson))).rows).toEqual(
      expectedRows(['line 1', 'line 4']),
    );
    expect((await rowsOf(t.file('folders.ndjson', JSON.stringify(folders)))).rows).toEqual(
      expectedRows(['index 0', 'index 1']),
    );
  });

  it('reads an id list given as JSON strings', async () => {
    const path = temp().file('ids.ndjson', '"d1"\n"d2"\n');
    expect((await rowsOf(path)).rows).toEqual([
      { where: 'line 1', value: 'd1' },
      { where: 'line 2', value: 'd2' },
    ]);
  });

  it('gives values from flags as items numbered from 1', async () => {
    expect(await rowsOf({ values: ['d1', 'd2'], label: '--doc' })).toEqual({
      label: '--doc',
      rows: [
        { where: 'item 1', value: 'd1' },
        { where: 'item 2', value: 'd2' },
      ],
    });
  });
});

describe('which input a source is', () => {
  const identityOf = async (spec: SourceSpec, options: OpenOptions = {}) => {
    const source = await openSource(spec, options);
    await source.close();
    return source.identity;
  };

  it('tells items from flags and from stdin apart by what they hold', async () => {
    const flags = (values: string[]) => identityOf({ values, label: 'the flags' });
    expect(await flags(['p1'])).not.toBe(await flags(['p2']));
    expect(await flags(['p1'])).toBe(await flags(['p1']));
    const stdin = (text: string) => identityOf('-', { stdin: stdinOf(text) });
    expect(await stdin('a\n')).not.toBe(await stdin('b\n'));
    expect(await stdin('a\n')).toBe(await stdin('a\n'));
  });

  it('names a file by its path, whatever it holds', async () => {
    const t = temp();
    const path = t.file('ids', 'a\n');
    const first = await identityOf(path);
    writeFileSync(path, 'b\n');
    expect(await identityOf(path)).toBe(first);
  });
});

describe('reading items from stdin', () => {
  it.each([
    ['a JSON array', JSON.stringify(folders), ['index 0', 'index 1']],
    ['NDJSON', ndjson, ['line 1', 'line 4']],
    ['CSV', csv, ['line 2', 'line 3']],
  ] as const)('sniffs %s and reads it twice from a spool file', async (_name, text, where) => {
    const { label, rows } = await rowsOf('-', { stdin: stdinOf(text) });
    expect(label).toBe('stdin');
    expect(rows).toEqual(expectedRows([...where]));
  });

  it('asks for stdin only when the input is `-`: a file or flags make no stream of it', async () => {
    let asked = 0;
    const stdin = () => {
      asked++;
      return stdinOf(ndjson)();
    };
    await rowsOf(temp().file('f.ndjson', ndjson), { stdin });
    await rowsOf({ values: ['a'], label: 'the flags' }, { stdin });
    expect(asked).toBe(0);
    await rowsOf('-', { stdin });
    expect(asked).toBe(1);
  });

  it('removes the spool file when the source is closed', async () => {
    const spoolDir = mkdtempSync(join(tmpdir(), 'svc-bulk-spool-test-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = spoolDir;
    try {
      const source = await openSource('-', { stdin: stdinOf(ndjson) });
      expect(readdirSync(spoolDir)).toHaveLength(1);
      await source.close();
      expect(readdirSync(spoolDir)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      rmSync(spoolDir, { recursive: true, force: true });
    }
  });

  it('spools a named pipe, which can be read only once', async () => {
    const t = temp();
    const fifo = join(t.dir, 'items.fifo');
    execFileSync('mkfifo', [fifo]);
    createWriteStream(fifo).end(ndjson);
    const { rows } = await rowsOf(fifo);
    expect(rows).toEqual(expectedRows(['line 1', 'line 4']));
  });
});

describe('input that cannot be read', () => {
  it('names a bad NDJSON line and goes on reading', async () => {
    const path = temp().file('f.ndjson', '{"folderId":"a"}\n\n{"folderId": oops}\n"x"\n');
    expect((await rowsOf(path)).rows).toEqual([
      { where: 'line 1', value: { folderId: 'a' } },
      { where: 'line 3', error: "not valid JSON: Unexpected token 'o'" },
      { where: 'line 4', value: 'x' },
    ]);
  });

  it('names a CSV row with the wrong number of columns and goes on reading', async () => {
    const path = temp().file('f.csv', 'folderId,folderName\na,A\nb,B\n\nc,C,extra\nd,D\n');
    expect((await rowsOf(path)).rows).toEqual([
      { where: 'line 2', value: { folderId: 'a', folderName: 'A' } },
      { where: 'line 3', value: { folderId: 'b', folderName: 'B' } },
      { where: 'line 5', error: 'expected 2 columns as in the header, found 3' },
      { where: 'line 6', value: { folderId: 'd', folderName: 'D' } },
    ]);
  });

  it('rejects broken CSV quoting with the line', async () => {
    const path = temp().file('f.csv', 'folderId,folderName\na,A\nb,"B\n');
    const err = await rejection(rowsOf(path));
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe(
      `${path} is not valid CSV: line 3: Quote Not Closed: the parsing is finished with an opening quote`,
    );
  });

  it('rejects a CSV header with an empty or repeated name', async () => {
    const t = temp();
    const empty = t.file('e.csv', 'folderId,,x\n1,2,3\n');
    const twice = t.file('t.csv', 'folderId,folderName,folderId\n1,2,3\n');
    expect((await rejection(rowsOf(empty))).message).toBe(
      `${empty}: line 1: column 2 of the header has no name`,
    );
    expect((await rejection(rowsOf(twice))).message).toBe(
      `${twice}: line 1: the header names column folderId twice`,
    );
  });

  it('names a JSON array item that does not parse by its index and goes on reading', async () => {
    const path = temp().file(
      'f.json',
      '[\n  {"folderId": "a, ]"},\n  {"folderId": },\n  ["x", {"y": "\\"}"}],\n  "z",,\n  7\n]\n',
    );
    expect((await rowsOf(path)).rows).toEqual([
      { where: 'index 0', value: { folderId: 'a, ]' } },
      { where: 'index 1', error: "not valid JSON: Unexpected token '}'" },
      { where: 'index 2', value: ['x', { y: '"}' }] },
      { where: 'index 3', value: 'z' },
      { where: 'index 4', error: 'missing item' },
      { where: 'index 5', value: 7 },
    ]);
  });

  it('streams a JSON array larger than one read, items spanning the reads', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({
      folderId: `f${i}`,
      folderName: `name with "quotes", [brackets] {braces} \\ and ${'é'.repeat(i % 7)}`,
    }));
    const path = temp().file('big.json', JSON.stringify(items, null, 1));
    const { rows } = await rowsOf(path);
    expect(rows).toEqual(items.map((value, i) => ({ where: `index ${i}`, value })));
  });

  it('reports a trailing comma in a JSON array as a missing item', async () => {
    const path = temp().file('f.json', '["a",]');
    expect((await rowsOf(path)).rows).toEqual([
      { where: 'index 0', value: 'a' },
      { where: 'index 1', error: 'missing item' },
    ]);
  });

  it.each([
    ['not an array', '\n"a"', 'it starts with "\\"" at line 2'],
    ['not closed', '[\n  "a",\n  "b"\n', 'the array is not closed at line 4'],
    ['followed by more text', '["a"]\n["b"]', 'text after the closing ] at line 2'],
  ])('rejects a JSON file whose array is %s, with the line', async (_name, text, what) => {
    const path = temp().file('f.json', text);
    const err = await rejection(rowsOf(path));
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe(`${path} is not a JSON array of items: ${what}`);
    expect(exitCodeFor(err)).toBe(2);
  });

  it('rejects an empty or blank input as having no items', async () => {
    const t = temp();
    const blank = t.file('blank.ndjson', '\n  \n');
    expect((await rejection(rowsOf(blank))).message).toBe(`${blank} has no items`);
    expect((await rejection(rowsOf('-', { stdin: stdinOf('') }))).message).toBe(
      'stdin has no items',
    );
  });

  it('names a missing file, a directory, and stdin that is not there', async () => {
    const t = temp();
    const missing = join(t.dir, 'nope.csv');
    expect((await rejection(rowsOf(missing))).message).toBe(
      `cannot read --file ${missing}: no such file`,
    );
    expect((await rejection(rowsOf(t.dir))).message).toBe(
      `cannot read --file ${t.dir}: it is a directory`,
    );
    expect((await rejection(rowsOf('-'))).message).toBe(
      '--file - reads stdin, but there is none here',
    );
  });
});

describe('encodings', () => {
  const csvText = 'folderId,folderName\na,José Müller\n';
  const ndjsonText = '{"folderId":"a","folderName":"José Müller"}\n';
  const jsonText = '[\n{"folderId":"a","folderName":"José Müller"}\n]\n';
  const written = (name: string, bytes: Buffer) => {
    const path = temp().file(name, '');
    writeFileSync(path, bytes);
    return path;
  };
  const utf16 = (text: string, bigEndian = false) => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    return bigEndian ? bytes.swap16() : bytes;
  };

  it.each([
    ['CSV', 'f.csv', csvText, 'line 2'],
    ['NDJSON', 'f.ndjson', ndjsonText, 'line 1'],
    ['a JSON array', 'f.json', jsonText, 'line 2'],
  ])('refuses %s saved as cp1252, naming the line and iconv', async (_kind, name, text, line) => {
    // latin1 and cp1252 agree on é and ü: what Excel's plain "CSV" writes on Windows.
    const path = written(name, Buffer.from(text, 'latin1'));
    const err = await rejection(rowsOf(path));
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe(`${path}: ${line} is not valid UTF-8; nothing was sent`);
    expect((err as UsageError).hint).toContain('iconv -f cp1252 -t utf-8');
  });

  it.each([
    ['CSV', 'f.csv', csvText],
    ['NDJSON', 'f.ndjson', ndjsonText],
    ['a JSON array', 'f.json', jsonText],
  ])(
    'reads %s as UTF-16 with a byte-order mark, either order, and gzipped',
    async (_k, name, text) => {
      const expected = [{ folderId: 'a', folderName: 'José Müller' }];
      for (const bytes of [utf16(text), utf16(text, true), gzipSync(text), gzipSync(utf16(text))]) {
        const { rows } = await rowsOf(written(name, bytes));
        expect(rows.map((r) => r.value)).toEqual(expected);
      }
    },
  );

  it('reads gzip on stdin, and refuses a file that starts as gzip but is not', async () => {
    const { rows } = await rowsOf('-', { stdin: () => Readable.from([gzipSync(ndjsonText)]) });
    expect(rows.map((r) => r.value)).toEqual([{ folderId: 'a', folderName: 'José Müller' }]);
    const broken = written('f.csv', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]));
    const err = await rejection(rowsOf(broken));
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toContain(
      `cannot read ${broken}: it starts as gzip but does not decompress`,
    );
  });

  it('refuses UTF-16 without a byte-order mark at its first NUL byte', async () => {
    const path = written('f.csv', Buffer.from(csvText, 'utf16le'));
    const err = await rejection(rowsOf(path));
    expect(err.message).toBe(`${path}: line 1 holds a NUL byte; nothing was sent`);
  });

  it('leaves no copy behind once a decoded file is closed or refused', async () => {
    // This process's copies: the other test files' processes share the temporary directory,
    // and one may be making a copy of its own meanwhile.
    const copies = () =>
      readdirSync(tmpdir()).filter((n) => n.startsWith(`svc-bulk-${process.pid}-`));
    const before = copies().length;
    // A decoded file is a copy where copies() looks: its absence below means something.
    const open = await openSource(written('e.ndjson', gzipSync(utf16(ndjsonText))));
    expect(copies()).toHaveLength(before + 1);
    await open.close();
    await rowsOf(written('f.ndjson', gzipSync(utf16(ndjsonText))));
    await rejection(rowsOf(written('g.ndjson', gzipSync(Buffer.from(ndjsonText, 'latin1')))));
    expect(copies()).toHaveLength(before);
  });
});

describe('CSV columns with dotted names', () => {
  it('give the fields of a nested object, so activities can come from a CSV', async () => {
    const path = temp().file(
      'activities.csv',
      'id,featureType,actionType,actionUser.userId,actionUser.name\na1,comment,comment.add,alice,Alice\n',
    );
    const fake = fakeSender<WireObject>();
    await runBulk({
      source: path,
      describe: objectItems(operation('activities.add')),
      sendBatch: fake.send,
    });
    expect(fake.calls.map((c) => c.items)).toEqual([
      [
        {
          id: 'a1',
          featureType: 'comment',
          actionType: 'comment.add',
          actionUser: { userId: 'alice', name: 'Alice' },
        },
      ],
    ]);
  });

  it('refuses a row that gives both an object and a field of it', async () => {
    const path = temp().file('odd.csv', 'actionUser,actionUser.userId\nx,alice\n');
    expect((await rowsOf(path)).rows).toEqual([
      {
        where: 'line 2',
        error: 'column actionUser.userId and a column it is part of are both given',
      },
    ]);
  });
});

describe('a JSON key given twice', () => {
  it('is an error of its item, naming the key, in an array and on an NDJSON line', async () => {
    const array = temp().file(
      'groups.json',
      '[{"groupId":"k0","groupName":"A"},{"groupId":"k1","groupName":"A","groupId":"k2"}]',
    );
    expect((await rowsOf(array)).rows).toEqual([
      { where: 'index 0', value: { groupId: 'k0', groupName: 'A' } },
      { where: 'index 1', error: 'the key groupId is given twice' },
    ]);
    const lines = temp().file('groups.ndjson', '{"a":{"b":1,"c":{"b":2},"b" : 3}}\n');
    expect((await rowsOf(lines)).rows).toEqual([
      { where: 'line 1', error: 'the key a.b is given twice' },
    ]);
  });

  it('is told apart from the same key in two objects, or escaped differently', async () => {
    const path = temp().file(
      'ok.ndjson',
      '{"a":{"k":1},"b":{"k":2},"s":"\\"k\\": 1, \\"k\\": 2"}\n' +
        '{"a\\u0062":1,"ab":2}\n' +
        '[{"k":1},{"k":2}]\n',
    );
    const { rows } = await rowsOf(path);
    expect(rows[0]).toEqual({
      where: 'line 1',
      value: { a: { k: 1 }, b: { k: 2 }, s: '"k": 1, "k": 2' },
    });
    // Written two ways, one key all the same.
    expect(rows[1]).toEqual({ where: 'line 2', error: 'the key ab is given twice' });
    expect(rows[2]).toEqual({ where: 'line 3', value: [{ k: 1 }, { k: 2 }] });
  });
});

describe('a ;-separated CSV', () => {
  const describeGroups = {
    fields: new Map([
      ['groupId', undefined],
      ['groupName', undefined],
    ]),
  };

  it('is read by ; when its header names known fields joined by ;', async () => {
    const path = temp().file(
      'groups.csv',
      '\uFEFFgroupId;groupName\r\ng1;One\r\ng2;"Two; or, three"\r\n',
    );
    expect((await rowsOf(path, { describe: describeGroups })).rows).toEqual([
      { where: 'line 2', value: { groupId: 'g1', groupName: 'One' } },
      { where: 'line 3', value: { groupId: 'g2', groupName: 'Two; or, three' } },
    ]);
  });

  it('is refused, saying it looks ;-separated and how to convert it, when a name is unknown', async () => {
    const path = temp().file('groups.csv', 'groupId;groupNme\ng1;One\n');
    const source = await openSource(path, { describe: describeGroups });
    try {
      const err = await rejection(
        (async () => {
          for await (const _ of source.rows());
        })(),
      );
      expect(err).toBeInstanceOf(UsageError);
      expect(err.message).toContain('line 1: the header looks ;-separated');
      expect((err as UsageError).hint).toContain('comma-separated');
    } finally {
      await source.close();
    }
  });

  it('leaves a comma-separated CSV with ; in a value as it is', async () => {
    const path = temp().file('groups.csv', 'groupId,groupName\ng1,One;Two\n');
    expect((await rowsOf(path, { describe: describeGroups })).rows).toEqual([
      { where: 'line 2', value: { groupId: 'g1', groupName: 'One;Two' } },
    ]);
  });
});
