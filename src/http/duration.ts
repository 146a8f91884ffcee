import { UsageError } from '../errors/errors.js';

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * The longest duration svc takes anywhere. A week covers the slowest job the service
 * documents (a user-data deletion may take a day), and stays far below the ~24.8 days a
 * Node timer can hold, so no value reaches a timer that would fire at once.
 */
export const MAX_DURATION_MS = 168 * 3_600_000;

const RANGE = `from 1ms to ${MAX_DURATION_MS / 3_600_000}h`;

/**
 * Parses `500ms`, `30s`, `5m`, `1h` or `1.5s` into milliseconds, for every duration flag
 * and variable. The unit is required: a bare `10` could mean seconds or milliseconds, and
 * guessing wrong makes a wait 1000 times too long or too short. `source` names where the
 * text came from (`--timeout`, `SVC_TIMEOUT`).
 */
export function parseDuration(text: string, source: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/.exec(text);
  const ms = match ? Math.round(Number(match[1]) * (units[match[2] ?? ''] ?? NaN)) : NaN;
  if (!(ms >= 1 && ms <= MAX_DURATION_MS)) {
    throw new UsageError(`invalid duration for ${source}: "${text}"`, {
      hint: `give a number with a unit (ms, s, m or h), ${RANGE}: e.g. 500ms, 30s, 5m or 1h`,
    });
  }
  return ms;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 59_950) return `${+(ms / 1000).toFixed(1)}s`;
  const total = Math.round(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return seconds ? `${minutes}m${seconds}s` : `${minutes}m`;
}
