import { join } from 'node:path';
import { privateStateDir } from '../../config/state-dir.js';
const { mkdirSync, readFileSync, rmSync, writeFileSync } = process.getBuiltinModule('node:fs');

/**
 * Where `svc emulator start --detach` records the emulator it left running, for `svc
 * emulator stop` and for the job that uses it: in svc's private state directory (the
 * folder 0700, each file 0600), since the env file holds the workspace's tokens.
 */
export interface DetachedFiles {
  dir: string;
  /** `{pid, url, ui, log, env, startedAt}`: no secret. */
  state: string;
  /** `export NAME='value'` lines: SVC_BASE_URL and the workspace's credentials. */
  env: string;
  /** The emulator's stderr. */
  log: string;
}

export interface DetachedState {
  pid: number;
  url: string;
  ui?: string;
  log: string;
  env: string;
  startedAt: string;
}

export function detachedFiles(
  env: Readonly<Record<string, string | undefined>>,
  warn: (message: string) => void,
): DetachedFiles {
  const dir = join(privateStateDir(env, warn), 'emulator');
  return {
    dir,
    state: join(dir, 'detached.json'),
    env: join(dir, 'detached.env'),
    log: join(dir, 'detached.log'),
  };
}

/** The recorded emulator, or undefined when none was recorded (or the record is unreadable). */
export function readDetachedState(files: DetachedFiles): DetachedState | undefined {
  let text: string;
  try {
    text = readFileSync(files.state, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const state = JSON.parse(text) as Partial<DetachedState>;
    if (!Number.isInteger(state.pid) || typeof state.url !== 'string') return undefined;
    return state as DetachedState;
  } catch {
    return undefined;
  }
}

/** Writes a file only its owner reads, replacing one there (whose mode may be wider). */
export function writePrivateFile(path: string, text: string): void {
  rmSync(path, { force: true });
  writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
}

export function makeDetachedDir(files: DetachedFiles): void {
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
}

/** Forgets the recorded emulator; its log stays for a look after the fact. */
export function removeDetachedState(files: DetachedFiles): void {
  rmSync(files.env, { force: true });
  rmSync(files.state, { force: true });
}
