import { beforeAll, describe, expect, it } from 'vitest';
import { operation, operations } from '../../src/catalogue/operations.js';
import type { SeededWorkspace } from '../../src/emulator/server.js';
import { keyHeaders, post, request, workspaceHeaders } from '../unit/emulator/helpers.js';
import {
  type DocumentedExample,
  documentedExamples,
  type ExampleContext,
  fidelityFixture,
  rateLimitExamples,
} from './documented-examples.js';
import { sourceOf } from '../../src/catalogue/sources.js';
import { shapeDifferences } from './shape.js';
import { useEmulator } from '../unit/emulator/fixture.js';

/** The spec's operations, by their numbers: not the calls it leaves out. */
const SPEC_OPERATIONS = operations.filter((op) => sourceOf(op.number)?.name === 'spec');

// Jobs wait for an admin call, so a migration is still `pending` when its status is read.
const emu = useEmulator({ shared: true, jobDelay: 'manual' });
let seeded: SeededWorkspace;
const ctx: ExampleContext = {
  fresh: { workspaceId: '', workspaceToken: '', apiKey: '', authToken: '' },
  migrationId: '',
  endpointId: '',
};

beforeAll(async () => {
  const reply = await request(`${emu.url}/_emulator/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fidelityFixture),
  });
  const [workspace] = (reply.json as { workspaces: SeededWorkspace[] }).workspaces;
  if (!workspace) throw new Error(`seeding failed: ${reply.text}`);
  seeded = workspace;
});

function headersFor(example: DocumentedExample): Record<string, string> {
  const auth = operation(example.operation).auth;
  if (auth === 'public') return {};
  if (auth === 'workspace') return workspaceHeaders(ctx.fresh);
  return keyHeaders(example.as === 'fresh' ? ctx.fresh : seeded);
}

async function play(url: string, example: DocumentedExample) {
  const data = typeof example.data === 'function' ? example.data(ctx) : example.data;
  return post(url, operation(example.operation).path, data, headersFor(example));
}

/** Keeps what later examples need from the answer of an earlier one. */
async function remember(example: DocumentedExample, answer: unknown): Promise<void> {
  if (example.operation === 'workspace.create' && example.httpStatus === 200) {
    const ws = (answer as { result: { data: { id: string; authToken: string } } }).result.data;
    const apiKeyList = (answer as { result: { data: { apiKeyList: object } } }).result.data
      .apiKeyList;
    const apiKey = Object.keys(apiKeyList)[0] ?? '';
    ctx.fresh = { workspaceId: ws.id, workspaceToken: ws.authToken, apiKey, authToken: '' };
    const tokens = await post(
      emu.url,
      operation('workspace.authTokens').path,
      { apiKey },
      workspaceHeaders(ctx.fresh),
    );
    const data = (tokens.json as { result: { data: { authTokens: { token: string }[] } } }).result
      .data;
    ctx.fresh.authToken = data.authTokens[0]?.token ?? '';
  }
  if (
    example.operation === 'webhooks.endpoints.create' &&
    example.httpStatus === 200 &&
    ctx.endpointId === ''
  ) {
    ctx.endpointId = (answer as { result: { data: { id?: string } } }).result.data.id ?? '';
  }
  if (example.operation === 'documents.migrate') {
    ctx.migrationId = (
      answer as { result: { data: { migrationId: string } } }
    ).result.data.migrationId;
  }
}

describe('the documented examples', () => {
  it('cover every operation of the spec', () => {
    expect(SPEC_OPERATIONS.length).toBeGreaterThan(0);
    const covered = new Set(documentedExamples.map((e) => e.operation));
    expect(SPEC_OPERATIONS.map((op) => op.name).filter((name) => !covered.has(name))).toEqual([]);
  });

  // In order: later examples use what earlier ones created.
  it.each(documentedExamples.map((e) => [`${operation(e.operation).number}. ${e.title}`, e]))(
    'op %s: the answer has the documented shape',
    async (_name, example) => {
      const reply = await play(emu.url, example);
      expect(reply.status, reply.text).toBe(example.httpStatus);
      expect(shapeDifferences(example.answer as never, reply.json), reply.text).toEqual([]);
      await remember(example, reply.json);
    },
  );
});

describe('the documented rate limits', () => {
  const limited = useEmulator({
    shared: true,
    rateLimits: { 'workspace.create': 1, 'workspace.emailStatus': 1, 'workspace.loginLink': 1 },
  });

  it.each(rateLimitExamples.map((e) => [`${operation(e.operation).number}. ${e.title}`, e]))(
    'op %s: RESOURCE_EXHAUSTED once the limit is spent',
    async (_name, example) => {
      await play(limited.url, example);
      const reply = await play(limited.url, example);
      expect(reply.status, reply.text).toBe(example.httpStatus);
      expect(shapeDifferences(example.answer as never, reply.json), reply.text).toEqual([]);
    },
  );
});

describe('the shape comparison', () => {
  it('notices a missing key, an extra key, a wrong type and a wrong status', () => {
    expect(
      shapeDifferences({ a: 'x', status: 'success' }, { a: 1, b: 2, status: 'error' }),
    ).toEqual([
      '$.b: answered, not documented',
      '$.a: documented string, answered number',
      '$.status: documented "success", answered "error"',
    ]);
    expect(shapeDifferences({ data: null }, {})).toEqual([
      '$.data: documented, missing from the answer',
    ]);
  });

  it('takes any keys for a * map, and any one variant for array elements', () => {
    expect(shapeDifferences({ '*': { id: 'x' } }, { k1: { id: 'a' }, k2: { id: 'b' } })).toEqual(
      [],
    );
    expect(shapeDifferences({ '*': { id: 'x' } }, { k1: { id: 1 } })).toEqual([
      '$.k1.id: documented string, answered number',
    ]);
    expect(shapeDifferences([{ a: 1 }, { b: 1 }], [{ a: 2 }, { b: 3 }])).toEqual([]);
    expect(shapeDifferences([{ a: 1 }], [{ c: 2 }])).toHaveLength(2);
  });
});
