import { ApiError, ExitStatus, NotFoundError, SvcError } from './errors.js';
import { visibleText } from '../text/visible.js';
import { wrapWords } from '../text/wrap.js';
import { exitCodeFor, statusWordFor } from './exit-codes.js';

export interface ErrorSink {
  write(text: string): unknown;
  /** A terminal's: its message and hint are broken between words to fit its width. */
  isTTY?: boolean;
  columns?: number;
}

/** The two styles an error uses; plain text when colour is off or not yet decided. */
export interface ErrorPaint {
  red(text: string): string;
  dim(text: string): string;
}

const plain: ErrorPaint = { red: (t) => t, dim: (t) => t };

/**
 * Prints an error the one way the contract allows and returns its exit code. With `--json`
 * that is one line `{"error":{status,message,details?},"exitCode":N}` on stderr; otherwise a
 * message and a hint. A stack trace is shown only with `--debug`, and only for bugs.
 */
export function reportError(
  error: unknown,
  options: {
    stderr: ErrorSink;
    json: boolean;
    debug: boolean;
    style?: ErrorPaint;
    redact: (text: string) => string;
  },
): number {
  const exitCode = exitCodeFor(error);
  if (error instanceof ExitStatus) return exitCode;
  const status = statusWordFor(error);
  const known = error instanceof SvcError;
  const style = options.style ?? plain;
  const message = options.redact(
    known
      ? error.message
      : `unexpected error: ${error instanceof Error ? error.message : String(error)}`,
  );

  if (options.json) {
    const details = error instanceof ApiError ? error.details : undefined;
    // The line has no member for advice, and a script's log is where it is needed most
    // ("Did you mean --org?", how to resume): it follows the message.
    const advice = known && error.hint ? options.redact(error.hint).split('\n').join('; ') : '';
    const line = {
      error: {
        status,
        message: advice ? `${message} (${advice})` : message,
        ...(details !== undefined && { details }),
      },
      exitCode,
    };
    options.stderr.write(`${options.redact(JSON.stringify(line))}\n`);
    return exitCode;
  }

  // A message may quote the service or an id it was given: shown, never obeyed, by a terminal.
  const shown = (text: string) => visibleText(options.redact(text));
  // A missing id reads the same whether the service or svc found it missing.
  const prefix =
    error instanceof ApiError || error instanceof NotFoundError ? `${visibleText(status)}: ` : '';
  const sink = options.stderr;
  const width = sink.isTTY ? sink.columns : undefined;
  // Broken between words where the terminal's edge would fall inside one, each line after
  // the first under the text beside its label.
  const labelled = (label: string, paint: (text: string) => string, text: string) =>
    `${paint(label)}${wrapWords(`${label} ${text}`, width, ' '.repeat(label.length + 1), { commands: true }).slice(label.length)}\n`;
  sink.write(labelled('error:', style.red, `${prefix}${visibleText(message)}`));
  if (known && error.hint) sink.write(labelled('hint:', style.dim, shown(error.hint)));
  if (!known && options.debug && error instanceof Error && error.stack) {
    options.stderr.write(`${shown(error.stack)}\n`);
  }
  return exitCode;
}
