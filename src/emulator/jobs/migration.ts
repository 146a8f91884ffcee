import type { MigrationSpec } from '../store/jobs.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import type { StepResult } from './step.js';

/** Starting (pending → in_progress), then moving the document (→ completed). */
export const MIGRATION_STEPS = 2;

/** Why the migration cannot finish as things stand, or undefined when it can. */
function obstacle(store: Store, scope: Scope, spec: MigrationSpec): string | undefined {
  const { organizationId, documentId, newDocumentId } = spec;
  if (!store.documents.find(scope, organizationId, documentId)) {
    return `Document ${documentId} does not exist in organization ${organizationId}.`;
  }
  if (newDocumentId === documentId || store.documents.find(scope, organizationId, newDocumentId)) {
    return `Document id ${newDocumentId} is already taken.`;
  }
  return undefined;
}

/**
 * One step of a migration. Both steps check the documents as they are then, not as they were
 * when the migration was asked for: the new id may have been taken in between.
 */
export function stepMigration(
  store: Store,
  scope: Scope,
  spec: MigrationSpec,
  stepIndex: number,
): StepResult {
  const blocked = obstacle(store, scope, spec);
  if (blocked !== undefined) return { status: 'failed', reason: blocked };
  if (stepIndex === 0) return { status: 'in_progress' };
  store.documentData.move(scope, spec.organizationId, spec.documentId, spec.newDocumentId);
  return { status: 'completed' };
}
