import { Readable, Writable } from 'node:stream';
import { createIOStreams, type IOStreams } from '../../../src/io/streams.js';

/** An in-memory stream that records what was written and says whether it is a TTY. */
export class MemoryWritable extends Writable {
  readonly chunks: string[] = [];
  isTTY: boolean;
  columns: number | undefined;

  constructor(isTTY: boolean, columns?: number) {
    super();
    this.isTTY = isTTY;
    this.columns = columns;
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk.toString());
    done();
  }

  get text(): string {
    return this.chunks.join('');
  }
}

export interface FakeTerminal {
  io: IOStreams;
  stdout: MemoryWritable;
  stderr: MemoryWritable;
}

export interface FakeTerminalOptions {
  stdinTTY?: boolean;
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  env?: Record<string, string | undefined>;
  noColorFlag?: boolean;
  noInputFlag?: boolean;
  columns?: number;
  /** The width of the terminal stderr writes to, when it is one. */
  stderrColumns?: number;
}

export function fakeTerminal(o: FakeTerminalOptions = {}): FakeTerminal {
  const stdin = Object.assign(Readable.from([]), { isTTY: o.stdinTTY ?? false });
  const stdout = new MemoryWritable(o.stdoutTTY ?? false, o.columns ?? 100);
  const stderr = new MemoryWritable(o.stderrTTY ?? false, o.stderrColumns);
  const io = createIOStreams({
    stdin,
    stdout,
    stderr,
    env: o.env ?? {},
    noColorFlag: o.noColorFlag ?? false,
    noInputFlag: o.noInputFlag ?? false,
  });
  return { io, stdout, stderr };
}

// eslint-disable-next-line no-control-regex
export const ANSI = /\u001b\[[0-9;]*m/;
