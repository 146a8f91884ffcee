import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { objectItems, runBulk, type ItemJson, type ItemResult } from '../../../src/bulk/index.js';
import { useTempDir } from './helpers.js';

// A forced collection separates what the run keeps from garbage not yet collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MiB = 2 ** 20;
const LINES = 200_000;

const temp = useTempDir();

async function writeNdjson(path: string): Promise<void> {
  const out = createWriteStream(path);
  for (let i = 0; i < LINES; i++) {
    // Every tenth folder is top-level; the others sit under the last top-level one.
    const parent = i % 10 === 0 ? '' : `,"parentFolderId":"folder-${i - (i % 10)}"`;
    if (!out.write(`{"folderId":"folder-${i}","folderName":"Folder number ${i}"${parent}}\n`)) {
      await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
}

describe('streaming', () => {
  it(`imports ${LINES.toLocaleString('en-US')} NDJSON lines with flat memory`, async () => {
    const path = join(temp().dir, 'folders.ndjson');
    await writeNdjson(path);
    // A sender that keeps nothing, unlike the recording fake, so that what is measured is
    // what the bulk path itself holds.
    let sentItems = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const sendBatch = async (_items: readonly ItemJson[], keys: readonly string[]) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      sentItems += keys.length;
      const answer: Record<string, ItemResult> = {};
      for (const key of keys) answer[key] = { success: true };
      return answer;
    };

    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    // Sampled on a timer too, so that the first (validating) pass is covered.
    const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed - baseline));
    const timer = setInterval(sample, 5);
    const samples: number[] = [];
    let nextCheck = 25_000;
    const outcome = await runBulk({
      source: path,
      describe: objectItems(operation('folders.add'), { dependsOn: 'parentFolderId' }),
      sendBatch,
      keep: 'failed',
      onProgress: ({ done }) => {
        sample();
        if (done >= nextCheck) {
          nextCheck += 25_000;
          gc();
          samples.push(process.memoryUsage().heapUsed - baseline);
        }
      },
    });
    clearInterval(timer);

    expect(outcome).toEqual({ results: {}, sent: LINES, failed: 0 });
    expect(sentItems).toBe(LINES);
    expect(maxInFlight).toBe(4);
    // Measured all along the run, not only at its end.
    expect(samples.length).toBeGreaterThanOrEqual(LINES / 25_000 - 1);
    // The peak between collections is mostly garbage not yet collected, whose amount each V8
    // lets grow differently (Node 24's lets it reach about 70 MiB here); what the run holds
    // is the post-collection bound below.
    expect(peak).toBeLessThan(96 * MiB);
    // What the run holds after a collection is a window of batches and one chunk of the
    // file, whatever its length: flat from the first sample to the last.
    expect(Math.max(...samples)).toBeLessThan(8 * MiB);
    expect(Math.max(...samples) - (samples[0] ?? 0)).toBeLessThan(2 * MiB);
  });
});
