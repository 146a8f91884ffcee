/**
 * Typed errors thrown anywhere in the CLI. Each carries only what it is; the exit code
 * and the printed form are decided in one place, `exit-codes.ts` and `report.ts`.
 */

export abstract class SvcError extends Error {
  /** A short line telling the user what to do next, shown after the message. */
  hint?: string;
  constructor(message: string, options?: { hint?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    if (options?.hint) this.hint = options.hint;
  }
}

/** Bad flag, bad file, client-side validation, or a prompt needed where none is allowed. */
export class UsageError extends SvcError {}

/** Credentials are missing locally (nothing was sent). */
export class CredentialsError extends SvcError {}

/** The service answered with its error envelope, or with a non-envelope error status. */
export class ApiError extends SvcError {
  constructor(
    /** `error.status` from the envelope; undefined when the body was not an envelope. */
    readonly status: string | undefined,
    message: string,
    readonly httpStatus: number,
    readonly details?: unknown,
    /** The answer as received, for `svc api`, which prints it whatever its status. */
    readonly body?: { json: unknown; text: string },
  ) {
    super(message);
  }
}

/**
 * What was asked for by id is not in the service's answer: a read that returns only what
 * exists (documents by id) is reported as the service reports a missing one elsewhere.
 */
export class NotFoundError extends SvcError {}

/**
 * The server answered, but not as the service does: an HTML page, a body that is not the
 * JSON envelope. The base URL most likely points elsewhere; trying again will not help.
 */
export class ForeignAnswerError extends SvcError {}

/**
 * A bulk call in which some items reported `success: false`. The command has printed the
 * result document already; this carries the one-line summary for stderr.
 */
export class PartialFailureError extends SvcError {}

/** The operation ran and failed (a migration ended `failed`, AI answered `success: false`). */
export class OperationFailedError extends SvcError {
  constructor(
    message: string,
    readonly result: unknown,
  ) {
    super(message);
  }
}

/** A wait passed its deadline, or a request timed out after its retries. */
export class TimeoutError extends SvcError {
  constructor(
    message: string,
    readonly result?: unknown,
    options?: { hint?: string },
  ) {
    super(message, options);
  }
}

/** Could not connect, or the service stayed unavailable after retries: try again later. */
export class TransientError extends SvcError {}

/** No connection could be made at all: nothing was sent, and nothing answered. */
export class ConnectError extends TransientError {}

/**
 * The connection failed after the request was sent, and it was not resent: the service may
 * or may not have applied it. Bulk commands report its items as unknown rather than failed.
 */
export class OutcomeUnknownError extends TransientError {}

/**
 * Another svc holds the lock of the same work (a bulk run with the same input): temporary,
 * it passes when that run ends.
 */
export class LockedError extends TransientError {}

/** The stored config file cannot be read or is not svc's. */
export class ConfigFileError extends SvcError {}

/** stdout could not be written (a full disk, an I/O error): the result did not reach its reader. */
export class OutputError extends SvcError {}

/**
 * A bulk run's journal could not be written (a full disk): the run stops rather than send
 * what it could not record.
 */
export class JournalError extends SvcError {}

/** Ctrl-C, or a prompt cancelled by the user. */
export class CancelledError extends SvcError {}

/** SIGTERM: stopped from outside (a CI runner's time limit, `kill`), which exits 143. */
export class TerminatedError extends CancelledError {}

/** SIGHUP: the terminal went away (a closed window, a dropped SSH session), which exits 129. */
export class HungUpError extends TerminatedError {}

/** The command ends with another program's exit status (`emulator exec`); nothing to print. */
export class ExitStatus extends SvcError {
  constructor(readonly code: number) {
    super(`exit status ${code}`);
  }
}
