import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';
import { formatDuration, MAX_DURATION_MS, parseDuration } from '../../../src/http/duration.js';
import { thrown } from './harness.js';

describe('parseDuration', () => {
  it.each([
    ['1ms', 1],
    ['500ms', 500],
    ['30s', 30_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['1.5s', 1_500],
    [' 2m ', 120_000],
    ['10 s', 10_000],
    ['168h', MAX_DURATION_MS],
  ])('%j is %i ms', (text, ms) => {
    expect(parseDuration(text, '--timeout')).toBe(ms);
  });

  it.each([
    '',
    'abc',
    '10',
    '45',
    '10x',
    '5 minutes',
    '-1s',
    '1e3',
    's',
    '1h30m',
    '1,5s',
    '0',
    '0s',
    '0.1ms',
    '169h',
    '99999h',
    '1e400h',
  ])('%j is one usage error naming the source, the unit rule and the bounds', (text) => {
    const err = thrown(() => parseDuration(text, 'SVC_TIMEOUT'));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toBe(`invalid duration for SVC_TIMEOUT: "${text}"`);
    expect((err as UsageError).hint).toBe(
      'give a number with a unit (ms, s, m or h), from 1ms to 168h: e.g. 500ms, 30s, 5m or 1h',
    );
    expect(exitCodeFor(err)).toBe(2);
  });

  it('never yields more than a Node timer can hold', () => {
    expect(MAX_DURATION_MS).toBeLessThan(2 ** 31 - 1);
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
