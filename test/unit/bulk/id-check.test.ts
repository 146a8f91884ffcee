import { describe, expect, it } from 'vitest';
import { IdCheck } from '../../../src/bulk/id-check.js';

/** Enough ids that every bucket writes blocks to its file before the end. */
const MANY = 300_000;

async function suspectsOf(steps: (ids: IdCheck) => void, ask: readonly string[]) {
  const ids = await IdCheck.create();
  try {
    steps(ids);
    const suspects = ids.suspects();
    return { size: suspects.size, found: ask.filter((id) => suspects.has(id)) };
  } finally {
    await ids.remove();
  }
}

describe('IdCheck', () => {
  it('finds an id defined again far apart, and a reference that comes before its id', async () => {
    const result = await suspectsOf(
      (ids) => {
        ids.define('first');
        ids.refer('late');
        for (let i = 0; i < MANY; i++) {
          ids.refer(i === 0 ? 'first' : `folder-${i - 1}`);
          ids.define(`folder-${i}`);
        }
        ids.define('late');
        ids.define('first');
      },
      ['first', 'late', 'folder-0', `folder-${MANY - 1}`],
    );
    expect(result).toEqual({ size: 2, found: ['first', 'late'] });
  });

  it('suspects nothing in a valid input: references after their ids, or to ids it lacks', async () => {
    const result = await suspectsOf(
      (ids) => {
        for (let i = 0; i < MANY; i++) {
          ids.refer(i % 2 === 0 ? 'already-on-the-service' : `folder-${i - 1}`);
          ids.define(`folder-${i}`);
        }
      },
      ['already-on-the-service', 'folder-0'],
    );
    expect(result).toEqual({ size: 0, found: [] });
  });

  it('works for a small input that never writes a block', async () => {
    const result = await suspectsOf(
      (ids) => {
        ids.refer('b');
        ids.define('a');
        ids.define('b');
        ids.define('a');
      },
      ['a', 'b'],
    );
    expect(result).toEqual({ size: 2, found: ['a', 'b'] });
  });
});
