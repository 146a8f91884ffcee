import type { FolderDeletionSpec } from '../store/jobs.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import type { StepResult } from './step.js';

/** Starting (pending → in_progress), then deleting the folder and all below it (→ completed). */
export const FOLDER_DELETION_STEPS = 2;

/**
 * One step of a folder deletion (operation 118). The last takes the folder, every folder
 * below it, and their documents with everything stored under their ids, in one transaction;
 * a folder already gone by then fails the job, naming it.
 */
export function stepFolderDeletion(
  store: Store,
  scope: Scope,
  spec: FolderDeletionSpec,
  stepIndex: number,
): StepResult {
  const { organizationId, folderId } = spec;
  if (!store.folders.find(scope, organizationId, folderId))
    return {
      status: 'failed',
      reason: `Folder ${folderId} does not exist in organization ${organizationId}.`,
    };
  if (stepIndex === 0) return { status: 'in_progress' };
  const folders = new Set(
    store.folders
      .ofOrganization(scope, organizationId)
      .filter((f) => f.id === folderId || f.ancestors.includes(folderId))
      .map((f) => f.id),
  );
  for (const doc of store.documents.ofOrganization(scope, organizationId))
    if (doc.folderId !== null && folders.has(doc.folderId))
      store.documentData.remove(scope, organizationId, doc.id);
  for (const id of folders) {
    store.grants.removeAllOn(scope, organizationId, { kind: 'folder', id });
    store.folders.remove(scope, organizationId, id);
  }
  return { status: 'completed' };
}
