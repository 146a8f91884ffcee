import type { DeletionSpec } from '../store/jobs.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import type { StepResult } from './step.js';

/**
 * A deletion has one task per organization: the ones the caller named (each once), or else
 * every organization of the API key where any of the users has data. The list is fixed when
 * the job starts, since its length is the `tasksCount` the caller is given.
 */
export function planDeletion(
  store: Store,
  scope: Scope,
  userIds: readonly string[],
  organizationIds: readonly string[] | undefined,
): DeletionSpec {
  const users = [...new Set(userIds)];
  return {
    kind: 'deletion',
    userIds: users,
    organizationIds:
      organizationIds === undefined
        ? store.userData.organizationsOf(scope, users)
        : [...new Set(organizationIds)],
  };
}

/** Task `stepIndex`: every trace of the users in that task's organization goes. */
export function stepDeletion(
  store: Store,
  scope: Scope,
  spec: DeletionSpec,
  stepIndex: number,
): StepResult {
  const organizationId = spec.organizationIds[stepIndex];
  if (organizationId === undefined) {
    throw new Error(`deletion task ${stepIndex} of ${spec.organizationIds.length} does not exist`);
  }
  store.userData.erase(scope, organizationId, spec.userIds);
  return { status: stepIndex + 1 < spec.organizationIds.length ? 'in_progress' : 'completed' };
}
