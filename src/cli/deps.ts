import type { Readable, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';

export type Env = Readonly<Record<string, string | undefined>>;

/** Everything from outside the process that a command may touch; tests pass fakes. */
export interface Deps {
  stdin: Readable & { isTTY?: boolean };
  /**
   * Whether stdin is a terminal, where that is known without reading `stdin`: svc's own
   * run passes it, and its `stdin` is made on first use (src/io/streams.ts says why).
   */
  stdinIsTTY?: boolean;
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  env: Env;
  /** The HTTP dispatcher; a keep-alive agent that honours the proxy variables by default. */
  dispatcher?: Dispatcher;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Absolute path of the `svc` executable, for child processes that should find it. */
  binPath?: string;
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
