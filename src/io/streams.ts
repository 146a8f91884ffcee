import type { Readable, Writable } from 'node:stream';

/**
 * One object owns the terminal: which streams are TTYs, whether colour is on, and whether
 * the command may prompt. Commands never look at `process` themselves, so tests build
 * this from in-memory streams and choose TTY or not.
 */
export interface IOStreams {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly stdinIsTTY: boolean;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  /** Colour on stdout (only ever when it is a TTY, unless forced). */
  readonly colorStdout: boolean;
  /** Colour on stderr. */
  readonly colorStderr: boolean;
  /** Prompts are allowed: a TTY on stdin and stderr, no --no-input, not CI. */
  readonly canPrompt: boolean;
  /** Terminal width for tables; undefined when not a TTY. */
  readonly columns: number | undefined;
  /** Terminal height, to tell output that needs a pager; undefined when not a TTY. */
  readonly rows: number | undefined;
  /**
   * Progress may animate on stderr (cursor movement, redrawn lines): a TTY that is not
   * `TERM=dumb`, outside CI, whose logs keep every frame as a line of its own.
   */
  readonly animateStderr: boolean;
  /** The width of the terminal stderr writes to; undefined when not a TTY. */
  readonly stderrColumns: number | undefined;
}

export interface TerminalFacts {
  /**
   * Read only by what reads stdin. Node makes `process.stdin` on first use, and for a file
   * or /dev/null (a CI job's stdin, a test's) that is a file stream, whose modules cost
   * about 10 ms of a command's start on Node 24: a command that never reads stdin should
   * not pay it.
   */
  stdin: Readable & { isTTY?: boolean };
  /** Whether stdin is a terminal, when known without `stdin` (`tty.isatty(0)`). */
  stdinIsTTY?: boolean;
  stdout: Writable & { isTTY?: boolean; columns?: number; rows?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  env: Readonly<Record<string, string | undefined>>;
  /** `--no-color` was given. */
  noColorFlag: boolean;
  /** `--no-input` was given. */
  noInputFlag: boolean;
}

function truthy(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** Resolves colour from --no-color, NO_COLOR and FORCE_COLOR (https://no-color.org). */
function colorFor(isTTY: boolean, facts: TerminalFacts): boolean {
  if (facts.noColorFlag) return false;
  const force = facts.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (facts.env.NO_COLOR !== undefined && facts.env.NO_COLOR !== '') return false;
  if (facts.env.TERM === 'dumb') return false;
  return isTTY;
}

export function createIOStreams(facts: TerminalFacts): IOStreams {
  const stdinIsTTY = facts.stdinIsTTY ?? facts.stdin.isTTY === true;
  const stdoutIsTTY = facts.stdout.isTTY === true;
  const stderrIsTTY = facts.stderr.isTTY === true;
  const noInput =
    facts.noInputFlag || truthy(facts.env.SVC_NO_INPUT) || truthy(facts.env.CI) || !stdinIsTTY;
  return {
    get stdin() {
      return facts.stdin;
    },
    stdout: facts.stdout,
    stderr: facts.stderr,
    stdinIsTTY,
    stdoutIsTTY,
    stderrIsTTY,
    colorStdout: colorFor(stdoutIsTTY, facts),
    colorStderr: colorFor(stderrIsTTY, facts),
    canPrompt: !noInput && stderrIsTTY,
    columns: stdoutIsTTY ? facts.stdout.columns : undefined,
    rows: stdoutIsTTY ? facts.stdout.rows : undefined,
    animateStderr: stderrIsTTY && facts.env.TERM !== 'dumb' && !truthy(facts.env.CI),
    stderrColumns: stderrIsTTY ? facts.stderr.columns : undefined,
  };
}
