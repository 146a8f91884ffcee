import type { Writable } from 'node:stream';
import { fitStatus, ownStatusLine } from './status-line.js';
import type { IOStreams } from './streams.js';

export interface Spinner {
  /** False when nothing is shown: callers can skip composing text no one will see. */
  readonly active: boolean;
  update(text: string): void;
  stop(finalLine?: string): void;
}

const silent: Spinner = { active: false, update() {}, stop() {} };

/** The width assumed when the terminal reports none, as a 0×0 pseudo-terminal does. */
const FALLBACK_COLUMNS = 80;

/**
 * stderr as the spinner sees it. Ora counts the lines to erase by dividing by the width,
 * and a terminal of 0 columns (some CI runners, `script`) made that Infinity: it then wrote
 * cursor-up sequences forever, and no signal could get through. The width is read on every
 * frame, so a resize to 0 is covered too.
 */
function withUsableWidth(stream: Writable & { columns?: number }): Writable {
  return new Proxy(stream, {
    get(target, key, receiver) {
      if (key === 'columns') return target.columns || FALLBACK_COLUMNS;
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A spinner on stderr when it is a terminal that may animate and `progress` is wanted (not
 * under --json or --quiet); silent otherwise. Colour follows the streams' decision
 * (NO_COLOR, --no-color, TERM=dumb).
 */
export async function startSpinner(
  io: IOStreams,
  progress: boolean,
  text: string,
): Promise<Spinner> {
  if (!io.animateStderr || !progress) return silent;
  const { default: ora } = await import('ora');
  // The spinner's glyph and the space after it, and a column left free so the line never
  // reaches the edge and wraps: a wrapped line is one ora cannot erase whole.
  const room = () =>
    ((io.stderr as Writable & { columns?: number }).columns || FALLBACK_COLUMNS) - 3;
  let base = text;
  let notice: string | undefined;
  // A notice (a retry) says what the wait is doing now; the state comes back after it.
  const line = () => fitStatus(notice ?? base, room());
  const spinner = ora({
    text: line(),
    stream: withUsableWidth(io.stderr),
    color: io.colorStderr ? 'cyan' : false,
    isEnabled: true,
    discardStdin: false,
  });
  // A terminal that went away (its window closed) fails every write: the work goes on
  // without progress rather than ending on an unhandled stream error.
  let closed = false;
  const onError = () => {
    // Stopping writes too, and fails again: only the first failure stops the spinner.
    if (closed) return;
    closed = true;
    spinner.stop();
  };
  io.stderr.on('error', onError);
  spinner.start();
  // A retry notice during the spin joins this line instead of writing one of its own.
  const release = ownStatusLine(io.stderr, {
    notice(next) {
      notice = next;
      if (!closed) spinner.text = line();
    },
  });
  return {
    active: true,
    update(next) {
      base = next;
      if (!closed) spinner.text = line();
    },
    stop(finalLine) {
      release();
      io.stderr.off('error', onError);
      if (closed) return;
      if (finalLine) spinner.succeed(finalLine);
      else spinner.stop();
    },
  };
}
