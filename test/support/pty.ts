import { execFileSync } from 'node:child_process';
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
  /** Everything written to the terminal so far, escapes and all. */
  raw(): string;
  /** Resolves once `text` has appeared after the last mark; rejects after `ms`. */
  waitFor(text: string | RegExp, ms?: number): Promise<void>;
  type(keys: string): void;
  /** Changes the terminal's size, as a person dragging the window's corner does. */
  resize(cols: number, rows: number): void;
  /** Sends svc a signal from outside, as `kill` or a CI runner's time limit does. */
  signal(name: 'SIGTERM' | 'SIGINT' | 'SIGKILL'): void;
  /** Closes the terminal, as closing its window does; svc gets SIGHUP. */
  close(): void;
  /** The exit code, once the program ends. */
  exited: Promise<number>;
}

export interface TerminalOptions {
  /** The terminal's size; odd ones (0×0) are what some CI runners and `script` give. */
  cols: number;
  rows: number;
  /**
   * svc runs in a session of its own, as a daemon or a detached job does: its output still
   * goes to the terminal, but closing the terminal sends it no SIGHUP, only failing writes.
   */
  detached?: boolean;
  /**
   * The terminal stays open a moment after svc exits, for tests that read a long output
   * whole. node-pty destroys its reading end 200 ms after the child exits if it has not
   * reached the end by then, dropping what it had not read: on a loaded machine, the end of
   * a long help or listing. Held open by a shell that waits, the terminal gives up all of it
   * first. The exit code is svc's; not for tests that signal svc (the shell gets them too).
   */
  settle?: boolean;
}

/** How long no output must come after the exit before the output is taken as whole. */
const QUIET_MS = 100;

/**
 * Runs the built `svc` in a real pseudo-terminal, so stdin, stdout and stderr are all TTYs
 * and prompts behave as they do for a person.
 */
export function svcInTerminal(
  args: string[],
  env: Record<string, string>,
  options: TerminalOptions = { cols: 120, rows: 40 },
): Terminal {
  const { cols, rows } = options;
  const setup = [
    // node-pty takes 0 columns or rows to mean its default, 80×24; stty sets the real size.
    ...(cols === 0 || rows === 0 ? [`stty cols ${cols} rows ${rows}`] : []),
  ];
  const run = options.detached
    ? 'exec setsid -w "$@"'
    : options.settle
      ? '"$@"; status=$?; sleep 0.3; exit $status'
      : 'exec "$@"';
  const [file, argv] =
    setup.length > 0 || options.detached || options.settle
      ? ['/bin/sh', ['-c', [...setup, run].join(' && '), 'sh', process.execPath, SVC, ...args]]
      : [process.execPath, [SVC, ...args]];
  const child: IPty = spawn(file, argv, {
    name: env.TERM ?? 'xterm-256color',
    cols: cols || 80,
    rows: rows || 24,
    env,
  });
  let output = '';
  let mark = 0;
  let lastData = Date.now();
  const listeners = new Set<() => void>();
  child.onData((data) => {
    output += data;
    lastData = Date.now();
    for (const listener of listeners) listener();
  });
  // node-pty may report the exit before it has handed over the last of the output (a long
  // help, on a loaded machine): the exit counts once no more has come for a moment.
  const exited = new Promise<number>((resolve) =>
    child.onExit((e) => {
      const settle = () => {
        if (Date.now() - lastData >= QUIET_MS) resolve(e.exitCode);
        else setTimeout(settle, QUIET_MS);
      };
      setTimeout(settle, QUIET_MS);
    }),
  );
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
    resize(cols, rows) {
      if (cols > 0 && rows > 0) return child.resize(cols, rows);
      // As at the start, node-pty refuses 0; the kernel then tells svc with SIGWINCH.
      const pts = (child as IPty & { ptsName: string }).ptsName;
      execFileSync('stty', ['-F', pts, 'cols', String(cols), 'rows', String(rows)]);
    },
    signal: (name) => child.kill(name),
    close: () => (child as IPty & { destroy(): void }).destroy(),
    exited,
  };
}
