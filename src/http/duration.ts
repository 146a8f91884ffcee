import { UsageError } from '../errors/errors.js';

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses `500ms`, `30s`, `5m`, `1h` (a bare number is seconds) into milliseconds. */
export function parseDuration(text: string, flag: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  if (!match) {
    throw new UsageError(`invalid duration for ${flag}: "${text}"`, {
      hint: 'use a number with a unit, e.g. 500ms, 30s, 5m or 1h',
    });
  }
  const value = Number(match[1]) * (units[match[2] ?? 's'] ?? 1000);
  if (value <= 0) throw new UsageError(`${flag} must be greater than zero`);
  return Math.round(value);
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 59_950) return `${+(ms / 1000).toFixed(1)}s`;
  const total = Math.round(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return seconds ? `${minutes}m${seconds}s` : `${minutes}m`;
}
