import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperationName, operations } from '../../../src/catalogue/operations.js';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import { type Credentials, createWorkspace, keyHeaders, workspaceHeaders } from './helpers.js';
import { validRequests as valid } from './valid-requests.js';

/**
 * Property-based fuzzing of every operation: generated bodies of every kind (any JSON,
 * any `data`, valid requests with one member replaced, extra members, deep nesting, huge
 * strings and arrays) must each get an answer in the service's envelope, and never a 5xx.
 */

const RUNS_PER_OPERATION = 360;

const json = fc.jsonValue({ maxDepth: 4 });

function nested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Raw request bodies for one operation. */
function bodies(name: OperationName): fc.Arbitrary<string> {
  const base = valid[name];
  const keys = Object.keys(base);
  const mutated = fc
    .record({ key: fc.constantFrom(...keys, 'unexpectedMember'), value: json })
    .map(({ key, value }) => JSON.stringify({ data: { ...base, [key]: value } }));
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: json.map((v) => JSON.stringify({ data: v })) },
    { weight: 1, arbitrary: json.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: json.map((extra) => JSON.stringify({ data: base, extra })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 100, max: 50_000 })
        .map((depth) => `{"data":{"organizationId":${nested(depth)}}}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 2_000_000 })
        .map((n) => JSON.stringify({ data: { ...base, [keys[0] ?? 'x']: 'x'.repeat(n) } })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 200_000 })
        .map((n) => JSON.stringify({ data: { ...base, [keys[0] ?? 'x']: Array(n).fill(1) } })),
    },
  );
}

function isEnvelope(status: number, body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  if (Object.keys(b).length === 1 && typeof b.result === 'object' && b.result !== null) return true;
  if (Object.keys(b).length === 1 && typeof b.error === 'object' && b.error !== null) {
    const e = b.error as Record<string, unknown>;
    return typeof e.status === 'string' && typeof e.message === 'string' && status >= 400;
  }
  // User-data deletion answers at top level (wire-notes).
  return b.status === 'success' && typeof b.statusCode === 'number';
}

let emulator: RunningEmulator;
let creds: Credentials;
const counts = { requests: 0, serverErrors: 0, nonEnvelope: 0 };

beforeAll(async () => {
  // AI providers point at a closed port: a generated valid rewrite must not reach the internet.
  const closed = 'http://127.0.0.1:9';
  emulator = await startEmulator({
    createRateLimit: 0,
    aiProviderUrls: { openai: closed, anthropic: closed, google: closed },
  });
  creds = await createWorkspace(emulator.url, 'fuzzer@example.com');
});
afterAll(async () => {
  // Printed so that CI logs show how much was sent and what was seen.
  console.log(
    `fuzz: ${counts.requests} requests, ${counts.serverErrors} answers of 5xx, ${counts.nonEnvelope} bodies not in the envelope`,
  );
  await emulator.close();
});

describe('fuzzing every operation', () => {
  it('starts from a valid request for every operation', () => {
    for (const op of operations) {
      expect(op.request.safeParse(valid[op.name]).error, op.name).toBeUndefined();
    }
  });

  it.each(operations.map((op) => [op.name, op] as const))(
    '%s: every generated body gets an envelope and no 5xx',
    async (name, op) => {
      const headers = {
        'content-type': 'application/json',
        ...(op.auth === 'key'
          ? keyHeaders(creds)
          : op.auth === 'workspace'
            ? workspaceHeaders(creds)
            : {}),
      };
      await fc.assert(
        fc.asyncProperty(bodies(name), async (body) => {
          const res = await fetch(`${emulator.url}${op.path}`, { method: 'POST', headers, body });
          const text = await res.text();
          counts.requests++;
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          if (res.status >= 500) counts.serverErrors++;
          if (!isEnvelope(res.status, parsed)) counts.nonEnvelope++;
          expect(res.status, text.slice(0, 300)).toBeLessThan(500);
          expect(isEnvelope(res.status, parsed), text.slice(0, 300)).toBe(true);
          expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
        }),
        { numRuns: RUNS_PER_OPERATION },
      );
    },
    120_000,
  );

  it('sent at least 10,000 bodies', () => {
    expect(counts.requests).toBeGreaterThanOrEqual(10_000);
    expect(counts.serverErrors).toBe(0);
    expect(counts.nonEnvelope).toBe(0);
  });
});
