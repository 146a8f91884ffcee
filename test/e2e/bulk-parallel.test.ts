import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { SVC } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * Bulk runs started side by side, as `xargs -P 8` starts them: runs with different input
 * each keep a journal of their own, so none waits for or refuses another.
 */

const basic = useEmulator();

describe('parallel runs with different input', () => {
  it('creates 200 groups from 200 runs at xargs -P 8, refusing none', async () => {
    const r = await execa(
      'sh',
      [
        '-c',
        'seq 1 200 | xargs -P 8 -I{} "$SVC" groups add --org acme --id p{} --name "P {}" --json',
      ],
      { env: { ...basic.env, SVC }, extendEnv: false, reject: false, timeout: 240_000 },
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
    expect(new Set(created).size).toBe(200);
    const res = await fetch(`${basic.url}/_emulator/journal`);
    const { entries } = (await res.json()) as {
      entries: { operation?: string; httpStatus: number }[];
    };
    const adds = entries.filter((e) => e.operation === 'groups.add');
    expect(adds.filter((e) => e.httpStatus === 200)).toHaveLength(200);
  }, 300_000);
});
