import { afterEach, describe, expect, it } from 'vitest';
import { faultPlan, Faults, type FaultPlan } from '../../../src/emulator/faults.js';
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

  /** How often each outcome label comes out of `n` decisions. */
  function rates(plan: FaultPlan, n: number): Record<string, number> {
    const faults = new Faults(plan);
    const counts: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const { outcome, label = '' } = faults.decide('/v1/x');
      const name = outcome.kind === 'none' ? 'none' : (label.split(', ').at(-1) ?? '');
      counts[name] = (counts[name] ?? 0) + 1;
    }
    return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v / n]));
  }

  it('fires each status and drop rule as often as it says, in any order', () => {
    const rules: FaultPlan['rules'] = [
      { fault: 'latency', ms: [0, 10], probability: 0.5 },
      { fault: 'status', status: 503, probability: 0.2 },
      { fault: 'drop-after', probability: 0.05 },
      { fault: 'drop-before', probability: 0.025 },
    ];
    for (const ordered of [rules, [...rules].reverse()]) {
      const seen = rates({ seed: 11, rules: ordered }, 100_000);
      expect(seen['status 503']).toBeCloseTo(0.2, 2);
      expect(seen['drop-after']).toBeCloseTo(0.05, 2);
      expect(seen['drop-before']).toBeCloseTo(0.025, 2);
      expect(seen.none).toBeCloseTo(0.725, 2);
    }
  });

  it('gives later rules what is left when probabilities add up past 1', () => {
    const seen = rates(
      {
        seed: 3,
        rules: [
          { fault: 'status', status: 500, probability: 0.7 },
          { fault: 'status', status: 429, probability: 0.7 },
        ],
      },
      20_000,
    );
    expect(seen['status 500']).toBeCloseTo(0.7, 1);
    expect(seen['status 429']).toBeCloseTo(0.3, 1);
    expect(seen.none).toBeUndefined();
  });

  it.each([[[1e9, 0]], [[500, 100]], [[0, 60_001]], [[-1, 5]]])(
    'refuses the latency range %j',
    (ms) => {
      const plan = { rules: [{ fault: 'latency', ms, probability: 1 }] };
      expect(faultPlan.safeParse(plan).success).toBe(false);
    },
  );

  it('accepts latency ranges from 0 up to a minute, and a single value', () => {
    for (const ms of [[0, 60_000], [40, 40], 60_000]) {
      expect(
        faultPlan.safeParse({ rules: [{ fault: 'latency', ms, probability: 1 }] }).success,
      ).toBe(true);
    }
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
