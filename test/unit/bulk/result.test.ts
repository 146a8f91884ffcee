import { describe, expect, it } from 'vitest';
import {
  failedFirst,
  failureSummary,
  throwIfAnyFailed,
  type BulkOutcome,
  type ResultMap,
} from '../../../src/bulk/index.js';
import { NotFoundError, PartialFailureError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';

function outcomeOf(n: number, failing: ReadonlySet<number>): BulkOutcome {
  const results: ResultMap = {};
  for (let i = 0; i < n; i++) {
    results[`item-${i}`] = failing.has(i)
      ? { success: false, message: `item-${i} does not exist` }
      : { success: true };
  }
  return { results, sent: n, failed: failing.size };
}

describe('the outcome of a bulk run', () => {
  it('is exit 5 with the count in the message when any item failed', () => {
    const outcome = outcomeOf(10_000, new Set([3, 500, 9_999]));
    let caught: unknown;
    try {
      throwIfAnyFailed(outcome);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(PartialFailureError);
    const err = caught as PartialFailureError;
    expect(err.message).toBe('3 of 10,000 items failed');
    expect(exitCodeFor(err)).toBe(5);
  });

  it('is exit 4 when every item failed because what it names does not exist', () => {
    for (const n of [1, 3]) {
      let caught: unknown;
      try {
        throwIfAnyFailed(outcomeOf(n, new Set(Array.from({ length: n }, (_, i) => i))));
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(NotFoundError);
      expect(exitCodeFor(caught)).toBe(4);
    }
  });

  it('stays exit 5 when some failure is of another kind, or its outcome is unknown', () => {
    const otherReason: BulkOutcome = {
      results: {
        a: { success: false, message: 'a does not exist' },
        b: { success: false, message: 'the id is taken' },
      },
      sent: 2,
      failed: 2,
    };
    const unknown: BulkOutcome = {
      results: { a: { success: false, outcome: 'unknown', message: 'b does not exist' } },
      sent: 1,
      failed: 1,
    };
    for (const outcome of [otherReason, unknown]) {
      expect(() => throwIfAnyFailed(outcome)).toThrow(PartialFailureError);
    }
  });

  it('does not throw when every item succeeded', () => {
    expect(() => throwIfAnyFailed(outcomeOf(3, new Set()))).not.toThrow();
  });

  it('says "item" for one', () => {
    expect(failureSummary(outcomeOf(1, new Set([0])))).toBe('1 of 1 item failed');
  });

  it('orders rows failed first, each group in input order', () => {
    const results: ResultMap = {
      a: { success: true },
      b: { success: false, message: 'no such document' },
      c: { success: true, disabled: true },
      d: { success: false, message: 'no such organization', key: 'not the key' },
    };
    expect(failedFirst(results)).toEqual([
      { key: 'b', success: false, message: 'no such document' },
      { key: 'd', success: false, message: 'no such organization' },
      { key: 'a', success: true },
      { key: 'c', success: true, disabled: true },
    ]);
  });
});
