import { join } from 'node:path';
import {
  RunProgress,
  parseItemJson,
  type ItemJson,
  type ProgressSummary,
  type Notices,
} from '../bulk/index.js';
import type { Operation } from '../catalogue/types.js';
import { privateStateDir } from '../config/state-dir.js';
import {
  ApiError,
  CancelledError,
  ForeignAnswerError,
  JournalError,
  OutputError,
  PartialFailureError,
  SvcError,
  TimeoutError,
  TransientError,
  UsageError,
} from '../errors/errors.js';
import { count } from '../io/plural.js';
import type { BulkFlags } from './bulk-options.js';
import { commandWords, printedCommand } from './printed-command.js';
import type { Context } from './context.js';

export interface ProgressSpec<Item> {
  op: Operation;
  /** The members of `data` besides the items: part of what makes two runs the same work. */
  base: Record<string, unknown>;
  /** Whether a batch may be sent twice, when the operation says otherwise. */
  idempotent?: (items: readonly Item[]) => boolean;
}

/**
 * The journal of a bulk command's run (bulk/resume.ts), kept under the state directory. It
 * is found again by the command, its other members of `data`, the service and key, and the
 * input; undefined for a --dry-run that does not resume, which sends nothing to record.
 */
export async function openRunProgress<Item>(
  ctx: Context,
  flags: BulkFlags,
  spec: ProgressSpec<Item>,
  baseUrl: string,
  notices: Notices,
): Promise<RunProgress<ItemJson> | undefined> {
  if (flags.resendUnknown && !flags.resume) {
    throw new UsageError('--resend-unknown goes with --resume');
  }
  if (flags.restart && flags.resume) {
    throw new UsageError('give either --resume or --restart, not both');
  }
  if (ctx.dryRun && !flags.resume) return undefined;
  const { credentials } = await ctx.session();
  const { op, base } = spec;
  const { idempotent } = spec;
  return new RunProgress<ItemJson>({
    dir: join(
      privateStateDir(ctx.env, (message) => notices.warn(message)),
      'bulk-journals',
    ),
    operation: op.name,
    scope: [op.name, base, baseUrl, credentials.apiKey ?? credentials.workspaceId ?? null],
    resume: flags.resume === true,
    resendUnknown: flags.resendUnknown === true,
    restart: flags.restart === true,
    operationIdempotent: op.idempotent,
    notApplied: refusedAsWhole,
    // Items are parsed again only for a command whose items say whether they may be resent.
    idempotent: idempotent
      ? (item) => idempotent([parseItemJson<Item>(item)])
      : () => op.idempotent,
    readOnly: ctx.dryRun,
    notices,
  });
}

/**
 * Whether a batch that failed with `err` was refused by the service as a whole, which then
 * applied none of its items: an answer in the 4xx range other than a time-out or a rate limit.
 */
function refusedAsWhole(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.httpStatus >= 400 &&
    err.httpStatus < 500 &&
    err.httpStatus !== 408 &&
    err.httpStatus !== 429
  );
}

/** Statuses of a failure that passes: the same request may well succeed later. */
const PASSING_STATUSES = new Set([
  'UNAVAILABLE',
  'DEADLINE_EXCEEDED',
  'RESOURCE_EXHAUSTED',
  'ABORTED',
  'INTERNAL',
]);

/**
 * Whether running the same command again could get past the error: an interruption, a
 * time-out, an outage. A refusal (FAILED_PRECONDITION, INVALID_ARGUMENT, rejected
 * credentials, an answer that was not the service's) comes back the same on a rerun.
 */
function rerunCouldFix(err: unknown): boolean {
  if (err instanceof CancelledError || err instanceof TimeoutError) return true;
  // Every item was sent; only the results did not reach stdout, and a rerun prints them.
  if (err instanceof OutputError) return true;
  // Every item was answered; those whose outcome is unknown met a connection failure.
  if (err instanceof PartialFailureError) return true;
  if (err instanceof TransientError) return true;
  // The journal could not be written: once there is room, --resume goes on.
  if (err instanceof JournalError) return true;
  if (err instanceof ApiError) {
    return err.status === undefined
      ? [502, 503, 504].includes(err.httpStatus)
      : PASSING_STATUSES.has(err.status);
  }
  return false;
}

/**
 * How far the run got, and, when a rerun could get further, how to resume and what that
 * sends.
 */
function advice(
  summary: ProgressSummary,
  ctx: Context,
  fromStdin: boolean,
  resumable: boolean,
): string[] {
  const { confirmed, total, unknown, file } = summary;
  const left = total - confirmed - unknown;
  const words = commandWords(ctx.argv);
  if (!words.includes('--resume')) words.push('--resume');
  const rerun = `${printedCommand(ctx, words)}${fromStdin ? ' (with the same input on stdin)' : ''}`;
  const lines = [
    `${confirmed.toLocaleString('en-US')} of ${count(total, 'item')} ${total === 1 ? 'was' : 'were'} confirmed (journal: ${file})`,
  ];
  if (!resumable) return lines;
  if (left > 0) {
    lines.push(
      `rerun with --resume to send the ${count(left, 'item')} not yet confirmed: ${rerun}`,
    );
  } else if (unknown === 0) {
    lines.push(`rerun with --resume to print the results; nothing is sent again: ${rerun}`);
  }
  if (unknown > 0) {
    lines.push(
      `${count(unknown, 'item')} whose outcome is unknown ${unknown === 1 ? 'is' : 'are'} sent again only with --resume --resend-unknown: check first that ${unknown === 1 ? 'it was' : 'they were'} not applied`,
    );
  }
  return lines;
}

/**
 * A run that stopped before every item was confirmed (Ctrl-C, a batch failing for good,
 * items left unknown) says how far it got and how to resume: in the error's hint, or with
 * `--json`, where stderr holds one line, in its message.
 */
export function withResumeAdvice(
  ctx: Context,
  err: unknown,
  summary: ProgressSummary | undefined,
  fromStdin: boolean,
): unknown {
  // A server that is not the service confirmed nothing, and will not on a rerun.
  if (!summary || err instanceof ForeignAnswerError) return err;
  // main reports any error of an interrupted run as the interruption; so must this.
  const error =
    ctx.signal.aborted && !(err instanceof CancelledError)
      ? new CancelledError('interrupted')
      : err;
  const lines = advice(summary, ctx, fromStdin, rerunCouldFix(error));
  if (ctx.out.json && error instanceof Error) {
    error.message = `${error.message}; ${lines.join('; ')}`;
  } else if (error instanceof SvcError) {
    error.hint = [...lines, ...(error.hint ? [error.hint] : [])].join('\n');
  } else {
    for (const line of lines) ctx.out.info(line);
  }
  return error;
}
