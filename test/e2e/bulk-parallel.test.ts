import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { scaled } from '../support/deep.js';
import { adminFetch, SVC } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * Bulk runs started side by side, as `xargs -P 8` starts them: runs with different input
 * each keep a journal of their own, so none waits for or refuses another.
 */

const basic = useEmulator();
/** Runs started: enough to keep 8 at once busy in CI, 200 under test:deep. */
const RUNS = scaled(32, 200);

describe('parallel runs with different input', () => {
  it(`creates ${RUNS} groups from ${RUNS} runs at xargs -P 8, refusing none`, async () => {
    const r = await execa(
      'sh',
      [
        '-c',
        'seq 1 "$RUNS" | xargs -P 8 -I{} "$SVC" groups add --org acme --id p{} --name "P {}" --json',
      ],
      {
        env: { ...basic.env, SVC, RUNS: String(RUNS) },
        extendEnv: false,
        reject: false,
        timeout: 240_000,
      },
    );
    expect(r.stderr).toBe('');
    // xargs exits 0 only when every run did.
    expect(r.exitCode).toBe(0);
    const created = r.stdout
      .trim()
      .split('\n')
      .flatMap((line) => Object.entries(JSON.parse(line) as Record<string, { success: boolean }>))
      .filter(([, result]) => result.success)
      .map(([id]) => id);
    expect(new Set(created).size).toBe(RUNS);
    const res = await adminFetch(basic, '/_emulator/journal');
    const { entries } = (await res.json()) as {
      entries: { operation?: string; httpStatus: number }[];
    };
    const adds = entries.filter((e) => e.operation === 'groups.add');
    expect(adds.filter((e) => e.httpStatus === 200)).toHaveLength(RUNS);
  }, 300_000);
});
