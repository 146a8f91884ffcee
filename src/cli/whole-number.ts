import { UsageError } from '../errors/errors.js';

/**
 * A flag that takes a count (`--limit 50`), as a number; undefined when the flag is absent.
 * Commander hands values over as text, so "1.5", "ten" and "-1" are caught here.
 */
export function wholeNumberFlag(
  value: string | undefined,
  flag: string,
  min = 0,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min) {
    const range = min === 0 ? 'a whole number' : `a whole number of at least ${min}`;
    throw new UsageError(`${flag} must be ${range}, got "${value}"`);
  }
  return n;
}
