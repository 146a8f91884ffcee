import { spawn, type IPty } from 'node-pty';
import { SVC } from './e2e.js';

/** Control characters a person types. */
export const KEY = { enter: '\r', ctrlC: '\x03', ctrlD: '\x04', down: '\x1b[B', space: ' ' };

/** Strips colour and cursor movement, so assertions read the text a person sees. */
export function plain(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r/g, '');
}

export interface Terminal {
  /** Everything written to the terminal so far, escapes removed. */
  screen(): string;
  /** Everything written to the terminal so far, byte for byte. */
  raw(): string;
  /** Resolves once `text` has appeared after the last mark; rejects after `ms`. */
  waitFor(text: string | RegExp, ms?: number): Promise<void>;
  type(keys: string): void;
  /** The exit code, once the program ends. */
  exited: Promise<number>;
}

/**
 * Runs the built `svc` in a real pseudo-terminal, so stdin, stdout and stderr are all TTYs
 * and prompts behave as they do for a person.
 */
export function svcInTerminal(
  args: string[],
  env: Record<string, string>,
  size: { cols: number; rows: number } = { cols: 120, rows: 40 },
): Terminal {
  const child: IPty = spawn(process.execPath, [SVC, ...args], {
    name: 'xterm-256color',
    ...size,
    env,
  });
  let output = '';
  let mark = 0;
  const listeners = new Set<() => void>();
  child.onData((data) => {
    output += data;
    for (const listener of listeners) listener();
  });
  const exited = new Promise<number>((resolve) => child.onExit((e) => resolve(e.exitCode)));
  return {
    screen: () => plain(output),
    raw: () => output,
    waitFor(text, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const seen = plain(output).slice(mark);
          const match = typeof text === 'string' ? seen.indexOf(text) : seen.search(text);
          if (match < 0) return false;
          const length =
            typeof text === 'string' ? text.length : (seen.match(text)?.[0].length ?? 0);
          mark += match + length;
          listeners.delete(onData);
          clearTimeout(timer);
          resolve();
          return true;
        };
        const onData = () => void check();
        const timer = setTimeout(() => {
          listeners.delete(onData);
          reject(new Error(`timed out waiting for ${String(text)}; screen:\n${plain(output)}`));
        }, ms);
        listeners.add(onData);
        check();
      });
    },
    type: (keys) => child.write(keys),
    exited,
  };
}
