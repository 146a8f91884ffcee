import { OutputError } from '../errors/errors.js';

/** What a failed write means, in the words of the one line svc prints about it. */
const reasons: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'the file is too large',
  EIO: 'input/output error',
  EPIPE: 'the reader closed the pipe',
  EBADF: 'stdout is closed',
};

/** A failed write to stdout as the error svc reports: one line, exit 1, no stack trace. */
export function outputError(err: Error): OutputError {
  if (err instanceof OutputError) return err;
  const code = (err as { code?: unknown }).code;
  const reason = typeof code === 'string' ? (reasons[code] ?? code) : err.message;
  return new OutputError(`cannot write output: ${reason}`, { cause: err });
}
