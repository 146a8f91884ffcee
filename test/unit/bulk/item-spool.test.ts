import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  batchBody,
  objectItems,
  runBulk,
  type ItemJson,
  type WireObject,
} from '../../../src/bulk/index.js';
import { ItemSpool } from '../../../src/bulk/item-spool.js';
import { operation } from '../../../src/catalogue/operations.js';
import { fakeSender, useTempDir } from './helpers.js';

const temp = useTempDir();

async function spoolOf(items: { json: string; key: string; where: string; dependsOn?: string }[]) {
  const spool = await ItemSpool.create();
  for (const { json, key, where, dependsOn } of items) {
    spool.add(json, Buffer.byteLength(json), {
      key,
      keyIsId: !key.startsWith('line '),
      where,
      dependsOn,
    });
  }
  spool.finish();
  return spool;
}

async function readBack(spool: ItemSpool) {
  const out = [];
  for await (const chunk of spool.records()) {
    for (const { json, item, ordinal } of chunk) out.push({ json: json.toString(), item, ordinal });
  }
  return out;
}

describe('the spool of validated items', () => {
  it('gives back each item as written, in order, whatever its characters', async () => {
    const written = [
      { json: '{"folderId":"f1","folderName":"Ünïcödé 📁"}', key: 'f1', where: 'line 1' },
      {
        json: '{"folderId":"f2","folderName":"b","parentFolderId":"f1"}',
        key: 'f2',
        where: 'line 3',
        dependsOn: 'f1',
      },
      { json: '"d\\u0000"', key: 'line 4', where: 'line 4' },
      { json: '{"folderId":"","folderName":"x"}', key: '日本', where: 'index 3', dependsOn: '' },
    ];
    const spool = await spoolOf(written);
    try {
      expect(await readBack(spool)).toEqual(
        written.map(({ json, key, where, dependsOn }, ordinal) => ({
          json,
          item: { key, keyIsId: !key.startsWith('line '), where, dependsOn },
          ordinal,
        })),
      );
    } finally {
      await spool.remove();
    }
  });

  it('reads records that span its reads, and items larger than a read', async () => {
    const large = JSON.stringify({ folderId: 'big', folderName: 'x'.repeat(700_000) });
    const written = Array.from({ length: 30_000 }, (_, i) => ({
      json: i === 12_345 ? large : JSON.stringify({ folderId: `f${i}`, folderName: `F ${i}` }),
      key: i === 12_345 ? 'big' : `f${i}`,
      where: `line ${i + 1}`,
    }));
    const spool = await spoolOf(written);
    try {
      const read = await readBack(spool);
      expect(read.map((r) => r.json)).toEqual(written.map((w) => w.json));
      expect(read.map((r) => r.item.key)).toEqual(written.map((w) => w.key));
    } finally {
      await spool.remove();
    }
  });

  it('leaves no file behind once removed', async () => {
    // The spool's directory is named after this process, in the temporary directory.
    const ours = () =>
      readdirSync(tmpdir()).filter((name) => name.startsWith(`svc-bulk-${process.pid}-`));
    const before = ours();
    const spool = await spoolOf([{ json: '1', key: 'a', where: 'line 1' }]);
    const made = ours().filter((name) => !before.includes(name));
    expect(made).toHaveLength(1);
    expect(readdirSync(join(tmpdir(), made[0] ?? ''))).toEqual(['items']);
    await spool.remove();
    expect(ours()).toEqual(before);
  });
});

describe('request bodies from spooled items', () => {
  const items = [{ folderId: 'f1', folderName: 'A "quoted" name' }, { folderId: 'é' }];
  const json = items.map((item) => Buffer.from(JSON.stringify(item)));

  it('are byte for byte what JSON.stringify makes of the parsed items', () => {
    for (const members of [
      {},
      { organizationId: 'o' },
      { organizationId: 'o', documentId: 'd', disabled: true },
      { organizationId: 'o', skipped: undefined },
    ]) {
      expect(batchBody(members, 'folders')(json).toString()).toBe(
        JSON.stringify({ data: { ...members, folders: items } }),
      );
    }
    expect(batchBody({ organizationId: 'o' }, 'folders')([json[0] as ItemJson]).toString()).toBe(
      JSON.stringify({ data: { organizationId: 'o', folders: [items[0]] } }),
    );
  });

  it('refuses members that would not leave the items last', () => {
    expect(() => batchBody({ folders: [] }, 'folders')).toThrow(/cannot end the request body/);
    expect(() => batchBody({ a: 1 }, '0')).toThrow(/cannot end the request body/);
  });
});

describe('a run sends what the first pass validated', () => {
  it('sends each item as the item schema left it, read once from the input', async () => {
    const { file } = temp();
    // Spacing and key order as written; what goes out is the validated item's JSON.
    const input = file(
      'folders.ndjson',
      '{ "folderName" : "A",  "folderId": "f1" }\n\n{"folderId":"f2","folderName":"B","parentFolderId":"f1"}\n',
    );
    const sent: string[] = [];
    const fake = fakeSender<WireObject>();
    const outcome = await runBulk({
      source: input,
      describe: objectItems(operation('folders.add'), { dependsOn: 'parentFolderId' }),
      sendBatch: (batch, keys, ordinals) => {
        sent.push(...batch.map((item) => item.toString()));
        return fake.send(batch, keys, ordinals);
      },
    });
    expect(sent).toEqual([
      '{"folderId":"f1","folderName":"A"}',
      '{"folderId":"f2","folderName":"B","parentFolderId":"f1"}',
    ]);
    expect(outcome).toMatchObject({ sent: 2, failed: 0 });
  });

  it('puts an item after the one it depends on, from the spool', async () => {
    const { file } = temp();
    const input = file(
      'folders.ndjson',
      '{"folderId":"c","folderName":"C","parentFolderId":"p"}\n{"folderId":"p","folderName":"P"}\n',
    );
    const fake = fakeSender<WireObject>();
    await runBulk({
      source: input,
      describe: objectItems(operation('folders.add'), { dependsOn: 'parentFolderId' }),
      sendBatch: fake.send,
      batchSize: 1,
      concurrency: 1,
    });
    expect(fake.calls.map((c) => c.keys)).toEqual([['p'], ['c']]);
  });
});
