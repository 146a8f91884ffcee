import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach } from 'vitest';
import {
  parseItemJson,
  type ItemJson,
  type ItemResult,
  type SendBatch,
} from '../../../src/bulk/index.js';

/** A fresh temporary directory per test, removed afterwards. */
export function useTempDir(): () => { dir: string; file: (name: string, text: string) => string } {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-bulk-test-'));
    dirs.push(dir);
    return {
      dir,
      file: (name, text) => {
        const path = join(dir, name);
        writeFileSync(path, text);
        return path;
      },
    };
  };
}

/** The `stdin` option of a run: a stream that delivers `text` in small pieces, as a pipe would. */
export function stdinOf(text: string, pieceSize = 7): () => Readable {
  const pieces: Buffer[] = [];
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += pieceSize) pieces.push(bytes.subarray(i, i + pieceSize));
  return () => Readable.from(pieces);
}

export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Error) return err;
    throw new Error(`rejected with a non-error: ${String(err)}`);
  }
  throw new Error('expected a rejection, but the promise resolved');
}

/** A deterministic generator, so that a failing random case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface FakeSenderOptions<Item> {
  /** How long a batch takes, by its position among the calls; 0 answers on the next tick. */
  delayMs?: (call: number) => number;
  /** The message of an item that fails, or undefined when it succeeds. */
  failure?: (key: string) => string | undefined;
  /** Makes a call reject instead of answering. */
  reject?: (call: number) => Error | undefined;
  /** The id of an item that must have completed before this item may be sent. */
  dependsOn?: (item: Item) => string | undefined;
  /** Ids present in the input: a dependency outside it needs no order. */
  inputIds?: ReadonlySet<string>;
}

export interface FakeSender<Item> {
  /** Takes items as a run spooled them, and parses them. */
  send: SendBatch<ItemJson>;
  /** Every call's items and keys, in call order. */
  calls: { items: Item[]; keys: string[] }[];
  inFlight: number;
  maxInFlight: number;
  /** Dependencies seen in a batch before the batch holding them had completed. */
  violations: string[];
}

/**
 * Stands in for the command's sendBatch: records what it is given, tracks how many calls
 * run at once, and checks that every dependency it sees was completed before.
 */
export function fakeSender<Item>(options: FakeSenderOptions<Item> = {}): FakeSender<Item> {
  const completed = new Set<string>();
  const fake: FakeSender<Item> = {
    calls: [],
    inFlight: 0,
    maxInFlight: 0,
    violations: [],
    send: async (given, keys) => {
      const items = given.map((json) => parseItemJson<Item>(json));
      const call = fake.calls.length;
      fake.calls.push({ items, keys: [...keys] });
      for (const item of items) {
        const dependency = options.dependsOn?.(item);
        if (
          dependency !== undefined &&
          options.inputIds?.has(dependency) === true &&
          !completed.has(dependency)
        ) {
          fake.violations.push(dependency);
        }
      }
      fake.inFlight++;
      fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
      const delay = options.delayMs?.(call) ?? 0;
      await new Promise((resolve) => setTimeout(resolve, delay));
      fake.inFlight--;
      const error = options.reject?.(call);
      if (error) throw error;
      const answer: Record<string, ItemResult> = {};
      for (const key of keys) {
        const message = options.failure?.(key);
        answer[key] = message === undefined ? { success: true } : { success: false, message };
      }
      for (const key of keys) completed.add(key);
      return answer;
    },
  };
  return fake;
}
