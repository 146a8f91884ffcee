import {
  ApiError,
  CancelledError,
  ConfigFileError,
  CredentialsError,
  ExitStatus,
  ForeignAnswerError,
  HungUpError,
  JournalError,
  LockedError,
  OperationFailedError,
  NotFoundError,
  OutputError,
  PartialFailureError,
  TerminatedError,
  TimeoutError,
  TransientError,
  UsageError,
} from './errors.js';

/** The contract's exit codes (docs/cli-contract.md, "Exit codes"). */
export const ExitCode = {
  Success: 0,
  Error: 1,
  Usage: 2,
  Credentials: 3,
  NotFound: 4,
  PartialFailure: 5,
  OperationFailed: 6,
  Timeout: 7,
  Temporary: 75,
  HungUp: 129,
  Interrupted: 130,
  Terminated: 143,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** `error.status` → exit code. Statuses not named here exit 1. */
const byApiStatus: Record<string, ExitCodeValue> = {
  INVALID_ARGUMENT: ExitCode.Usage,
  FAILED_PRECONDITION: ExitCode.Usage,
  UNAUTHENTICATED: ExitCode.Credentials,
  PERMISSION_DENIED: ExitCode.Credentials,
  NOT_FOUND: ExitCode.NotFound,
  DEADLINE_EXCEEDED: ExitCode.Timeout,
  RESOURCE_EXHAUSTED: ExitCode.Temporary,
  UNAVAILABLE: ExitCode.Temporary,
};

/** Used only when the body was not an error envelope (a proxy's HTML page, say). */
function exitCodeForHttpStatus(httpStatus: number): ExitCodeValue {
  if (httpStatus === 400 || httpStatus === 413 || httpStatus === 422) return ExitCode.Usage;
  if (httpStatus === 401 || httpStatus === 403) return ExitCode.Credentials;
  if (httpStatus === 404) return ExitCode.NotFound;
  if (httpStatus === 408) return ExitCode.Timeout;
  if (httpStatus === 429 || httpStatus >= 500) return ExitCode.Temporary;
  return ExitCode.Error;
}

export function exitCodeFor(error: unknown): number {
  if (error instanceof ExitStatus) return error.code;
  if (error instanceof UsageError) return ExitCode.Usage;
  if (error instanceof NotFoundError) return ExitCode.NotFound;
  if (error instanceof CredentialsError) return ExitCode.Credentials;
  if (error instanceof PartialFailureError) return ExitCode.PartialFailure;
  if (error instanceof OperationFailedError) return ExitCode.OperationFailed;
  if (error instanceof TimeoutError) return ExitCode.Timeout;
  if (error instanceof TransientError) return ExitCode.Temporary;
  if (error instanceof HungUpError) return ExitCode.HungUp;
  if (error instanceof TerminatedError) return ExitCode.Terminated;
  if (error instanceof CancelledError) return ExitCode.Interrupted;
  if (error instanceof ApiError) {
    if (error.status !== undefined) return byApiStatus[error.status] ?? ExitCode.Error;
    return exitCodeForHttpStatus(error.httpStatus);
  }
  return ExitCode.Error;
}

/** The status word printed for an error: the service's own, or the class of local failure. */
export function statusWordFor(error: unknown): string {
  if (error instanceof ApiError) return error.status ?? `HTTP_${error.httpStatus}`;
  if (error instanceof UsageError) return 'USAGE';
  if (error instanceof NotFoundError) return 'NOT_FOUND';
  if (error instanceof CredentialsError) return 'UNAUTHENTICATED';
  if (error instanceof PartialFailureError) return 'PARTIAL_FAILURE';
  if (error instanceof OperationFailedError) return 'FAILED';
  if (error instanceof TimeoutError) return 'DEADLINE_EXCEEDED';
  if (error instanceof LockedError) return 'LOCKED';
  if (error instanceof TransientError) return 'UNAVAILABLE';
  if (error instanceof CancelledError) return 'CANCELLED';
  if (error instanceof ConfigFileError) return 'CONFIG';
  if (error instanceof OutputError) return 'OUTPUT';
  if (error instanceof JournalError) return 'JOURNAL';
  if (error instanceof ForeignAnswerError) return 'NOT_THE_SERVICE';
  return 'INTERNAL';
}
