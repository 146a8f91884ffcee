import { pollUntil } from '../cli/wait.js';
import { failureLine, readMigration, type Migration } from '../jobs/migration-status.js';
import { readPurge, type PurgeStatus } from '../jobs/purge-status.js';
import { OperationFailedError } from '../errors/errors.js';
import { folderDeleted } from '../jobs/folder-deletion-status.js';
import { shown, type Answer, type CallContext, type JobProgress, type Runtime } from './runtime.js';
import type { ParsedArgs } from './input.js';
import type { JobKind } from './jobs-roles.js';
import { failure, jobWords, success } from './results.js';
import { DEFAULT_WAIT_SECONDS, type ToolSpec } from './tools.js';

/** One reading of a job, in the terms the tools report. */
interface Reading {
  done: boolean;
  /** The job failed; its reason is the service's text. */
  failed?: { reason: string; details?: unknown };
  state: unknown;
  /** A key that changes when the job moves on. */
  key: string;
  progress: JobProgress;
}

const migrationSteps = { pending: 0, in_progress: 1, completed: 2, failed: 2 } as const;

function migrationReading(id: string, m: Migration, message: string | undefined): Reading {
  const failed = m.status === 'failed';
  return {
    done: failed || m.status === 'completed',
    ...(failed && { failed: { reason: failureLine(id, message) } }),
    state: m,
    key: m.status,
    progress: {
      progress: migrationSteps[m.status],
      total: 2,
      message: `${jobWords(id, 'migration', 'in the result')}: ${m.status.replace('_', ' ')}`,
    },
  };
}

/**
 * What this server has seen of each user-data deletion: the most tasks it had, and the
 * fewest left. The service's count of tasks left may rise again (tasks it adds as it finds
 * more data), and a status call alone does not know how many there were: progress is told
 * from both, so that no reading, in a wait or in a later call, goes back.
 */
const deletionsSeen = new WeakMap<Runtime, Map<string, { total: number; left: number }>>();

function deletionSeen(rt: Runtime, id: string, tasks: number | undefined, s: PurgeStatus) {
  let jobs = deletionsSeen.get(rt);
  if (jobs === undefined) deletionsSeen.set(rt, (jobs = new Map()));
  const before = jobs.get(id);
  const total = Math.max(tasks ?? 0, s.tasksLeft, before?.total ?? 0);
  const left = Math.min(s.isDeleteCompleted ? 0 : s.tasksLeft, before?.left ?? Infinity);
  const seen = { total, left };
  jobs.set(id, seen);
  return seen;
}

function deletionReading(
  id: string,
  s: PurgeStatus,
  seen: { total: number; left: number },
): Reading {
  const { total } = seen;
  const done = total - seen.left;
  return {
    done: s.isDeleteCompleted,
    state: { jobId: id, ...s },
    key: String(s.tasksLeft),
    progress: {
      progress: done,
      total,
      message: `${jobWords(id, 'user-data deletion', 'in the result')}: ${done} of ${total} task(s) done`,
    },
  };
}

/** A folder deletion read through the folder: done once the folder is not found. */
async function folderDeletionReading(
  rt: Runtime,
  folderId: string,
  data: Record<string, unknown>,
): Promise<Reading> {
  const done = await folderDeleted(await rt.client(), data.organizationId as string, folderId);
  const words = `the deletion of folder ${folderId}`;
  return {
    done,
    state: { folderId, status: done ? 'deleted' : 'deleting' },
    key: String(done),
    progress: {
      progress: done ? 1 : 0,
      total: 1,
      message: `${words}: ${done ? 'done' : 'running'}`,
    },
  };
}

/** Reads a job once; a deletion the service reports failed becomes a failed reading. */
async function readJob(
  rt: Runtime,
  kind: JobKind,
  id: string,
  data: Record<string, unknown>,
  tasks: number | undefined,
): Promise<Reading> {
  if (kind === 'folder-deletion') return folderDeletionReading(rt, id, data);
  if (kind === 'migration') {
    const { migration, message } = await readMigration(
      await rt.client(),
      data.organizationId as string,
      id,
    );
    return migrationReading(id, migration, message);
  }
  try {
    const status = await readPurge(await rt.client(), id);
    return deletionReading(id, status, deletionSeen(rt, id, tasks, status));
  } catch (err) {
    if (!(err instanceof OperationFailedError)) throw err;
    return {
      done: true,
      failed: { reason: err.message, details: err.result },
      state: { jobId: id, failure: err.message },
      key: 'failed',
      progress: {
        progress: tasks ?? 0,
        message: `${jobWords(id, 'user-data deletion', 'in the result')}: failed`,
      },
    };
  }
}

/** Polls until the job ends or the wait's bound, telling the client each step forward. */
async function waitForJob(
  rt: Runtime,
  spec: ToolSpec,
  id: string,
  args: ParsedArgs,
  call: CallContext,
  tasks: number | undefined,
): Promise<{ reading: Reading | undefined; timedOut: boolean }> {
  const kind = spec.job?.kind as JobKind;
  const seconds = (args.own.waitTimeoutSeconds as number | undefined) ?? DEFAULT_WAIT_SECONDS;
  let sent = -1;
  const result = await pollUntil(
    { now: rt.now, sleep: rt.sleep, signal: call.signal },
    {
      poll: () => readJob(rt, kind, id, args.data, tasks),
      done: (r) => r.done,
      progressKey: (r) => r.key,
      timeout: seconds * 1000,
      onState: async (r) => {
        if (r.progress.progress <= sent) return;
        sent = r.progress.progress;
        await call.progress(r.progress);
      },
    },
  );
  return { reading: result.state, timedOut: result.timedOut };
}

function failedJob(spec: ToolSpec, failed: NonNullable<Reading['failed']>): Answer {
  return {
    result: failure([`${spec.name}: the job failed. The service's reason is below.`], {
      reason: failed.reason,
      ...(failed.details !== undefined && { details: failed.details }),
    }),
    outcome: 'failed',
    reason: 'the job failed',
  };
}

/**
 * What a started job is followed by: the id its answer names, or for a folder deletion,
 * which answers none, the folder of the request.
 */
function idOf(kind: JobKind, answer: unknown, request: Record<string, unknown>): string {
  if (kind === 'folder-deletion') return request.folderId as string;
  const d = answer as { migrationId?: string; jobId?: string };
  return (kind === 'migration' ? d.migrationId : d.jobId) ?? '';
}

/**
 * A tool that starts or reads a job. Starting answers with the job's id; `wait: true`
 * follows the job with progress notifications until it ends or the wait's bound passes
 * (the job then goes on, and the answer says how to follow it). A failed job is an error
 * result carrying the service's reason.
 */
export async function followJob(
  rt: Runtime,
  spec: ToolSpec,
  args: ParsedArgs,
  call: CallContext,
): Promise<Answer> {
  const role = spec.job;
  if (!role) throw new Error(`${spec.name} follows no job`);
  const wait = args.own.wait === true;
  const follow = spec.statusTool ?? spec.name;
  let started: { data: unknown; message: string | undefined } | undefined;
  let id: string;
  let tasks: number | undefined;
  if (role.role === 'start') {
    const answer = await (
      await rt.client()
    ).call(spec.op, args.data, {
      signal: call.signal,
      ...(call.confirmed && { confirmed: true }),
    });
    started = { data: answer.data, message: answer.message };
    id = idOf(role.kind, answer.data, args.data);
    tasks = (answer.data as { tasksCount?: number } | null)?.tasksCount;
    if (!wait) {
      return {
        result: success(
          [
            `${spec.name}: ${jobWords(id)} started. Follow it with ${follow}, or call with wait: true.`,
          ],
          {
            result: shown(rt, answer.data),
            ...(answer.message !== undefined && { message: answer.message }),
          },
        ),
        outcome: 'ok',
      };
    }
  } else {
    id = (role.kind === 'migration' ? args.data.migrationId : args.data.jobId) as string;
  }

  const { reading, timedOut } = wait
    ? await waitForJob(rt, spec, id, args, call, tasks)
    : { reading: await readJob(rt, role.kind, id, args.data, tasks), timedOut: false };
  if (reading === undefined) {
    return {
      result: failure(
        [
          `${spec.name}: ${jobWords(id)} could not be read within the wait; it goes on. Follow it with ${follow}.`,
        ],
        { jobId: id },
      ),
      outcome: 'timed out',
      reason: 'no reading of the job succeeded',
    };
  }
  if (reading.failed) return failedJob(spec, reading.failed);
  const state = shown(rt, reading.state);
  const head = timedOut
    ? `${spec.name}: ${jobWords(id)} has not ended within the wait; it goes on. Follow it with ${follow}.`
    : `${spec.name}: ${jobWords(id)} ${reading.done ? 'has ended' : 'is still running'}.`;
  const structured = started
    ? {
        result: shown(rt, started.data),
        ...(started.message !== undefined && { message: started.message }),
        job: state,
        waitTimedOut: timedOut,
      }
    : { result: state, ...(wait && { waitTimedOut: timedOut }) };
  const lines = [head, ...(role.kind === 'deletion' ? [`${reading.progress.message}.`] : [])];
  return { result: success(lines, structured), outcome: timedOut ? 'timed out' : 'ok' };
}
