import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import { operation } from '../../catalogue/operations.js';
import { listPage } from '../listing.js';
import type { NotificationFilter, NotificationRecord } from '../store/notifications.js';
import type { Scope } from '../store/scope.js';
import { requireConsoleOption } from './console-gate.js';
import type { HandlerDeps, Handlers } from './types.js';

type NotificationResource = z.input<Schema<'notification'>>;

/**
 * The notification as the service answers it: what it was given, with `metadata` built
 * from where it is stored (so a migrated document shows its new id) and
 * `notifyUsersByUserId` from its recipients (so a deleted user no longer appears).
 */
export function notificationResource(scope: Scope, n: NotificationRecord): NotificationResource {
  return {
    id: n.id,
    ...n.content,
    metadata: {
      apiKey: scope.apiKeyId,
      organizationId: n.organizationId,
      ...(n.documentId !== null && { documentId: n.documentId }),
      ...(n.locationId !== null && { locationId: n.locationId }),
    },
    notifyUsersByUserId: n.recipients,
    timestamp: n.timestamp,
  };
}

/** Operation 22. */
export function notificationHandlers(deps: HandlerDeps): Handlers<'notifications.get'> {
  const { store } = deps;
  return {
    'notifications.get': (data, { scope }) => {
      requireConsoleOption(deps, scope.workspaceId, 'advancedQueries', 'Reading notifications');
      const order = data.order ?? 'desc';
      const filter: NotificationFilter = {
        organizationId: data.organizationId,
        documentId: data.documentId,
        locationId: data.locationId,
        userId: data.userId,
        ids: data.notificationIds,
      };
      // (timestamp, id) is a total order: ids are unique in an organization.
      const page = listPage(
        {
          operation: operation('notifications.get'),
          scope,
          filters: { ...filter },
          order,
          key: ['number', 'string'],
          keyOf: (n: NotificationRecord) => [n.timestamp, n.id],
          rows: (after, limit) =>
            store.notifications.page(
              scope,
              filter,
              order,
              after && { timestamp: after[0], id: after[1] },
              limit,
            ),
        },
        data,
      );
      return {
        message: 'Notifications retrieved successfully.',
        data: page.rows.map((n) => notificationResource(scope, n)),
        ...(page.next !== undefined && { next: page.next }),
      };
    },
  };
}
