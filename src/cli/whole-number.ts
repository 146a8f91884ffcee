import { UsageError } from '../errors/errors.js';

/**
 * A count given as text (`--limit 50`, `--port 0`), as a number from `min` to `max`.
 * Commander hands values over as text, so "1.5", "ten", "1e3" and "-1" are caught here.
 */
export function parseWholeNumber(
  text: string,
  flag: string,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): number {
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) {
    const range =
      max === Number.MAX_SAFE_INTEGER
        ? min === 0
          ? 'a whole number'
          : `a whole number of at least ${min}`
        : `a whole number from ${min} to ${max}`;
    throw new UsageError(`${flag} must be ${range}, got "${text}"`);
  }
  return n;
}
