import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_COLLECTION_SIZE,
  MAX_JSON_DEPTH,
  MAX_STRING_LENGTH,
} from '../../../src/catalogue/limits.js';
import { type OperationName, operations } from '../../../src/catalogue/operations.js';
import type { Operation } from '../../../src/catalogue/types.js';
import { itemResultsIn } from '../../../src/http/envelope.js';
import { type Credentials, createWorkspace, keyHeaders, workspaceHeaders } from './helpers.js';
import { validRequests as valid } from './valid-requests.js';
import { FUZZ_SEED, scaled } from '../../support/deep.js';
import { useEmulator } from './fixture.js';

/**
 * Property-based fuzzing of every operation. Generated bodies of every kind (any JSON, any
 * `data`, valid requests with one value replaced, extra members) must each get an answer in
 * the service's envelope, and never a 5xx. Bodies past the request limits (nesting, a
 * string, an array or an object too large, the body itself too large), with the excess at
 * any place of a valid request, must get INVALID_ARGUMENT.
 */

/** 48 bodies an operation from a fixed seed in CI, 360 from a fresh seed under test:deep. */
const RUNS_PER_OPERATION = scaled(48, 360);
/** Bodies sent at once in each run: answered interleaved, they take less time in all. */
const CONCURRENT = 6;

const json = fc.jsonValue({ maxDepth: 4 });

type Path = readonly (string | number)[];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every place of a body built from `base` where a value can go: `data` itself, each member
 * and element at every level, a new member of every object, and beside `data`.
 */
function slots(base: Record<string, unknown>): Path[] {
  const found: Path[] = [['data'], ['extra']];
  const walk = (value: unknown, path: Path): void => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        found.push([...path, i]);
        walk(v, [...path, i]);
      });
    } else if (isObject(value)) {
      found.push([...path, 'extra']);
      for (const [key, v] of Object.entries(value)) {
        found.push([...path, key]);
        walk(v, [...path, key]);
      }
    }
  };
  walk(base, ['data']);
  return found;
}

/** A string no request holds, put where the raw text goes and then replaced by it. */
const HOLE = '\u0000hole\u0000';

/** `{"data": base}` as text, with the JSON text `raw` at `path`. */
function bodyWith(base: Record<string, unknown>, path: Path, raw: string): string {
  const body: Record<string, unknown> = structuredClone({ data: base });
  let parent: Record<string | number, unknown> = body;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1) as string | number] = HOLE;
  // Text, not a value: a value nested this deep could not be serialized here either.
  return JSON.stringify(body).replace(JSON.stringify(HOLE), () => raw);
}

/** `levels` arrays or objects, one inside the other, as JSON text. */
function nested(levels: number, arrays: boolean): string {
  return arrays
    ? `${'['.repeat(levels)}${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}0${'}'.repeat(levels)}`;
}

/**
 * JSON text past the request limits for `path`: nesting from just past the limit (the
 * body and `path` already nest `path.length` levels) to far past it, a string, an array or
 * an object too long, or a string that makes the body larger than it may be.
 */
function excessive(path: Path): fc.Arbitrary<string> {
  const justPast = MAX_JSON_DEPTH - path.length + 1;
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .record({
          levels: fc.oneof(fc.constant(justPast), fc.integer({ min: justPast, max: 20_000 })),
          arrays: fc.boolean(),
        })
        .map(({ levels, arrays }) => nested(levels, arrays)),
    },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: MAX_STRING_LENGTH + 1, max: 3 * MAX_STRING_LENGTH })
        .map((n) => JSON.stringify('x'.repeat(n))),
    },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: MAX_COLLECTION_SIZE + 1, max: 4 * MAX_COLLECTION_SIZE })
        .map((n) => `[${Array<string>(n).fill('0').join(',')}]`),
    },
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: MAX_COLLECTION_SIZE + 1, max: 2 * MAX_COLLECTION_SIZE })
        .map((n) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`),
    },
    // Rarer: the body's own size limit is the plainest, and each such body is megabytes.
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1024 * 1024, max: 2 * 1024 * 1024 })
        .map((n) => JSON.stringify('x'.repeat(n))),
    },
  );
}

interface Case {
  body: string;
  /** Past the request limits: the answer must be INVALID_ARGUMENT. */
  excessive: boolean;
}

/** Raw request bodies for one operation. */
function cases(name: OperationName): fc.Arbitrary<Case> {
  const base = valid[name];
  const places = slots(base);
  const place = fc.constantFrom(...places);
  const any = (arbitrary: fc.Arbitrary<string>) =>
    arbitrary.map((body): Case => ({ body, excessive: false }));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: any(
        fc
          .tuple(place, json)
          .map(([path, value]) => bodyWith(base, path, JSON.stringify(value) ?? 'null')),
      ),
    },
    { weight: 2, arbitrary: any(json.map((v) => JSON.stringify({ data: v }))) },
    { weight: 1, arbitrary: any(json.map((v) => JSON.stringify(v))) },
    { weight: 1, arbitrary: any(fc.string({ maxLength: 40 })) },
    { weight: 1, arbitrary: any(json.map((extra) => JSON.stringify({ data: base, extra }))) },
    {
      weight: 3,
      arbitrary: place.chain((path) =>
        excessive(path).map((raw): Case => ({ body: bodyWith(base, path, raw), excessive: true })),
      ),
    },
  );
}

function isEnvelope(status: number, body: unknown): boolean {
  if (!isObject(body)) return false;
  if (Object.keys(body).length === 1 && isObject(body.result)) return true;
  if (Object.keys(body).length === 1 && isObject(body.error)) {
    const e = body.error;
    return typeof e.status === 'string' && typeof e.message === 'string' && status >= 400;
  }
  // User-data deletion answers at top level (docs/wire-notes.md).
  return body.status === 'success' && typeof body.statusCode === 'number';
}

function errorStatus(body: unknown): unknown {
  return isObject(body) && isObject(body.error) ? body.error.status : undefined;
}

function errorMessage(body: unknown): unknown {
  return isObject(body) && isObject(body.error) ? body.error.message : undefined;
}

/** The words of the request limits' own refusals (src/catalogue/limits.ts, emulator/http.ts). */
const LIMIT_MESSAGE = /nested too deeply|at most \d+ are allowed|larger than \d+ bytes/;

// AI providers point at a closed port: a generated valid rewrite must not reach the internet.
const closed = 'http://127.0.0.1:9';
const emu = useEmulator({
  shared: true,
  rateLimits: { 'workspace.create': 0 },
  aiProviderUrls: { openai: closed, anthropic: closed, google: closed },
});
let creds: Credentials;
const counts = { requests: 0, excessive: 0, refused: 0, serverErrors: 0, nonEnvelope: 0 };

beforeAll(async () => {
  creds = await createWorkspace(emu.url, 'fuzzer@example.com');
});
afterAll(async () => {
  // Printed so that CI logs show how much was sent and what was seen.
  console.log(
    `fuzz: ${counts.requests} requests, ${counts.excessive} past the request limits (${counts.refused} answered INVALID_ARGUMENT), ${counts.serverErrors} answers of 5xx, ${counts.nonEnvelope} bodies not in the envelope`,
  );
});

describe('fuzzing every operation', () => {
  it('starts from a valid request for every operation', () => {
    for (const op of operations) {
      expect(op.request.safeParse(valid[op.name]).error, op.name).toBeUndefined();
    }
  });

  it.each(operations.map((op) => [op.name, op] as const))(
    '%s: every generated body gets an envelope and no 5xx, and INVALID_ARGUMENT past the limits',
    async (name, op) => {
      const headers = {
        'content-type': 'application/json',
        ...(op.auth === 'key'
          ? keyHeaders(creds)
          : op.auth === 'workspace'
            ? workspaceHeaders(creds)
            : {}),
      };
      const check = async ({ body, excessive }: Case): Promise<void> => {
        const res = await fetch(`${emu.url}${op.path}`, { method: 'POST', headers, body });
        const text = await res.text();
        counts.requests++;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        // The one 500 a contract documents: a bulk write's partial failure, its items' results
        // in `details` (itemResultsOnFailure).
        const documented =
          (op as Operation).itemResultsOnFailure === true && itemResultsIn(parsed) !== undefined;
        if (res.status >= 500 && !documented) counts.serverErrors++;
        if (!isEnvelope(res.status, parsed)) counts.nonEnvelope++;
        const context = `${text.slice(0, 300)} for ${body.slice(0, 200)}`;
        if (!documented) expect(res.status, context).toBeLessThan(500);
        expect(isEnvelope(res.status, parsed), context).toBe(true);
        expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
        if (!excessive) return;
        counts.excessive++;
        expect(res.status, context).toBeOneOf([400, 413]);
        expect(errorStatus(parsed), context).toBe('INVALID_ARGUMENT');
        // Refused by the limits themselves, not by a schema that happens to refuse it too.
        expect(errorMessage(parsed), context).toMatch(LIMIT_MESSAGE);
        counts.refused++;
      };
      await fc.assert(
        fc.asyncProperty(
          fc.array(cases(name), { minLength: CONCURRENT, maxLength: CONCURRENT }),
          async (batch) => {
            await Promise.all(batch.map(check));
          },
        ),
        { numRuns: RUNS_PER_OPERATION / CONCURRENT, seed: FUZZ_SEED },
      );
    },
    120_000,
  );

  it('sent every body it generated, a share of them past the limits', () => {
    // A quarter of the generated bodies are past a limit (weight 3 of 12): at least a tenth.
    expect(counts.requests).toBe(RUNS_PER_OPERATION * operations.length);
    expect(counts.excessive).toBeGreaterThanOrEqual(counts.requests / 10);
    expect(counts.refused).toBe(counts.excessive);
    expect(counts.serverErrors).toBe(0);
    expect(counts.nonEnvelope).toBe(0);
  });
});
