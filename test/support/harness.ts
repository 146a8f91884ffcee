import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { main } from '../../src/main.js';

class Capture extends Writable {
  text = '';
  isTTY: boolean;
  columns = 100;
  constructor(isTTY: boolean) {
    super();
    this.isTTY = isTTY;
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  tty?: boolean;
  dispatcher?: Dispatcher;
  sleeps?: number[];
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `svc auth login` storing an API key for a service that is not checked (no service runs). */
export function offlineLogin(profile: string): string[] {
  return [
    'auth',
    'login',
    '--profile',
    profile,
    '--base-url',
    'http://127.0.0.1:9',
    '--no-verify',
    '--api-key',
    'k',
    '--with-token',
  ];
}

export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-test-'));
}

/** Runs `main` in-process with in-memory streams; sleeps are recorded, never waited. */
export async function runCli(argv: string[], o: RunOptions = {}): Promise<RunResult> {
  const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
  stdin.isTTY = o.tty ?? false;
  stdin.end(o.stdin ?? '');
  const stdout = new Capture(o.tty ?? false);
  const stderr = new Capture(o.tty ?? false);
  const code = await main(argv, {
    stdin,
    stdout,
    stderr,
    env: { NO_COLOR: '1', ...o.env },
    ...(o.dispatcher && { dispatcher: o.dispatcher }),
    sleep: async (ms) => {
      o.sleeps?.push(ms);
    },
    random: () => 0.5,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
