import { checkHeaderPrefix } from '../config/header-prefix.js';
import { EmulatorStartError } from './launch.js';
const { readFileSync } = process.getBuiltinModule('node:fs');

/**
 * What the emulator library's `startEmulator()` checks before it starts a process: a start
 * that cannot work fails at once, in the terms of the options the caller gave.
 */

/**
 * The ports `fetch` refuses to connect to, whatever answers there: the "bad ports" of the
 * Fetch standard (fetch.spec.whatwg.org, "port blocking"), which Node's fetch (undici)
 * enforces. An emulator there would start, but no `fetch` of a test could reach it.
 */
const FETCH_BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

/** Whether `fetch` refuses to reach `port`. */
export function fetchBlocksPort(port: number): boolean {
  return FETCH_BLOCKED_PORTS.has(port);
}

/** A port the emulator could listen on and a test's `fetch` reach; 0 picks a free one. */
export function checkStartPort(port: unknown): number {
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65_535)
    throw new EmulatorStartError(
      'port-out-of-range',
      `port ${String(port)} is not a port: give a whole number from 1 to 65535, or 0 (the default) for a free one`,
    );
  if (fetchBlocksPort(port))
    throw new EmulatorStartError(
      'port-blocked-by-fetch',
      `port ${port} is one that fetch refuses to connect to (a "bad port" of the Fetch standard), so no fetch of a test could reach the emulator there: choose another, or 0 (the default) for a free one`,
    );
  return port;
}

/**
 * A seed file's fixture as JSON, read before the start: a file that cannot be read or is not
 * JSON fails here, naming it; its fields are checked by the emulator as it starts.
 */
export function readSeedFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new EmulatorStartError(
      'invalid-fixture',
      `the seed file ${path} cannot be read: ${(err as Error).message}`,
      { cause: err },
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new EmulatorStartError(
      'invalid-fixture',
      `the seed file ${path} is not JSON: ${(err as Error).message}`,
      { cause: err },
    );
  }
}

/** The longest job step `svc emulator start --job-delay` takes: 168 hours. */
const MOST_JOB_DELAY_MS = 168 * 3_600_000;

/** `jobDelay`: `'manual'`, or whole milliseconds from 0 to 168 hours. */
export function checkJobDelay(jobDelay: unknown): void {
  if (jobDelay === undefined || jobDelay === 'manual') return;
  if (
    typeof jobDelay !== 'number' ||
    !Number.isInteger(jobDelay) ||
    jobDelay < 0 ||
    jobDelay > MOST_JOB_DELAY_MS
  )
    throw new EmulatorStartError(
      'invalid-option',
      `jobDelay ${String(jobDelay)} is not a job delay: give 'manual', or a whole number of milliseconds from 0 to ${MOST_JOB_DELAY_MS} (168 hours)`,
    );
}

/** `headerPrefix`: lower-case words joined by hyphens, as header names are. */
export function checkHeaderPrefixOption(prefix: string | undefined): void {
  if (prefix === undefined) return;
  try {
    checkHeaderPrefix(prefix, 'headerPrefix');
  } catch (err) {
    throw new EmulatorStartError('invalid-option', (err as Error).message, { cause: err });
  }
}
