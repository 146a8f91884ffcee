import { afterEach, describe, expect, it } from 'vitest';
import { Faults, type FaultPlan } from '../../../src/emulator/faults.js';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import { expectError, post, request } from './helpers.js';

const CREATE = '/v2/workspace/create';
const STATUS = '/v2/workspace/email/status';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function setFaults(url: string, plan: FaultPlan) {
  return request(`${url}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(plan),
  });
}

async function journal(url: string) {
  const reply = await request(`${url}/_emulator/journal`);
  return (reply.json as { entries: { path: string; httpStatus: number; fault?: string }[] })
    .entries;
}

const exists = async (url: string, ownerEmail: string) =>
  (await post(url, STATUS, { ownerEmail })).status === 200;

describe('Faults', () => {
  it('makes the same decisions for the same seed and requests', () => {
    const plan: FaultPlan = {
      seed: 7,
      rules: [
        { fault: 'status', status: 503, probability: 0.3 },
        { fault: 'latency', ms: [0, 100], probability: 0.5 },
      ],
    };
    const run = () => {
      const faults = new Faults(plan);
      return Array.from({ length: 50 }, () => faults.decide('/v1/x').label ?? '');
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(first.filter((l) => l.includes('status 503')).length).toBeGreaterThan(5);
    expect(first.filter((l) => l === '').length).toBeGreaterThan(5);
  });

  it('matches exact paths and prefixes', () => {
    const faults = new Faults({
      rules: [{ path: '/v2/crdt/*', fault: 'drop-before', probability: 1 }],
    });
    expect(faults.decide('/v2/crdt/update').outcome.kind).toBe('drop-before');
    expect(faults.decide('/v2/presence/add').outcome.kind).toBe('none');
  });
});

describe('fault injection in the emulator', () => {
  it('answers an injected 429 with its envelope and Retry-After, doing nothing', async () => {
    emulator = await startEmulator({
      faults: {
        rules: [{ path: CREATE, fault: 'status', status: 429, retryAfter: 2, probability: 1 }],
      },
    });
    const reply = await post(emulator.url, CREATE, { ownerEmail: 'f429@example.com' });
    expectError(reply, 429, 'RESOURCE_EXHAUSTED');
    expect(reply.headers.get('retry-after')).toBe('2');
    expect(await exists(emulator.url, 'f429@example.com')).toBe(false);
    const entry = (await journal(emulator.url)).find((e) => e.path === CREATE);
    expect(entry).toMatchObject({ httpStatus: 429, fault: 'status 429' });
  });

  it('drop-before closes the connection without doing the work', async () => {
    emulator = await startEmulator({
      faults: { rules: [{ path: CREATE, fault: 'drop-before', probability: 1 }] },
    });
    await expect(
      post(emulator.url, CREATE, { ownerEmail: 'before@example.com' }),
    ).rejects.toThrow();
    expect(await exists(emulator.url, 'before@example.com')).toBe(false);
  });

  it('drop-after does the work, commits it, then closes the connection unanswered', async () => {
    emulator = await startEmulator({
      faults: { rules: [{ path: CREATE, fault: 'drop-after', probability: 1 }] },
    });
    await expect(post(emulator.url, CREATE, { ownerEmail: 'after@example.com' })).rejects.toThrow();
    expect(await exists(emulator.url, 'after@example.com')).toBe(true);
    const entry = (await journal(emulator.url)).find((e) => e.path === CREATE);
    expect(entry).toMatchObject({ httpStatus: 0, fault: 'drop-after' });
  });

  it('adds latency', async () => {
    emulator = await startEmulator({
      faults: { rules: [{ path: STATUS, fault: 'latency', ms: 150, probability: 1 }] },
    });
    const started = Date.now();
    await post(emulator.url, STATUS, { ownerEmail: 'slow@example.com' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('is switched on and off by the admin call, which refuses a bad plan', async () => {
    emulator = await startEmulator();
    const bad = await setFaults(emulator.url, {
      rules: [{ fault: 'status', status: 418, probability: 1 }],
    } as unknown as FaultPlan);
    expectError(bad, 400, 'INVALID_ARGUMENT');

    await setFaults(emulator.url, { rules: [{ fault: 'status', status: 503, probability: 1 }] });
    expectError(
      await post(emulator.url, STATUS, { ownerEmail: 'x@example.com' }),
      503,
      'UNAVAILABLE',
    );
    // The admin routes themselves are never faulted.
    expect((await request(`${emulator.url}/_emulator/health`)).status).toBe(200);

    await setFaults(emulator.url, { rules: [] });
    expectError(
      await post(emulator.url, STATUS, { ownerEmail: 'x@example.com' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('admin routes switched off', () => {
  it('answers NOT_FOUND under /_emulator/ and still serves the API', async () => {
    emulator = await startEmulator({ adminRoutes: false });
    for (const path of ['/_emulator/health', '/_emulator/journal']) {
      expectError(await request(`${emulator.url}${path}`), 404, 'NOT_FOUND');
    }
    expectError(await setFaults(emulator.url, { rules: [] }), 404, 'NOT_FOUND');
    const created = await post(emulator.url, CREATE, { ownerEmail: 'noadmin@example.com' });
    expect(created.status).toBe(200);
  });
});
