import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, operations } from '../../../src/catalogue/operations.js';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import {
  type Credentials,
  createWorkspace,
  expectError,
  keyHeaders,
  post,
  request,
  workspaceHeaders,
} from './helpers.js';
import { sampleRequests } from './samples.js';

/** Operations 1 to 27 and the deletion status (28) are implemented. */
const implemented = new Set([
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
  28,
]);
const unimplemented = operations.filter((op) => !implemented.has(op.number));

let emulator: RunningEmulator;
let url: string;
let creds: Credentials;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  url = emulator.url;
  creds = await createWorkspace(url, 'ops@example.com');
});
afterAll(() => emulator.close());

function headersFor(auth: string): Record<string, string> {
  if (auth === 'key') return keyHeaders(creds);
  if (auth === 'workspace') return workspaceHeaders(creds);
  return {};
}

describe.each(unimplemented.map((op) => [op.name, op] as const))('%s', (name, op) => {
  const sample = sampleRequests[name];

  it('has a sample that passes its request schema', () => {
    expect(op.request.safeParse(sample).error).toBeUndefined();
  });

  it('checks credentials first', async () => {
    expectError(await post(url, op.path, sample), 400, 'INVALID_ARGUMENT');
    const wrongToken = { ...headersFor(op.auth), 'x-service-auth-token': 'nope' };
    const reply = await post(url, op.path, sample, wrongToken);
    if (op.auth === 'key') expectError(reply, 403, 'PERMISSION_DENIED');
    else expectError(reply, 401, 'UNAUTHENTICATED');
  });

  it('answers 501 UNIMPLEMENTED to an authenticated, valid call', async () => {
    const reply = await post(url, op.path, sample, headersFor(op.auth));
    expect(reply.json).toEqual({
      error: { status: 'UNIMPLEMENTED', message: `${name} is not implemented by the emulator yet` },
    });
    expect(reply.status).toBe(501);
  });
});

describe('the journal of failed calls', () => {
  it('records them with their operation, workspace and error status', async () => {
    // A new workspace has no CRDT data for any editor: NOT_FOUND.
    const op = operation('crdt.update');
    await post(url, op.path, sampleRequests[op.name], headersFor(op.auth));
    const journal = await request(`${url}/_emulator/journal`);
    const entries = (journal.json as { entries: Record<string, unknown>[] }).entries;
    expect(entries.at(-1)).toEqual({
      time: expect.any(Number) as number,
      method: 'POST',
      path: op.path,
      httpStatus: 404,
      errorStatus: 'NOT_FOUND',
      operation: op.name,
      workspaceId: creds.workspaceId,
    });
  });
});
