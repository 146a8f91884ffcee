import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_BYTES, operation } from '../../../src/catalogue/operations.js';
import {
  objectItems,
  planBatches,
  runBulk,
  type ItemResult,
  type WireObject,
} from '../../../src/bulk/index.js';
import { ApiError, UsageError } from '../../../src/errors/errors.js';
import { fakeSender, rejection, seededRandom, useTempDir } from './helpers.js';

const temp = useTempDir();
const folderOp = operation('folders.add');
const flat = () => objectItems(folderOp);
const tree = () => objectItems(folderOp, { dependsOn: 'parentFolderId' });
const parentOf = (item: WireObject) =>
  typeof item.parentFolderId === 'string' ? item.parentFolderId : undefined;

interface Folder {
  folderId: string;
  folderName: string;
  parentFolderId?: string;
}

function folderFile(items: Folder[]): string {
  return temp().file('folders.ndjson', items.map((f) => JSON.stringify(f)).join('\n'));
}

const folderList = (n: number): Folder[] =>
  Array.from({ length: n }, (_, i) => ({ folderId: `f${i}`, folderName: `Folder ${i}` }));
const sizes = (calls: { keys: string[] }[]) => calls.map((c) => c.keys.length);

describe('batching', () => {
  it.each([
    [1, [1]],
    [100, [100]],
    [101, [100, 1]],
    [201, [100, 100, 1]],
  ])('%i items go out as batches of %j (maxBatch 100)', async (n, expected) => {
    const items = folderList(n);
    const fake = fakeSender<WireObject>();
    const outcome = await runBulk({
      source: folderFile(items),
      describe: flat(),
      sendBatch: fake.send,
    });
    expect(sizes(fake.calls)).toEqual(expected);
    expect(fake.calls.flatMap((c) => c.items)).toEqual(items);
    expect(outcome.sent).toBe(n);
    expect(outcome.failed).toBe(0);
    expect(Object.keys(outcome.results)).toEqual(items.map((f) => f.folderId));
  });

  it('uses a --batch-size smaller than maxBatch', async () => {
    const fake = fakeSender<WireObject>();
    await runBulk({
      source: folderFile(folderList(20)),
      describe: flat(),
      batchSize: 7,
      sendBatch: fake.send,
    });
    expect(sizes(fake.calls)).toEqual([7, 7, 6]);
  });

  it.each([0, 101, 2.5])('refuses --batch-size %s before reading anything', async (batchSize) => {
    const fake = fakeSender<WireObject>();
    const err = await rejection(
      runBulk({ source: '/nonexistent/file', describe: flat(), batchSize, sendBatch: fake.send }),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe('--batch-size must be a whole number from 1 to 100');
  });

  it.each([0, 65])('refuses --concurrency %s', async (concurrency) => {
    const fake = fakeSender<WireObject>();
    const err = await rejection(
      runBulk({ source: '/nonexistent/file', describe: flat(), concurrency, sendBatch: fake.send }),
    );
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toBe('--concurrency must be a whole number from 1 to 64');
  });

  it('asks beforeSend with the item count once all items are valid, and sends nothing when it throws', async () => {
    const source = folderFile(folderList(250));
    const fake = fakeSender<WireObject>();
    const asked: number[] = [];
    const named: string[] = [];
    const declined = new UsageError('declined');
    const err = await rejection(
      runBulk({
        source,
        describe: flat(),
        sendBatch: fake.send,
        beforeSend: (total, firstIds) => {
          asked.push(total);
          named.push(...firstIds);
          throw declined;
        },
      }),
    );
    expect(err).toBe(declined);
    expect(asked).toEqual([250]);
    // The first few ids, in input order, for the question to name.
    expect(named).toEqual(folderList(5).map((folder) => folder.folderId));
    expect(fake.calls).toEqual([]);

    const invalid = temp().file('bad.ndjson', '{"folderId":""}\n');
    await rejection(
      runBulk({
        source: invalid,
        describe: flat(),
        sendBatch: fake.send,
        beforeSend: (total) => {
          asked.push(total);
        },
      }),
    );
    expect(asked).toEqual([250]);

    await runBulk({
      source,
      describe: flat(),
      sendBatch: fake.send,
      beforeSend: (total) => {
        asked.push(total);
      },
    });
    expect(asked).toEqual([250, 250]);
    expect(sizes(fake.calls)).toEqual([100, 100, 50]);
  });

  it('sends the items as they were validated, even when the input changes after', async () => {
    // The sending pass reads what the first pass spooled, not the input again: an input
    // rewritten between the passes (here, once every item is checked) changes nothing sent,
    // and nothing refuses the run half way through.
    const items = folderList(150);
    const source = folderFile(items);
    const fake = fakeSender<WireObject>();
    const outcome = await runBulk({
      source,
      describe: flat(),
      sendBatch: fake.send,
      beforeSend: () => {
        writeFileSync(source, '{"folderId":""}\n'.repeat(150));
      },
    });
    expect(fake.calls.flatMap((c) => c.items)).toEqual(items);
    expect(outcome.sent).toBe(150);
  });

  // The byte limit is lowered here so that items within the catalogue's field limits reach
  // it; the batcher's arithmetic is the same at MAX_BATCH_BYTES.
  const BYTES = 2_000;
  const byBytes = <T>(input: T, maxBatchBytes = BYTES) => ({ ...input, maxBatchBytes });

  it('cuts batches by bytes too, closing a batch before it would pass the limit', async () => {
    const name = 'n'.repeat(150);
    const items = Array.from({ length: 25 }, (_, i) => ({ folderId: `f${i}`, folderName: name }));
    const fake = fakeSender<WireObject>();
    await runBulk({ source: folderFile(items), describe: byBytes(flat()), sendBatch: fake.send });
    const bodies = fake.calls.map((c) => Buffer.byteLength(JSON.stringify(c.items)));
    expect(Math.max(...bodies)).toBeLessThanOrEqual(BYTES);
    // 183 to 184 bytes an item, and a comma between items: ten fit, an eleventh does not.
    expect(sizes(fake.calls)).toEqual([10, 10, 5]);
    expect(fake.calls.flatMap((c) => c.items)).toEqual(items);
  });

  it('closes a batch on bytes with the levels below it, so parents still go first', async () => {
    // 152 to 174 bytes an item against 420: two fit a batch, a third does not.
    const limit = 420;
    const name = 'n'.repeat(120);
    const items: Folder[] = [
      { folderId: 'p', folderName: name },
      { folderId: 'c1', folderName: name, parentFolderId: 'p' },
      { folderId: 'q', folderName: name },
      { folderId: 'c2', folderName: name, parentFolderId: 'p' },
      { folderId: 'r', folderName: name },
      { folderId: 's', folderName: name },
    ];
    const planned: string[][] = [];
    await planBatches({ source: folderFile(items), describe: byBytes(tree(), limit) }, (batch) => {
      planned.push(batch.keys);
    });
    expect(planned).toEqual([
      ['p', 'q'],
      ['c1', 'c2'],
      ['r', 's'],
    ]);
    const fake = fakeSender<WireObject>({ dependsOn: parentOf, inputIds: new Set(['p']) });
    await runBulk({
      source: folderFile(items),
      describe: byBytes(tree(), limit),
      sendBatch: fake.send,
    });
    expect(fake.violations).toEqual([]);
  });

  it('keeps the real limit safely under the 1 MiB a request body may take', () => {
    expect(MAX_BATCH_BYTES).toBeLessThan(1024 * 1024 - 16 * 1024);
    expect(flat().maxBatchBytes).toBe(MAX_BATCH_BYTES);
  });

  it('plans the same batches without sending, for --dry-run', async () => {
    const source = folderFile(folderList(5));
    const planned: string[][] = [];
    const plan = await planBatches({ source, describe: flat(), batchSize: 2 }, (batch) => {
      planned.push(batch.keys);
    });
    expect(plan).toEqual({ items: 5, batches: 3 });
    expect(planned).toEqual([['f0', 'f1'], ['f2', 'f3'], ['f4']]);
  });
});

describe('concurrency', () => {
  it.each([
    ['1', 1, 1],
    ['3', 3, 3],
    ['the default', undefined, 4],
  ])(
    'with %s concurrency, exactly %i batches are in flight at the busiest',
    async (_name, concurrency, expected) => {
      const fake = fakeSender<WireObject>({ delayMs: () => 5 });
      const outcome = await runBulk({
        source: folderFile(folderList(30)),
        describe: flat(),
        batchSize: 2,
        ...(concurrency !== undefined && { concurrency }),
        sendBatch: fake.send,
      });
      expect(fake.maxInFlight).toBe(expected);
      expect(fake.calls).toHaveLength(15);
      expect(outcome.sent).toBe(30);
    },
  );
});

describe('dependencies', () => {
  it('puts an item whose parent is in an open batch into a later batch', async () => {
    const source = folderFile([
      { folderId: 'a', folderName: 'A' },
      { folderId: 'b', folderName: 'B', parentFolderId: 'a' },
      { folderId: 'c', folderName: 'C' },
      { folderId: 'd', folderName: 'D', parentFolderId: 'c' },
      { folderId: 'e', folderName: 'E', parentFolderId: 'a' },
    ]);
    const planned: { keys: string[]; positions: number[]; needs: string[] }[] = [];
    const plan = await planBatches({ source, describe: tree() }, (batch) => {
      planned.push({ keys: batch.keys, positions: batch.positions, needs: batch.needs });
    });
    expect(plan).toEqual({ items: 5, batches: 2 });
    expect(planned).toEqual([
      { keys: ['a', 'c'], positions: [0, 2], needs: [] },
      { keys: ['b', 'd', 'e'], positions: [1, 3, 4], needs: ['a', 'c'] },
    ]);
  });

  it('groups a tree listed parent-then-children into full batches, parents first', async () => {
    const source = folderFile([
      { folderId: 'r1', folderName: 'R' },
      { folderId: 'r1a', folderName: 'R', parentFolderId: 'r1' },
      { folderId: 'r1b', folderName: 'R', parentFolderId: 'r1' },
      { folderId: 'r2', folderName: 'R' },
      { folderId: 'r2a', folderName: 'R', parentFolderId: 'r2' },
      { folderId: 'r2b', folderName: 'R', parentFolderId: 'r2' },
      { folderId: 'r3', folderName: 'R' },
      { folderId: 'r3a', folderName: 'R', parentFolderId: 'r3' },
    ]);
    const planned: string[][] = [];
    await planBatches({ source, describe: tree(), batchSize: 3 }, (batch) => {
      planned.push(batch.keys);
    });
    // r2b's parent left in a closed batch: r2b waits a level up, so that r3 can go at once.
    expect(planned).toEqual([['r1', 'r2'], ['r1a', 'r1b', 'r2a'], ['r3'], ['r2b', 'r3a']]);
  });

  it('sends a chain deeper than the open levels one link at a time, in order', async () => {
    const chain: Folder[] = Array.from({ length: 7 }, (_, i) => ({
      folderId: `a${i}`,
      folderName: 'A',
      ...(i > 0 && { parentFolderId: `a${i - 1}` }),
    }));
    const fake = fakeSender<WireObject>({
      delayMs: () => 2,
      dependsOn: parentOf,
      inputIds: new Set(chain.map((f) => f.folderId)),
    });
    const outcome = await runBulk({
      source: folderFile(chain),
      describe: tree(),
      sendBatch: fake.send,
    });
    expect(fake.calls.map((c) => c.keys)).toEqual(chain.map((f) => [f.folderId]));
    expect(fake.violations).toEqual([]);
    expect(fake.maxInFlight).toBe(1);
    expect(outcome.sent).toBe(7);
  });

  it('sends a parent → child → grandchild chain parents first while other batches overlap', async () => {
    const items: Folder[] = [
      { folderId: 'p', folderName: 'P' },
      { folderId: 'x1', folderName: 'X' },
      { folderId: 'c', folderName: 'C', parentFolderId: 'p' },
      { folderId: 'x2', folderName: 'X' },
      { folderId: 'x3', folderName: 'X' },
      { folderId: 'g', folderName: 'G', parentFolderId: 'c' },
      { folderId: 'x4', folderName: 'X' },
      { folderId: 'x5', folderName: 'X' },
      { folderId: 'gg', folderName: 'GG', parentFolderId: 'g' },
      ...Array.from({ length: 11 }, (_, i) => ({ folderId: `y${i}`, folderName: 'Y' })),
    ];
    const random = seededRandom(7);
    const fake = fakeSender<WireObject>({
      // The parents' batches are the slow ones, so that children would overtake them if
      // the order were not enforced.
      delayMs: (call) => (call < 3 ? 15 : Math.floor(random() * 4)),
      dependsOn: parentOf,
      inputIds: new Set(items.map((f) => f.folderId)),
    });
    const outcome = await runBulk({
      source: folderFile(items),
      describe: tree(),
      batchSize: 2,
      concurrency: 4,
      sendBatch: fake.send,
    });
    expect(fake.violations).toEqual([]);
    expect(fake.maxInFlight).toBe(4);
    const order = fake.calls.map((c) => c.keys);
    expect(order.findIndex((k) => k.includes('c'))).toBeGreaterThan(
      order.findIndex((k) => k.includes('p')),
    );
    expect(order.findIndex((k) => k.includes('gg'))).toBeGreaterThan(
      order.findIndex((k) => k.includes('g')),
    );
    expect(outcome.sent).toBe(20);
    expect(Object.keys(outcome.results)).toEqual(items.map((f) => f.folderId));
  });

  it('finishes a random 10,000-folder tree without deadlock, every parent first', async () => {
    const random = seededRandom(2024);
    const items: Folder[] = Array.from({ length: 10_000 }, (_, i) => {
      const parent = i > 0 && random() < 0.7 ? Math.floor(random() * i) : undefined;
      return {
        folderId: `f${i}`,
        folderName: `Folder ${i}`,
        ...(parent !== undefined && { parentFolderId: `f${parent}` }),
      };
    });
    const fake = fakeSender<WireObject>({
      delayMs: () => Math.floor(random() * 3),
      dependsOn: parentOf,
      inputIds: new Set(items.map((f) => f.folderId)),
    });
    const outcome = await runBulk({
      source: folderFile(items),
      describe: tree(),
      concurrency: 4,
      sendBatch: fake.send,
    });
    expect(fake.violations).toEqual([]);
    expect(fake.maxInFlight).toBeLessThanOrEqual(4);
    expect(Math.max(...sizes(fake.calls))).toBeLessThanOrEqual(100);
    const sentKeys = fake.calls.flatMap((c) => c.keys);
    expect(sentKeys).toHaveLength(10_000);
    expect(new Set(sentKeys).size).toBe(10_000);
    expect(outcome).toMatchObject({ sent: 10_000, failed: 0 });
    expect(Object.keys(outcome.results)).toEqual(items.map((f) => f.folderId));
    expect(fake.maxInFlight).toBeGreaterThan(1);

    // --dry-run shows exactly the batches that went out (in the order they were closed,
    // which concurrency may change).
    const planned: string[] = [];
    await planBatches({ source: folderFile(items), describe: tree() }, (batch) => {
      planned.push(batch.keys.join(' '));
    });
    expect(fake.calls.map((c) => c.keys.join(' ')).sort()).toEqual(planned.sort());
  });

  it('completes a deep tree with one batch in flight, results in input order', async () => {
    // Four levels open at once and a window of 2 × 1 + 4 batches: the tightest case of the
    // no-stall argument in send.ts.
    const random = seededRandom(99);
    const items: Folder[] = [];
    for (let i = 0; i < 300; i++) {
      const depth = i % 6;
      items.push({
        folderId: `n${i}`,
        folderName: 'N',
        ...(depth > 0 && { parentFolderId: `n${i - 1}` }),
      });
      if (random() < 0.5) items.push({ folderId: `x${i}`, folderName: 'X' });
    }
    const fake = fakeSender<WireObject>({
      delayMs: () => Math.floor(random() * 2),
      dependsOn: parentOf,
      inputIds: new Set(items.map((f) => f.folderId)),
    });
    const outcome = await runBulk({
      source: folderFile(items),
      describe: tree(),
      batchSize: 3,
      concurrency: 1,
      sendBatch: fake.send,
    });
    expect(fake.violations).toEqual([]);
    expect(fake.maxInFlight).toBe(1);
    expect(outcome.sent).toBe(items.length);
    expect(Object.keys(outcome.results)).toEqual(items.map((f) => f.folderId));
  });

  it('still sends a child whose parent failed: the service reports the missing parent', async () => {
    const fake = fakeSender<WireObject>({
      failure: (key) => (key === 'a' ? 'folder already exists' : undefined),
    });
    const outcome = await runBulk({
      source: folderFile([
        { folderId: 'a', folderName: 'A' },
        { folderId: 'b', folderName: 'B', parentFolderId: 'a' },
      ]),
      describe: tree(),
      sendBatch: fake.send,
    });
    expect(fake.calls.map((c) => c.keys)).toEqual([['a'], ['b']]);
    expect(outcome).toEqual({
      results: { a: { success: false, message: 'folder already exists' }, b: { success: true } },
      sent: 2,
      failed: 1,
    });
  });
});

describe('the merged result', () => {
  it('keeps input order when later batches answer first', async () => {
    const fake = fakeSender<WireObject>({ delayMs: (call) => 20 - 2 * call });
    const outcome = await runBulk({
      source: folderFile(folderList(10)),
      describe: flat(),
      batchSize: 1,
      concurrency: 10,
      sendBatch: fake.send,
    });
    expect(fake.maxInFlight).toBe(10);
    expect(Object.keys(outcome.results)).toEqual(folderList(10).map((f) => f.folderId));
  });

  it('merges failures into the one map and counts them', async () => {
    const fake = fakeSender<WireObject>({
      failure: (key) => (key === 'f3' || key === 'f7' ? `unknown parent of ${key}` : undefined),
    });
    const outcome = await runBulk({
      source: folderFile(folderList(10)),
      describe: flat(),
      batchSize: 4,
      sendBatch: fake.send,
    });
    const expected: Record<string, ItemResult> = {};
    for (let i = 0; i < 10; i++) {
      expected[`f${i}`] =
        i === 3 || i === 7
          ? { success: false, message: `unknown parent of f${i}` }
          : { success: true };
    }
    expect(outcome).toEqual({ results: expected, sent: 10, failed: 2 });
  });

  it('marks an item the answer does not mention as failed, and keeps members it did not ask for', async () => {
    const outcome = await runBulk({
      source: folderFile(folderList(3)),
      describe: flat(),
      sendBatch: () =>
        Promise.resolve({ f0: { success: true }, f2: { success: true }, zz: { success: true } }),
    });
    expect(outcome).toEqual({
      results: {
        f0: { success: true },
        f1: { success: false, message: 'the service returned no result for this item' },
        f2: { success: true },
        zz: { success: true },
      },
      sent: 3,
      failed: 1,
    });
  });

  it("never lets a stray member of one answer replace another item's own result", async () => {
    const outcome = await runBulk({
      source: folderFile(folderList(2)),
      describe: flat(),
      batchSize: 1,
      sendBatch: (_items, keys) =>
        Promise.resolve<Record<string, ItemResult>>(
          keys[0] === 'f1'
            ? { f1: { success: true }, f0: { success: false, message: 'stray' } }
            : { f0: { success: true } },
        ),
    });
    expect(outcome).toEqual({
      results: { f0: { success: true }, f1: { success: true } },
      sent: 2,
      failed: 0,
    });
  });

  it('keeps only the failed items when asked, still counting every item', async () => {
    const fake = fakeSender<WireObject>({
      failure: (key) => (key === 'f5' ? 'no' : undefined),
    });
    const outcome = await runBulk({
      source: folderFile(folderList(250)),
      describe: flat(),
      keep: 'failed',
      sendBatch: fake.send,
    });
    expect(outcome).toEqual({
      results: { f5: { success: false, message: 'no' } },
      sent: 250,
      failed: 1,
    });
  });

  it('hands every result to onResult in input order, keeping none when asked', async () => {
    const seen: [string, boolean][] = [];
    const delays = [15, 0, 5];
    const fake = fakeSender<WireObject>({
      delayMs: (call) => delays[call] ?? 0,
      failure: (key) => (key === 'f4' ? 'no' : undefined),
    });
    const outcome = await runBulk({
      source: folderFile(folderList(7)),
      describe: flat(),
      batchSize: 3,
      keep: 'none',
      onResult: (key, result) => seen.push([key, result.success]),
      sendBatch: fake.send,
    });
    expect(outcome).toEqual({ results: {}, sent: 7, failed: 1 });
    expect(seen).toEqual(folderList(7).map((f) => [f.folderId, f.folderId !== 'f4']));
  });

  it('reports progress in input order with the total from the first pass', async () => {
    const progress: unknown[] = [];
    const delays = [10, 0, 20];
    const fake = fakeSender<WireObject>({
      delayMs: (call) => delays[call] ?? 0,
      failure: (key) => (key === 'f1' ? 'no' : undefined),
    });
    await runBulk({
      source: folderFile(folderList(5)),
      describe: flat(),
      batchSize: 2,
      sendBatch: fake.send,
      onProgress: (p) => progress.push(p),
    });
    // The second batch answers first and waits for the first; both are merged together.
    expect(progress).toEqual([
      { done: 4, failed: 1, total: 5 },
      { done: 5, failed: 1, total: 5 },
    ]);
  });

  it('keys items without an id by where they came from', async () => {
    const path = temp().file(
      'activities.ndjson',
      [
        { featureType: 'comment', actionType: 'add', actionUser: { userId: 'u1' } },
        { id: 'act-2', featureType: 'comment', actionType: 'add', actionUser: { userId: 'u1' } },
        { featureType: 'reaction', actionType: 'add', actionUser: { userId: 'u2' } },
      ]
        .map((a) => JSON.stringify(a))
        .join('\n'),
    );
    const fake = fakeSender<WireObject>();
    const outcome = await runBulk({
      source: path,
      describe: objectItems(operation('activities.add')),
      sendBatch: fake.send,
    });
    expect(fake.calls.map((c) => c.keys)).toEqual([['line 1', 'act-2', 'line 3']]);
    expect(Object.keys(outcome.results)).toEqual(['line 1', 'act-2', 'line 3']);
  });

  it('ends with the error of a batch that fails as a whole, once the others have settled', async () => {
    const denied = new ApiError('PERMISSION_DENIED', 'advanced queries are off', 403);
    const fake = fakeSender<WireObject>({
      delayMs: (call) => (call === 1 ? 1 : 10),
      reject: (call) => (call === 1 ? denied : undefined),
    });
    const err = await rejection(
      runBulk({
        source: folderFile(folderList(100)),
        describe: flat(),
        batchSize: 5,
        concurrency: 3,
        sendBatch: fake.send,
      }),
    );
    expect(err).toBe(denied);
    expect(fake.inFlight).toBe(0);
    // The three first batches were under way; nothing started after the failure.
    expect(fake.calls).toHaveLength(3);
  });

  it('treats a sendBatch that throws like one that rejects', async () => {
    const err = await rejection(
      runBulk({
        source: folderFile(folderList(3)),
        describe: flat(),
        sendBatch: () => {
          throw new Error('adapter bug');
        },
      }),
    );
    expect(err.message).toBe('adapter bug');
  });
});
