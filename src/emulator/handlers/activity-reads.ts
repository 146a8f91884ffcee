import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import { operation } from '../../catalogue/operations.js';
import { listPage } from '../listing.js';
import type { ActivityQuery, ActivityRecord } from '../store/activities.js';
import type { Scope } from '../store/scope.js';
import { requireConsoleOption } from './console-gate.js';
import type { HandlerDeps, Handlers } from './types.js';

type StoredActivity = z.input<Schema<'storedActivity'>>;
/** What op 17 wrote, having checked it against the activity schema. */
type Written = ActivityRecord['activity'] &
  Pick<StoredActivity, 'featureType' | 'actionType' | 'actionUser'>;

/**
 * The activity as written, with where it is kept and when it was first written: a
 * rewrite of its id replaces its content but keeps its time, and so its place in the list.
 */
function activityItem(scope: Scope, a: ActivityRecord): StoredActivity {
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
 * Operation 134: the organization's activity logs that match every filter given, newest
 * first unless `order` is `asc` (ties in time by id), a page at a time. Needs the activity
 * service, as adding and deleting them do.
 */
export function activityReadHandlers(deps: HandlerDeps): Handlers<'activities.get'> {
  const { store } = deps;
  return {
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
  };
}
