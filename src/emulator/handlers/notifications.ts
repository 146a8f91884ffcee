import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import { operation } from '../../catalogue/operations.js';
import { listPage } from '../listing.js';
import { documentTarget, liveGrants, resolveResource } from '../access.js';
import { EmulatorError } from '../errors.js';
import {
  type NotificationFilter,
  type NotificationRecord,
  notificationRecord,
} from '../store/notifications.js';
import { type BulkItem, folderLookup, newTopDocument, perItem, unique } from './shared.js';
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
export function notificationHandlers(
  deps: HandlerDeps,
): Handlers<
  'notifications.get' | 'notifications.add' | 'notifications.update' | 'notifications.delete'
> {
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

    // Operation 130. The organization and document must exist unless the create flags ask
    // for them (the contract leaves both open). Recipients: the users named, and with
    // notifyAll (the default) every user of the organization too; verifyUserPermissions
    // keeps those who may open the document. A notificationId already used adds nothing:
    // the contract gives the id to prevent duplicates.
    'notifications.add': (data, { scope }) => {
      const orgId = data.organizationId;
      const now = deps.now();
      const {
        createOrganization,
        createDocument,
        notificationId,
        verifyUserPermissions,
        notifyAll,
        ...rest
      } = data;
      store.transaction(() => {
        if (createOrganization === true) store.organizations.ensure(scope, orgId);
        const org = store.organizations.find(scope, orgId);
        if (!org) throw new EmulatorError('NOT_FOUND', `Organization ${orgId} does not exist.`);
        let doc = store.documents.find(scope, orgId, data.documentId);
        if (!doc && createDocument === true) {
          doc = newTopDocument(orgId, data.documentId);
          store.documents.insert(scope, doc);
        }
        if (!doc)
          throw new EmulatorError('NOT_FOUND', `Document ${data.documentId} does not exist.`);
        if (
          notificationId !== undefined &&
          store.notifications.page(
            scope,
            { organizationId: orgId, ids: [notificationId] },
            'asc',
            undefined,
            1,
          ).length > 0
        )
          return;
        const named = data.notifyUsers.map((u) => u.userId);
        const everyone =
          notifyAll === false
            ? []
            : store.organizationUsers
                .page(scope, orgId, { kind: 'organization' }, undefined, undefined, 100_000)
                .map((u) => u.userId);
        let recipients = unique([...named, ...everyone]);
        if (verifyUserPermissions === true) {
          const lookup = folderLookup(store, scope, orgId);
          const target = documentTarget(doc, lookup);
          const nowSeconds = Math.floor(now / 1000);
          recipients = recipients.filter((userId) => {
            const entry = resolveResource(target, org, {
              userId,
              member: store.organizationUsers.isMember(scope, orgId, userId),
              grants: liveGrants(store.grants.ofUser(scope, orgId, userId), nowSeconds),
            });
            return entry.errorCode === undefined;
          });
        }
        // The users named are its recipients, kept as such: read back, a notification names
        // whom it notifies in notifyUsersByUserId, not in the list this request gave.
        const { documentId, notifyUsers: _named, ...content } = rest;
        store.notifications.insert(scope, [
          notificationRecord(
            orgId,
            {
              ...(notificationId !== undefined && { id: notificationId }),
              documentId,
              notifyUsersByUserId: Object.fromEntries(recipients.map((u) => [u, true])),
              ...content,
            },
            now,
          ),
        ]);
      });
      const message = 'Notification added successfully.';
      return { message, data: { success: true, message } };
    },

    // Operation 131: each member given replaces the stored one; readByUserIds adds to those
    // who have read it. A notification the organization does not have, or that the
    // request's documentId, locationId or userId does not select, fails on its own.
    'notifications.update': (data, { scope }) => {
      const orgId = data.organizationId;
      const result = perItem(
        store,
        data.notifications,
        (n) => n.id,
        ({ id, readByUserIds, ...change }) => {
          const filter: NotificationFilter = {
            organizationId: orgId,
            documentId: data.documentId,
            locationId: data.locationId,
            userId: data.userId,
            ids: [id],
          };
          const [found] = store.notifications.page(scope, filter, 'asc', undefined, 1);
          if (!found) return { success: false, message: 'Failed to update notification.' };
          const read = (found.content.readByUserIds as string[] | undefined) ?? [];
          store.notifications.insert(scope, [
            {
              ...found,
              content: {
                ...found.content,
                ...change,
                ...(readByUserIds !== undefined && {
                  readByUserIds: unique([...read, ...readByUserIds]),
                }),
              },
            },
          ]);
          return { success: true, message: 'Notification updated.' };
        },
      );
      return { message: 'Notification(s) updated successfully.', data: result };
    },

    // Operation 132: the notifications the filters select (documentId, locationId, userId: a
    // notification the user receives), or of those the ones named. The contract leaves a
    // request with organizationId alone open: it is refused, rather than deleting all. An
    // id named that the filters do not select fails on its own.
    'notifications.delete': (data, { scope }) => {
      const orgId = data.organizationId;
      const filter: NotificationFilter = {
        organizationId: orgId,
        documentId: data.documentId,
        locationId: data.locationId,
        userId: data.userId,
      };
      const result: Record<string, BulkItem> = {};
      store.transaction(() => {
        const selected = store.notifications.all(scope, { ...filter, ids: data.notificationIds });
        for (const n of selected) {
          store.notifications.remove(scope, orgId, n.id);
          result[n.id] = { success: true, message: 'Notification deleted.' };
        }
        for (const id of data.notificationIds ?? [])
          result[id] ??= { success: false, message: 'Failed to delete notification.' };
      });
      return { message: 'Notification(s) deleted successfully.', data: result };
    },
  };
}
