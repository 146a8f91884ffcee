import type { JobRecord, JobSpec } from '../store/jobs.js';
import type { Store } from '../store/store.js';
import { stepDeletion } from './deletion.js';
import { FOLDER_DELETION_STEPS, stepFolderDeletion } from './folder-deletion.js';
import { MIGRATION_STEPS, stepMigration } from './migration.js';
import type { StepResult } from './step.js';

/** How many steps a job of this spec takes. */
export function stepsOf(spec: JobSpec): number {
  switch (spec.kind) {
    case 'migration':
      return MIGRATION_STEPS;
    case 'deletion':
      return spec.organizationIds.length;
    case 'folder-deletion':
      return FOLDER_DELETION_STEPS;
  }
}

/** The job's next step; call it inside a transaction, so a step that throws changes nothing. */
export function runStep(store: Store, job: JobRecord): StepResult {
  switch (job.spec.kind) {
    case 'migration':
      return stepMigration(store, job.scope, job.spec, job.stepsDone);
    case 'deletion':
      return stepDeletion(store, job.scope, job.spec, job.stepsDone);
    case 'folder-deletion':
      return stepFolderDeletion(store, job.scope, job.spec, job.stepsDone);
  }
}
