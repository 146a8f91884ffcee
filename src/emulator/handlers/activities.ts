import { newId } from '../ids.js';
import type { ActivityFilter, ActivityQuery, ActivityRecord } from '../store/activities.js';
import type { Scope } from '../store/scope.js';
import { requireConsoleOption } from './console-gate.js';
import { perItem, unique } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';
import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import { operation } from '../../catalogue/operations.js';
import { listPage } from '../listing.js';

/** The spec's precondition of operation 17; deleting logs needs the same service. */
function requireActivityService(deps: HandlerDeps, scope: Scope): void {
  requireConsoleOption(deps, scope.workspaceId, 'activityService', 'Activity logs');
}

/** " in document D for target entity T", as far as the filter names them. */
function within(filter: ActivityFilter): string {
  return [
    filter.documentId !== undefined ? ` in document ${filter.documentId}` : '',
    filter.targetEntityId !== undefined ? ` for target entity ${filter.targetEntityId}` : '',
  ].join('');
}

type StoredActivity = z.input<Schema<'storedActivity'>>;
/** What op 17 wrote, having checked it against the activity schema. */
type Written = ActivityRecord['activity'] &
  Pick<StoredActivity, 'featureType' | 'actionType' | 'actionUser'>;

/**
 * The activity as written, with where it is kept and when it was first written: a
 * rewrite of its id replaces its content but keeps its time, and so its place in the list.
 */
export function activityItem(scope: Scope, a: ActivityRecord): StoredActivity {
  return {
    ...(a.activity as Written),
    id: a.id,
    metadata: {
      apiKey: scope.apiKeyId,
      documentId: a.documentId,
      organizationId: a.organizationId,
    },
    timestamp: a.createdAt,
  };
}

/**
 * Operations 17 and 18 of the spec. Like folders add, adding creates the organization on
 * first use; activities need no document record, as the service logs them for whatever
 * document a client names. Deleting never creates anything.
 */
export function activityHandlers(
  deps: HandlerDeps,
): Handlers<'activities.add' | 'activities.delete' | 'activities.get' | 'activities.update'> {
  const { store } = deps;
  return {
    'activities.add': (data, { scope }) => {
      requireActivityService(deps, scope);
      const { organizationId, documentId, activities } = data;
      const now = deps.now();
      store.transaction(() => {
        store.organizations.ensure(scope, organizationId);
        for (const activity of activities) {
          const id = activity.id ?? newId();
          store.activities.put(
            scope,
            {
              organizationId,
              documentId,
              id,
              targetEntityId: activity.targetEntityId ?? null,
              actionUserId: activity.actionUser.userId,
              activity: { ...activity, id },
            },
            now,
          );
        }
      });
      const count = activities.length;
      return {
        message: 'Activities added.',
        data: {
          success: true,
          message: `${count} ${count === 1 ? 'activity' : 'activities'} added.`,
        },
      };
    },

    'activities.delete': (data, { scope }) => {
      requireActivityService(deps, scope);
      const orgId = data.organizationId;
      const filter: ActivityFilter = {
        documentId: data.documentId,
        targetEntityId: data.targetEntityId,
      };
      // Named ids must also match the other selectors; without ids, the selectors choose.
      const ids = data.activityIds ?? store.activities.matching(scope, orgId, filter);
      const result = perItem(
        store,
        unique(ids),
        (id) => id,
        (id) =>
          store.activities.delete(scope, orgId, id, filter)
            ? { success: true, message: 'Activity deleted.' }
            : { success: false, message: `Activity ${id} does not exist${within(filter)}.` },
      );
      return { message: 'Activities processed.', data: result };
    },

    // Operation 134: the organization's activity logs that match every filter given, newest
    // first unless `order` is `asc` (ties in time by id), a page at a time. Needs the activity
    // service, as adding and deleting them do.
    'activities.get': (data, { scope }) => {
      requireConsoleOption(deps, scope.workspaceId, 'activityService', 'Reading activity logs');
      const orgId = data.organizationId;
      const order = data.order ?? 'desc';
      const query: ActivityQuery = {
        documentId: data.documentId,
        targetEntityId: data.targetEntityId,
        featureTypes: data.featureTypes,
        actionTypes: data.actionTypes,
        userId: data.userId,
        ids: data.activityIds,
      };
      const page = listPage(
        {
          operation: operation('activities.get'),
          scope,
          filters: { organizationId: orgId, ...query },
          order,
          key: ['number', 'string'],
          keyOf: (a: ActivityRecord) => [a.createdAt, a.id],
          rows: (after, limit) => store.activities.page(scope, orgId, query, order, after, limit),
        },
        data,
      );
      return {
        message: 'Activity(s) retrieved successfully.',
        data: page.rows.map((a) => activityItem(scope, a)),
        ...(page.next !== undefined && { next: page.next }),
      };
    },

    // Operation 135: each member given replaces the entry's stored one (the contract leaves
    // merge or replace open); an entry the organization does not have fails on its own with
    // the contract's "Failed to update activity.".
    'activities.update': (data, { scope }) => {
      requireActivityService(deps, scope);
      const orgId = data.organizationId;
      const now = deps.now();
      const result = perItem(
        store,
        data.activities,
        (change) => change.id,
        ({ id, ...change }) => {
          const [found] = store.activities.page(scope, orgId, { ids: [id] }, 'asc', undefined, 1);
          if (!found) return { success: false, message: 'Failed to update activity.' };
          store.activities.put(
            scope,
            { ...found, activity: { ...found.activity, ...change } },
            now,
          );
          return { success: true, message: 'Activity updated.' };
        },
      );
      return { message: 'Activity(s) updated successfully.', data: result };
    },
  };
}
