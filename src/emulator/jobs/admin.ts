import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { EmulatorError } from '../errors.js';
import { type AdminRoutes, type Answer, readJsonAs } from '../http.js';
import { isFinished, type JobRecord } from '../store/jobs.js';
import type { JobEngine } from './engine.js';

/** A job as the admin calls show it. */
function view(job: JobRecord): Record<string, unknown> {
  const { kind, ...spec } = job.spec;
  return {
    id: job.id,
    kind,
    status: job.status,
    stepsDone: job.stepsDone,
    stepsTotal: job.stepsTotal,
    reason: job.reason,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    workspaceId: job.scope.workspaceId,
    spec,
  };
}

const oneOrAll = z.strictObject({ id: z.string().min(1).optional() });
const failRequest = z.strictObject({
  id: z.string().min(1),
  reason: z.string().min(1).default('Failed by the /_emulator/jobs/fail admin call.'),
});

const answer = (jobs: readonly JobRecord[]): Answer => ({
  status: 200,
  json: { jobs: jobs.map(view) },
});

function found(job: JobRecord | undefined, id: string): JobRecord {
  if (!job) throw new EmulatorError('NOT_FOUND', `Job ${id} not found.`);
  return job;
}

/** Applies `act` to the named job, or to every unfinished one when none is named. */
async function eachJob(
  req: IncomingMessage,
  jobs: JobEngine,
  act: (id: string) => JobRecord | undefined,
): Promise<Answer> {
  const { id } = await readJsonAs(req, oneOrAll);
  if (id !== undefined) return answer([found(act(id), id)]);
  return answer(jobs.unfinishedIds().flatMap((each) => act(each) ?? []));
}

/** The admin routes under `/_emulator/jobs`. */
export const jobRoutes: AdminRoutes<{ jobs: JobEngine }> = {
  jobs: {
    method: 'GET',
    route: (_req, query, { jobs }) => answer(jobs.list(query.get('workspaceId') ?? undefined)),
  },
  'jobs/step': {
    method: 'POST',
    route: (req, _query, { jobs }) => eachJob(req, jobs, (id) => jobs.step(id)),
  },
  'jobs/run': {
    method: 'POST',
    route: (req, _query, { jobs }) => eachJob(req, jobs, (id) => jobs.run(id)),
  },
  'jobs/fail': {
    method: 'POST',
    route: async (req, _query, { jobs }) => {
      const { id, reason } = await readJsonAs(req, failRequest);
      const job = found(jobs.get(id), id);
      if (isFinished(job.status)) {
        throw new EmulatorError('FAILED_PRECONDITION', `Job ${id} is already ${job.status}.`);
      }
      return answer([found(jobs.fail(id, reason), id)]);
    },
  },
};
