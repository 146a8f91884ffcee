import type { OperationName } from '../catalogue/operations.js';

/**
 * The kinds of job the service runs, and the operations that start and read them. A folder
 * deletion has no status of its own: the folder's read answers NOT_FOUND once it is done.
 */
export type JobKind = 'migration' | 'deletion' | 'folder-deletion';

export interface JobRole {
  kind: JobKind;
  /** `start` answers with the job's id; `status` reads the job. */
  role: 'start' | 'status';
  /** The operation that reads the job's status. */
  status: OperationName;
}

export const jobRoles: Partial<Record<OperationName, JobRole>> = {
  'documents.migrate': { kind: 'migration', role: 'start', status: 'documents.migrationStatus' },
  'documents.migrationStatus': {
    kind: 'migration',
    role: 'status',
    status: 'documents.migrationStatus',
  },
  'users.purge': { kind: 'deletion', role: 'start', status: 'users.purgeStatus' },
  'users.purgeStatus': { kind: 'deletion', role: 'status', status: 'users.purgeStatus' },
  'folders.delete': { kind: 'folder-deletion', role: 'start', status: 'folders.get' },
};
