import { EmulatorError } from '../errors.js';
import { planDeletion } from '../jobs/deletion.js';
import type { JobRecord } from '../store/jobs.js';
import { scopeOf } from './shared.js';
import type { Handler, HandlerDeps } from './types.js';

interface UserDataHandlers {
  'users.purge': Handler<'users.purge'>;
  'users.purgeStatus': Handler<'users.purgeStatus'>;
}

function statusMessage(job: JobRecord): string {
  switch (job.status) {
    case 'completed':
      return 'User data deletion completed.';
    case 'failed':
      return `User data deletion failed: ${job.reason ?? 'unknown reason'}`;
    default:
      return 'User data deletion in progress.';
  }
}

/**
 * Operation 16 of the spec and the deletion-status call of the real service (wire-notes).
 * The deletion is a job of one task per organization (see planDeletion).
 */
export function userDataHandlers(deps: HandlerDeps): UserDataHandlers {
  const { store } = deps;
  return {
    'users.purge': (data, caller) => {
      const scope = scopeOf(caller.auth);
      const job = deps.jobs.start(
        scope,
        planDeletion(store, scope, data.userIds, data.organizationIds),
      );
      return {
        message: 'User data deletion started.',
        data: { jobId: job.id, tasksCount: job.stepsTotal },
      };
    },

    'users.purgeStatus': (data, caller) => {
      const job = deps.jobs.find(scopeOf(caller.auth), data.jobId);
      if (job?.spec.kind !== 'deletion') {
        throw new EmulatorError('NOT_FOUND', `Deletion job ${data.jobId} not found.`);
      }
      return {
        message: statusMessage(job),
        data: {
          isDeleteCompleted: job.status === 'completed',
          tasksLeft: job.stepsTotal - job.stepsDone,
          lastTaskCompletedTime: job.lastStepAt,
        },
      };
    },
  };
}
