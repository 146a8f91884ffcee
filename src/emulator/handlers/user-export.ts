import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import { operation } from '../../catalogue/operations.js';
import { type KeyKinds, type KeyOf, type ListOfPages, listPage, listPages } from '../listing.js';
import type { ActivityRecord } from '../store/activities.js';
import type { NotificationSettings } from '../store/notification-configs.js';
import type { NotificationRecord } from '../store/notifications.js';
import type { Scope } from '../store/scope.js';
import type { ProfileRecord } from '../store/user-export.js';
import { activityItem } from './activities.js';
import { configItem } from './notification-config.js';
import { notificationResource } from './notifications.js';
import type { HandlerDeps, Handlers } from './types.js';
import { userItem } from './users.js';

type ProfileEntry = z.input<Schema<'userProfileEntry'>>;

/**
 * A profile entry as the read that shows it answers it, beside its `type`. A document's
 * notification setting is shown as in effect, so it needs the user's organization-level one.
 */
function profileEntry(
  scope: Scope,
  record: ProfileRecord,
  organizationLevel: NotificationSettings | undefined,
): ProfileEntry {
  switch (record.type) {
    case 'organizationUser':
      return { type: record.type, ...userItem(record.value) };
    case 'groupMember':
      return { type: record.type, groupId: record.value.groupId };
    case 'permission': {
      const grant = record.value;
      return {
        type: record.type,
        resourceType: grant.resource.kind,
        resourceId: grant.resource.id,
        accessRole: grant.role,
        ...(grant.expiresAt !== null && { expiresAt: grant.expiresAt }),
      };
    }
    case 'notificationConfig': {
      const config = record.value;
      return { type: record.type, ...configItem(scope, config, config, organizationLevel) };
    }
    case 'presence':
      // The entry's own members last: a presence user may carry any members.
      return { ...record.value.user, type: record.type, documentId: record.value.documentId };
  }
}

/**
 * Operation 113: the user's data in the organization, a page of each list at a time (100
 * rows each, the catalogue's fixed page size), each list its own keyset listing under a
 * name of its own (see listPages). The emulator keeps no comments, reactions or recordings:
 * those lists are always empty. An organization or user with nothing stored answers empty
 * lists, as the other reads of an organization's data do.
 */
export function userExportHandlers(deps: HandlerDeps): Handlers<'users.export'> {
  const { store } = deps;
  const read = operation('users.export');
  return {
    'users.export': (data, { scope }) => {
      const { organizationId, userId } = data;
      const exported = store.userExport;
      /** One list: its listing, told apart from the others' by its operation name. */
      const list =
        <Row, const K extends KeyKinds>(
          name: string,
          key: K,
          keyOf: (row: Row) => KeyOf<K>,
          rows: (after: KeyOf<K> | undefined, limit: number) => Row[],
        ): ListOfPages<Row> =>
        (pageToken) =>
          listPage(
            {
              operation: { name: `${read.name}:${name}`, paging: read.paging },
              scope,
              filters: { organizationId, userId },
              key,
              keyOf,
              rows,
            },
            { pageToken },
          );

      const page = listPages(
        read,
        {
          notifications: list(
            'notifications',
            ['number', 'string'],
            (n: NotificationRecord) => [n.timestamp, n.id],
            (after, limit) => exported.notifications(scope, organizationId, userId, after, limit),
          ),
          profile: list(
            'profile',
            ['number', 'string'],
            (entry: ProfileRecord) => [entry.part, entry.key],
            (after, limit) => exported.profile(scope, organizationId, userId, after, limit),
          ),
          activities: list(
            'activities',
            ['number', 'string'],
            (a: ActivityRecord) => [a.createdAt, a.id],
            (after, limit) => exported.activities(scope, organizationId, userId, after, limit),
          ),
        },
        data.pageToken,
      );

      const { rows } = page;
      const organizationLevel = rows.profile.some((e) => e.type === 'notificationConfig')
        ? store.notificationConfigs.ofUser(scope, organizationId, userId, []).organization
        : undefined;
      return {
        message: 'Data fetched successfully.',
        data: {
          comments: [],
          reactions: [],
          recordings: [],
          notifications: rows.notifications.map((n) => notificationResource(scope, n)),
          profile: rows.profile.map((e) => profileEntry(scope, e, organizationLevel)),
          activities: rows.activities.map((a) => activityItem(scope, a)),
        },
        ...(page.next !== undefined && { next: page.next }),
      };
    },
  };
}
