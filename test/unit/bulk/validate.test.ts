import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import {
  idItems,
  objectItems,
  planBatches,
  runBulk,
  type BulkInput,
  type WireObject,
} from '../../../src/bulk/index.js';
import { UsageError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
import { fakeSender, rejection, stdinOf, useTempDir } from './helpers.js';

const temp = useTempDir();
const folders = () => objectItems(operation('folders.add'), { dependsOn: 'parentFolderId' });
const documentIds = () => idItems(operation('documents.setDisabled'), 'documentId');

/** Runs the whole path with a recording sender; the error must come before any call. */
async function invalid<Item>(
  describe: BulkInput<Item>,
  source: string,
  stdin?: string,
): Promise<string> {
  const fake = fakeSender<Item>();
  const err = await rejection(
    runBulk({
      source,
      describe,
      sendBatch: fake.send,
      ...(stdin !== undefined && { stdin: stdinOf(stdin) }),
    }),
  );
  expect(err).toBeInstanceOf(UsageError);
  expect(exitCodeFor(err)).toBe(2);
  expect(fake.calls).toHaveLength(0);
  return err.message;
}

const ndjson = (items: unknown[]) => items.map((i) => JSON.stringify(i)).join('\n') + '\n';
/** The folder ids of an NDJSON file of folders. */
const ndjsonIds = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { folderId: string }).folderId);

describe('validation before sending', () => {
  it('lists every invalid NDJSON item by line, in input order, and sends nothing', async () => {
    const path = temp().file(
      'folders.ndjson',
      [
        '{"folderId":"a","folderName":"A"}',
        '{"folderId":"","folderName":"B"}',
        '{"folderId": oops}',
        '',
        '42',
        '{"folderId":"c"}',
        '{"folderId":"d","folderName":"D","parentFolderId":"a"}',
      ].join('\n'),
    );
    expect(await invalid(folders(), path)).toBe(
      [
        `${path}: 4 invalid items; nothing was sent`,
        '  line 2, field folderId: must not be empty',
        "  line 3: not valid JSON: Unexpected token 'o'",
        '  line 5: expected an object, found a number',
        '  line 6, field folderName: missing',
      ].join('\n'),
    );
  });

  it('names a CSV row with the wrong column count by its line', async () => {
    const path = temp().file(
      'folders.csv',
      'folderId,folderName,parentFolderId\na,A,\nb,B,a\nc,C\nd,D,a,extra\ne,E,\n',
    );
    expect(await invalid(folders(), path)).toBe(
      [
        `${path}: 2 invalid items; nothing was sent`,
        '  line 4: expected 3 columns as in the header, found 2',
        '  line 5: expected 3 columns as in the header, found 4',
      ].join('\n'),
    );
  });

  it('names an invalid JSON array item by its index', async () => {
    const path = temp().file(
      'docs.json',
      JSON.stringify([
        { documentId: 'd1', documentName: 'One' },
        { documentId: 'd2', documentName: 'Two' },
        { documentId: 'd3', documentName: '' },
      ]),
    );
    expect(await invalid(objectItems(operation('documents.update')), path)).toBe(
      `${path}: 1 invalid item; nothing was sent\n` +
        '  index 2, field documentName: Too small: expected string to have >=1 characters',
    );
  });

  it('shows the first 20 problems and counts the rest', async () => {
    const items = Array.from({ length: 30 }, (_, i) =>
      i % 6 === 5 ? { folderId: `f${i}`, folderName: `F${i}` } : { folderId: `f${i}` },
    );
    const path = temp().file('many.ndjson', ndjson(items));
    const message = await invalid(folders(), path);
    const lines = message.split('\n');
    expect(lines[0]).toBe(`${path}: 25 invalid items; nothing was sent`);
    expect(lines).toHaveLength(22);
    expect(lines[1]).toBe('  line 1, field folderName: missing');
    expect(lines[20]).toBe('  line 23, field folderName: missing');
    expect(lines[21]).toBe('  … and 5 more');
  });

  it('rejects an item too large for any request before sending anything, naming its line', async () => {
    // A lowered limit lets an item within the catalogue's field limits pass it.
    const limit = 100;
    const big = { folderId: 'b', folderName: 'b'.repeat(limit) };
    const path = temp().file('big.ndjson', ndjson([{ folderId: 'a', folderName: 'A' }, big]));
    const bytes = Buffer.byteLength(JSON.stringify(big)).toLocaleString('en-US');
    expect(await invalid({ ...folders(), maxBatchBytes: limit }, path)).toBe(
      `${path}: 1 invalid item; nothing was sent\n` +
        `  line 2: the item takes ${bytes} bytes as JSON, more than the ${limit} a request may carry`,
    );
  });

  it('rejects duplicate ids, naming where each was first seen', async () => {
    const path = temp().file(
      'dups.ndjson',
      ndjson([
        { folderId: 'a', folderName: 'A' },
        { folderId: 'b', folderName: 'B' },
        { folderId: 'a', folderName: 'A again' },
        { folderId: 'c', folderName: 'C' },
        { folderId: 'b', folderName: 'B again' },
        { folderId: 'a', folderName: 'A thrice' },
      ]),
    );
    expect(await invalid(folders(), path)).toBe(
      [
        `${path}: 3 invalid items; nothing was sent`,
        '  line 3: duplicate folderId "a" (first at line 1)',
        '  line 5: duplicate folderId "b" (first at line 2)',
        '  line 6: duplicate folderId "a" (first at line 1)',
      ].join('\n'),
    );
  });

  it('rejects duplicate ids in an id list', async () => {
    const message = await invalid(documentIds(), '-', '["d1", "d2", "d1"]');
    expect(message).toBe(
      'stdin: 1 invalid item; nothing was sent\n' +
        '  index 2: duplicate documentId "d1" (first at index 0)',
    );
  });

  it('rejects a dependency on the item itself', async () => {
    const path = temp().file(
      'order.ndjson',
      ndjson([
        { folderId: 'a', folderName: 'A' },
        { folderId: 'e', folderName: 'E', parentFolderId: 'e' },
      ]),
    );
    expect(await invalid(folders(), path)).toBe(
      [
        `${path}: 1 invalid item; nothing was sent`,
        '  line 2: parentFolderId refers to the item itself',
      ].join('\n'),
    );
  });

  it('sends an item listed before the one it depends on after it, in any order', async () => {
    const path = temp().file(
      'order.ndjson',
      ndjson([
        { folderId: 'd', folderName: 'D', parentFolderId: 'c' },
        { folderId: 'a', folderName: 'A' },
        { folderId: 'b', folderName: 'B', parentFolderId: 'c' },
        { folderId: 'c', folderName: 'C', parentFolderId: 'a' },
        { folderId: 'f', folderName: 'F', parentFolderId: 'existing-on-the-service' },
      ]),
    );
    const items = ndjsonIds(path);
    const fake = fakeSender<WireObject>({
      dependsOn: (f) => f.parentFolderId as string | undefined,
      inputIds: new Set(items),
    });
    const outcome = await runBulk({
      source: path,
      describe: folders(),
      batchSize: 1,
      sendBatch: fake.send,
    });
    expect(fake.violations).toEqual([]);
    expect(fake.calls.flatMap((c) => c.keys).sort()).toEqual(['a', 'b', 'c', 'd', 'f']);
    expect(outcome.failed).toBe(0);
  });

  it('refuses a cycle of dependencies, naming its members', async () => {
    const path = temp().file(
      'cycle.ndjson',
      ndjson([
        { folderId: 'a', folderName: 'A' },
        { folderId: 'x', folderName: 'X', parentFolderId: 'z' },
        { folderId: 'y', folderName: 'Y', parentFolderId: 'x' },
        { folderId: 'z', folderName: 'Z', parentFolderId: 'y' },
      ]),
    );
    expect(await invalid(folders(), path)).toBe(
      `${path}: parentFolderId goes round in a cycle, so no item of it can be first: "x" (line 2) → "z" (line 4) → "y" (line 3) → "x" (line 2); nothing was sent`,
    );
  });

  it('accepts ids as bare strings or as a column, and names what is wrong with the others', async () => {
    const path = temp().file(
      'ids.ndjson',
      [
        '"d1"',
        '{"documentId":"d2","note":"ignored"}',
        '""',
        '{"id":"d4"}',
        '5',
        '{"documentId":7}',
      ].join('\n'),
    );
    expect(await invalid(documentIds(), path)).toBe(
      [
        `${path}: 5 invalid items; nothing was sent`,
        '  line 2: unknown field note',
        '  line 3, field documentId: must not be empty',
        '  line 4: unknown field id',
        '  line 5: expected a documentId or an object with documentId, found a number',
        '  line 6, field documentId: Invalid input: expected string, received number',
      ].join('\n'),
    );
  });

  it('names a CSV problem by line and column, and a flag by its name', async () => {
    const csv = temp().file('folders.csv', 'folderId,folderName\nf1,One\nf2,\n');
    expect(await invalid(folders(), csv)).toContain('  line 3, column folderName: missing');
    const flags = { values: [{ folderId: 'f1', parentFolderId: '' }], label: 'the flags' };
    const named = { ...flags, flags: { folderName: '--name', parentFolderId: '--parent' } };
    const fake = fakeSender<WireObject>();
    const err = await rejection(
      runBulk({ source: named, describe: folders(), sendBatch: fake.send }),
    );
    expect(err.message).toBe(
      'the flags: 1 invalid item; nothing was sent\n  --name: missing; --parent: must not be empty',
    );
  });

  it('validates values from flags as numbered items', async () => {
    const fake = fakeSender<string>();
    const err = await rejection(
      runBulk({
        source: { values: ['d1', ''], label: '--doc' },
        describe: documentIds(),
        sendBatch: fake.send,
      }),
    );
    expect(err.message).toBe(
      '--doc: 1 invalid item; nothing was sent\n  item 2: documentId: must not be empty',
    );
    expect(fake.calls).toEqual([]);
  });

  it('rejects an input with no items: an empty array, or a CSV with only its header', async () => {
    const t = temp();
    const emptyArray = t.file('empty.json', ' [ ] ');
    const headerOnly = t.file('header.csv', 'folderId,folderName\n');
    expect(await invalid(folders(), emptyArray)).toBe(`${emptyArray} has no items`);
    expect(await invalid(folders(), headerOnly)).toBe(`${headerOnly} has no items`);
    expect(await invalid(folders(), '-', '')).toBe('stdin has no items');
  });

  it('refuses a field the wire item does not have, naming the line and the nearest field', async () => {
    const path = temp().file('folders.csv', 'folderId,folderName,parentFolderID\na,A,\nb,B,a\n');
    const fake = fakeSender<WireObject>();
    const err = await rejection(
      runBulk({ source: path, describe: folders(), sendBatch: fake.send }),
    );
    expect(err.message).toBe(
      [
        `${path}: 1 invalid item; nothing was sent`,
        '  line 3: unknown field parentFolderID (did you mean parentFolderId?)',
      ].join('\n'),
    );
    expect((err as UsageError).hint).toContain('--allow-unknown-fields');
    expect(fake.calls).toHaveLength(0);
  });

  it('names an unknown field inside an object by its path', async () => {
    const path = temp().file(
      'activities.ndjson',
      '{"featureType":"comment","actionType":"add","actionUser":{"userID":"u1"}}\n',
    );
    expect(await invalid(objectItems(operation('activities.add')), path)).toContain(
      'line 1: unknown field actionUser.userID (did you mean actionUser.userId?)',
    );
  });

  it('with --allow-unknown-fields, leaves out what the wire item does not have', async () => {
    const path = temp().file(
      'folders.csv',
      'folderId,folderName,parentFolderId,comment\na,A,,top\nb,B,a,\n',
    );
    const batches: unknown[][] = [];
    const plan = await planBatches(
      { source: path, describe: folders(), allowUnknownFields: true },
      (batch) => {
        batches.push(batch.items);
      },
    );
    expect(plan).toEqual({ items: 2, batches: 2 });
    expect(batches).toEqual([
      [{ folderId: 'a', folderName: 'A' }],
      [{ folderId: 'b', folderName: 'B', parentFolderId: 'a' }],
    ]);
  });

  it('refuses an operation without an array of items', () => {
    expect(() => objectItems(operation('documents.migrate'))).toThrow(
      'documents.migrate has no array of items to read from a file',
    );
  });
});

describe('the request limits of an item', () => {
  const activities = () => objectItems(operation('activities.add'));
  const activity = (extra: Record<string, unknown>) => ({
    featureType: 'comment',
    actionType: 'added',
    actionUser: { userId: 'u1' },
    ...extra,
  });

  it('refuses a flat item whose string is past them, as the walk of nested ones does', () => {
    const long = 'x'.repeat(100_001);
    for (const value of [
      { folderId: 'f1', folderName: long },
      { folderId: 'f1', folderName: 'F', parentFolderId: long },
    ]) {
      const parsed = folders().parse(value);
      expect(parsed).toMatchObject({ ok: false });
      expect(parsed.ok ? '' : parsed.message).toMatch(
        /^(folderName|parentFolderId): is a string of 100001 characters; at most 100000 are allowed$/,
      );
    }
  });

  it('refuses an item with more members than a request may carry', () => {
    const value = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`m${i}`, 1]));
    const parsed = folders().parse(value);
    expect(parsed.ok ? '' : parsed.message).toBe(
      '(top level): has 10001 members; at most 10000 are allowed',
    );
  });

  it('walks an item that nests objects, and passes one within the limits', () => {
    const deep = activity({ data: { a: { b: 'x'.repeat(100_001) } } });
    const parsed = activities().parse(deep);
    expect(parsed.ok ? '' : parsed.message).toBe(
      'data.a.b: is a string of 100001 characters; at most 100000 are allowed',
    );
    expect(folders().parse({ folderId: 'f1', folderName: 'F' })).toEqual({
      ok: true,
      item: { folderId: 'f1', folderName: 'F' },
    });
  });
});
