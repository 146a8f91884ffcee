import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
import { formatDuration, parseDuration } from '../../../src/http/duration.js';
import { thrown } from './harness.js';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['45', 45_000],
    ['1.5s', 1_500],
    [' 2m ', 120_000],
    ['10 s', 10_000],
  ])('%j is %i ms', (text, ms) => {
    expect(parseDuration(text, '--timeout')).toBe(ms);
  });

  it.each(['', 'abc', '10x', '5 minutes', '-1s', '1e3', 's', '1h30m', '1,5s'])(
    '%j is a usage error naming the flag',
    (text) => {
      const err = thrown(() => parseDuration(text, '--wait-timeout'));
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).message).toBe(`invalid duration for --wait-timeout: "${text}"`);
      expect((err as UsageError).hint).toBe('use a number with a unit, e.g. 500ms, 30s, 5m or 1h');
      expect(exitCodeFor(err)).toBe(2);
    },
  );

  it.each(['0', '0s', '0ms'])('%j is refused: it must be greater than zero', (text) => {
    const err = thrown(() => parseDuration(text, '--timeout'));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe('--timeout must be greater than zero');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [999, '999ms'],
    [1_000, '1s'],
    [1_500, '1.5s'],
    [59_000, '59s'],
    [60_000, '1m'],
    [90_000, '1m30s'],
    [120_000, '2m'],
    [360_000, '6m'],
  ])('%i ms is %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('formatDuration rounding', () => {
  it('carries rounded seconds into minutes instead of printing 60s', () => {
    expect(formatDuration(119_700)).toBe('2m');
  });
});
