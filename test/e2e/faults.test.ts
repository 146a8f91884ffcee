import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Faults, type FaultPlan } from '../../src/emulator/faults.js';
import { scaled } from '../support/deep.js';
import { adminFetch, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * A bulk import through a service in trouble: a fifth of the folder-add requests answer
 * 503, one in twenty loses its connection (half of those after the folders were added),
 * and every request is slowed. Retries must make every folder land exactly once. A load
 * test: 2,000 folders (20 batches and their retries) in an ordinary run, 10,000 under
 * `npm run test:deep`.
 */

const FOLDERS = scaled(2_000, 10_000);
const ADD = '/v1/organizations/folders/add';
const plan: FaultPlan = {
  seed: 20261122,
  rules: [
    { path: ADD, fault: 'latency', ms: [0, 25], probability: 1 },
    { path: ADD, fault: 'status', status: 503, probability: 0.2 },
    { path: ADD, fault: 'drop-before', probability: 0.025 },
    { path: ADD, fault: 'drop-after', probability: 0.025 },
  ],
};

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Within three standard deviations of `p` over `n` draws. */
function plausible(observed: number, p: number, n: number): boolean {
  return Math.abs(observed - p) <= 3 * Math.sqrt((p * (1 - p)) / n);
}

const emulator = useEmulator({
  faults: plan,
  seed: {
    workspaces: [
      {
        ownerEmail: 'faults@example.com',
        consoleOptions: { advancedQueries: true },
        organizations: [{ id: 'acme' }],
      },
    ],
  },
});

describe('bulk import under faults', () => {
  it(`adds exactly ${FOLDERS.toLocaleString('en-US')} folders through 503s, dropped connections and latency`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-faults-'));
    const file = join(dir, 'folders.ndjson');
    writeFileSync(
      file,
      Array.from({ length: FOLDERS }, (_, i) =>
        JSON.stringify({ folderId: `f${i}`, folderName: `Folder ${i}` }),
      ).join('\n'),
    );

    const r = await svc(
      ['folders', 'add', '--org', 'acme', '--file', file, '--json'],
      emulator.env,
    );
    expect(r.exitCode, r.stderr.slice(0, 500)).toBe(0);
    const results = JSON.parse(r.stdout) as Record<string, { success: boolean }>;
    expect(Object.keys(results)).toHaveLength(FOLDERS);
    expect(Object.values(results).every((x) => x.success)).toBe(true);

    const listed = await svc(['folders', 'list', '--org', 'acme', '--json'], emulator.env);
    const ids = (JSON.parse(listed.stdout) as { folderId: string }[]).map((f) => f.folderId);
    expect(ids).toHaveLength(FOLDERS);
    expect(new Set(ids).size).toBe(FOLDERS);

    const { entries } = (await (await adminFetch(emulator, '/_emulator/journal')).json()) as {
      entries: { path: string; fault?: string }[];
    };
    const adds = entries.filter((e) => e.path === ADD);
    const count = (labels: (string | undefined)[]) => ({
      'status 503': labels.filter((l) => l?.includes('status 503')).length,
      drops: labels.filter((l) => l?.includes('drop-')).length,
    });
    const observed = count(adds.map((e) => e.fault));
    const n = adds.length;
    // Printed so that CI logs show what the run went through.
    console.log(
      `faults: ${n} folder-add requests for ${FOLDERS} folders; ` +
        `503 ${percent(observed['status 503'] / n)} (stated 20%), ` +
        `dropped ${percent(observed.drops / n)} (stated 5%)`,
    );
    expect(plausible(observed['status 503'] / n, 0.2, n)).toBe(true);
    expect(plausible(observed.drops / n, 0.05, n)).toBe(true);
    // Each request draws the same numbers, so with the seed the n requests met exactly the
    // faults of the plan's first n decisions, whichever request met which.
    const faults = new Faults(plan);
    expect(observed).toEqual(count(Array.from({ length: n }, () => faults.decide(ADD).label)));
  }, 180_000);
});
