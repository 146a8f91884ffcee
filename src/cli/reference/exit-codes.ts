import { ExitCode, type ExitCodeValue } from '../../errors/exit-codes.js';

export interface ExitCodeRow {
  code: ExitCodeValue;
  meaning: string;
}

/** What each exit code means (docs/cli-contract.md, "Exit codes"); the codes are ExitCode's. */
export const exitCodeTable: readonly ExitCodeRow[] = [
  { code: ExitCode.Success, meaning: 'success' },
  {
    code: ExitCode.Error,
    meaning:
      'error not covered below: INTERNAL, ALREADY_EXISTS…, a server at the base URL that does not answer as the service does, or stdout that cannot be written ("cannot write output: …")',
  },
  {
    code: ExitCode.Usage,
    meaning:
      'usage or invalid input: bad flag, bad file, client-side validation, INVALID_ARGUMENT, FAILED_PRECONDITION, a prompt needed under --no-input, a declined confirmation',
  },
  {
    code: ExitCode.Credentials,
    meaning: 'credentials missing or rejected: UNAUTHENTICATED, PERMISSION_DENIED',
  },
  {
    code: ExitCode.NotFound,
    meaning:
      'NOT_FOUND, also for ids asked for by name that do not exist, and a bulk call whose every item failed as not existing',
  },
  {
    code: ExitCode.PartialFailure,
    meaning: 'partial failure: a bulk call in which some items report success: false',
  },
  {
    code: ExitCode.OperationFailed,
    meaning:
      'the operation ran and failed: a migration or a user-data deletion ended failed, ai rewrite answered success: false',
  },
  {
    code: ExitCode.Timeout,
    meaning: 'timed out: --wait-timeout passed, or a request timed out after its retries',
  },
  {
    code: ExitCode.Temporary,
    meaning:
      'temporary: could not connect, RESOURCE_EXHAUSTED, UNAVAILABLE or 5xx after retries, the same bulk work running in another svc; try again later',
  },
  {
    code: ExitCode.HungUp,
    meaning:
      'the terminal went away (SIGHUP); svc cleans up as for SIGTERM (webhooks listen removes its endpoint)',
  },
  {
    code: ExitCode.Interrupted,
    meaning: 'interrupted (Ctrl-C); --wait prints how to resume (the migration or job id)',
  },
  {
    code: ExitCode.Terminated,
    meaning: 'terminated (SIGTERM); --wait prints how to resume, as for Ctrl-C',
  },
];
