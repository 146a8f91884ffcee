import { EmulatorError } from '../errors.js';
import type { JobRecord } from '../store/jobs.js';
import type { HandlerDeps, Handlers } from './types.js';

function statusMessage(job: JobRecord): string {
  switch (job.status) {
    case 'pending':
      return 'Migration is pending.';
    case 'in_progress':
      return 'Migration is in progress.';
    case 'completed':
      return 'Migration completed.';
    case 'failed':
      // The reason alone: the CLI shows it after "migration … failed:" (docs/emulator-jobs.md).
      return job.reason ?? 'The migration failed for an unknown reason.';
  }
}

/**
 * Operations 26 and 27 of the spec. Starting a migration checks nothing about the documents:
 * the job does when it runs, and fails when it cannot finish. A migration belongs to the
 * organization it was started in; asked about from another one, it is not found.
 */
export function migrationHandlers(
  deps: HandlerDeps,
): Handlers<'documents.migrate' | 'documents.migrationStatus'> {
  return {
    'documents.migrate': (data, { scope }) => {
      const job = deps.jobs.start(scope, {
        kind: 'migration',
        organizationId: data.organizationId,
        documentId: data.documentId,
        newDocumentId: data.newDocumentId,
      });
      return { message: 'Migration started.', data: { migrationId: job.id } };
    },

    'documents.migrationStatus': (data, { scope }) => {
      const job = deps.jobs.find(scope, data.migrationId);
      if (job?.spec.kind !== 'migration' || job.spec.organizationId !== data.organizationId) {
        throw new EmulatorError('NOT_FOUND', `Migration ${data.migrationId} not found.`);
      }
      return {
        message: statusMessage(job),
        data: { migrationId: job.id, status: job.status },
      };
    },
  };
}
