import { EmulatorError } from '../errors.js';
import { planDeletion } from '../jobs/deletion.js';
import type { JobRecord } from '../store/jobs.js';
import type { HandlerDeps, Handlers } from './types.js';

/**
 * The documented status answer has no field for failure, and `isDeleteCompleted: false`
 * alone reads as "still running" to every client, which would then poll until it gave up.
 * A failed deletion therefore answers the error envelope ABORTED, its message the reason and
 * its details the status a running job would show (docs/emulator-jobs.md).
 */
function failure(job: JobRecord, status: Record<string, unknown>): EmulatorError {
  return new EmulatorError('ABORTED', job.reason ?? 'The deletion failed for an unknown reason.', {
    details: { jobId: job.id, ...status },
  });
}

/**
 * Operation 16 of the spec and the deletion-status call of the real service (docs/wire-notes.md).
 * The deletion is a job of one task per organization (see planDeletion).
 */
export function userDataHandlers(deps: HandlerDeps): Handlers<'users.purge' | 'users.purgeStatus'> {
  const { store } = deps;
  return {
    'users.purge': (data, { scope }) => {
      const job = deps.jobs.start(
        scope,
        planDeletion(store, scope, data.userIds, data.organizationIds),
      );
      return {
        message: 'User data deletion started.',
        data: { jobId: job.id, tasksCount: job.stepsTotal },
      };
    },

    'users.purgeStatus': (data, { scope }) => {
      const job = deps.jobs.find(scope, data.jobId);
      if (job?.spec.kind !== 'deletion') {
        throw new EmulatorError('NOT_FOUND', `Deletion job ${data.jobId} not found.`);
      }
      const status = {
        isDeleteCompleted: job.status === 'completed',
        tasksLeft: job.stepsTotal - job.stepsDone,
        lastTaskCompletedTime: job.lastStepAt,
      };
      if (job.status === 'failed') throw failure(job, status);
      // The one message the contract gives (operation 158), whatever the job's progress.
      return { message: 'Data fetched successfully.', data: status };
    },
  };
}
