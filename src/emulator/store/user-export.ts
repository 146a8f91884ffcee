import type { Database } from './sqlite.js';
import type { ActivityRecord, ActivityTable } from './activities.js';
import { type Columns, json, nested, tableColumns } from './columns.js';
import { type GrantRecord, grantColumns } from './grants.js';
import { USER_KEYED_TABLES } from './keyed-tables.js';
import { KeysetPages, type ListKey } from './keyset.js';
import { configColumns, type NotificationConfigRecord } from './notification-configs.js';
import type { NotificationRecord, NotificationTable } from './notifications.js';
import { type ListedUser, listedColumns } from './organization-users.js';
import type { PresenceUserJson } from './presence.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';

/**
 * What the user-data export (op 113) reads: a user's rows in one organization, in every
 * table a user-data deletion erases (USER_KEYED_TABLES), so that what is exported is what
 * is deleted. Each source names the tables it reads, and picks the user's rows by the very
 * column the deletion erases by; a test fails while a user-keyed table is no source's.
 * Every list is read in keyset order, a page at a time, as the other paged reads are.
 */

/** The lists of the export's answer that the emulator's tables fill. */
export type ExportList = 'notifications' | 'profile' | 'activities';

/** One source of the export: the list of the answer it fills, and the tables it reads. */
export interface ExportSource {
  readonly list: ExportList;
  readonly tables: readonly string[];
}

/** The column a deletion erases the table's rows of a user by: the one the export reads by. */
function userColumn(table: string): string {
  const keyed = USER_KEYED_TABLES.find((t) => t.table === table);
  if (!keyed) throw new Error(`${table} holds no user's data: a deletion would not erase it`);
  return keyed.column;
}

/** What each kind of profile entry holds, as its table keeps it. */
interface ProfileValues {
  organizationUser: ListedUser;
  groupMember: { groupId: string };
  permission: GrantRecord;
  notificationConfig: NotificationConfigRecord;
  presence: { documentId: string; user: PresenceUserJson };
}

export type ProfileType = keyof ProfileValues;

/**
 * One of the user's entries in the organization. `part` is its table's place among the
 * profile's, `key` its place among the user's rows of that table: the profile is read in
 * (part, key) order.
 */
export type ProfileRecord = {
  [T in ProfileType]: { type: T; part: number; key: string; value: ProfileValues[T] };
}[ProfileType];

/** The profile's position after which a page starts. */
export type ProfileKey = readonly [part: number, key: string];

type UserParams = OrganizationParams & { user_id: string };
type ReadParams = UserParams;

/** The user's rows of one table after `key`, at most `limit`, by key; `part` is the table's place. */
type PartReader = (
  params: ReadParams,
  part: number,
  after: string | undefined,
  limit: number,
) => ProfileRecord[];

interface ProfilePart extends ExportSource {
  prepare(db: Database): PartReader;
}

/**
 * A table of the profile: `key` is an expression unique among a user's rows of it in an
 * organization, `where` what else a row must meet to be shown.
 */
function profilePart<T extends ProfileType>(
  type: T,
  table: string,
  key: string,
  value: Columns<ProfileValues[T]>,
  where?: string,
): ProfilePart {
  return {
    list: 'profile',
    tables: [table],
    prepare(db) {
      const columns = tableColumns<{ key: string; value: ProfileValues[T] }>({
        key,
        value: nested(value),
      });
      const select = `SELECT ${columns.names.join(', ')} FROM "${table}"`;
      const pages = new KeysetPages<ReadParams, { key: string; value: ProfileValues[T] }>(
        db,
        columns,
        select,
        [key],
      );
      const conditions = [
        IN_ORGANIZATION,
        `"${userColumn(table)}" = @user_id`,
        ...(where === undefined ? [] : [where]),
      ];
      return (params, part, after, limit) =>
        pages
          .page(conditions, params, 'asc', after === undefined ? undefined : [after], limit)
          .map((row) => ({ type, part, ...row }) as ProfileRecord);
    },
  };
}

const presenceColumns = tableColumns<ProfileValues['presence']>({
  documentId: 'document_id',
  user: json('user', (parsed) => parsed as PresenceUserJson),
});

/**
 * The profile's tables, in the order it lists them. A grant that has expired gives no
 * access, but it is still held, and a deletion erases it: the export shows it, with its
 * `expiresAt`.
 */
const PROFILE_PARTS: readonly ProfilePart[] = [
  profilePart('organizationUser', 'organization_users', 'user_id', listedColumns),
  profilePart(
    'groupMember',
    'user_group_members',
    'group_id',
    tableColumns<{ groupId: string }>({ groupId: 'group_id' }),
  ),
  // A resource's kind has no ':', so kind and id together are unique.
  profilePart('permission', 'access_grants', "resource_kind || ':' || resource_id", grantColumns),
  // One row per level; ids are never empty, so '' is the organization's.
  profilePart(
    'notificationConfig',
    'notification_configs',
    "ifnull(document_id, '')",
    configColumns,
  ),
  profilePart('presence', 'presence', 'document_id', presenceColumns),
];

/** Notifications the user caused, and those they are among the recipients of. */
const NOTIFICATIONS: ExportSource = {
  list: 'notifications',
  tables: ['notifications', 'notification_recipients'],
};

/** Activity logs whose action user they are. */
const ACTIVITIES: ExportSource = { list: 'activities', tables: ['activities'] };

/** Every source of the export. */
export const EXPORT_SOURCES: readonly ExportSource[] = [
  NOTIFICATIONS,
  ...PROFILE_PARTS,
  ACTIVITIES,
];

const [NOTIFICATIONS_TABLE, RECIPIENTS_TABLE] = NOTIFICATIONS.tables as [string, string];

/** The user caused the notification, or has a row among its recipients. */
const INVOLVING = `(n."${userColumn(NOTIFICATIONS_TABLE)}" = @user_id
  OR EXISTS (SELECT 1 FROM "${RECIPIENTS_TABLE}" r
    WHERE r.workspace_id = n.workspace_id AND r.api_key_id = n.api_key_id
      AND r.organization_id = n.organization_id AND r.notification_id = n.id
      AND r."${userColumn(RECIPIENTS_TABLE)}" = @user_id))`;

const notificationKeyColumns = tableColumns<{ timestamp: number; id: string }>({
  timestamp: 'n.sent_at',
  id: 'n.id',
});

/** The user's rows for the export, each list a page at a time. */
export class UserExport {
  /** The (time, id) of the notifications involving the user: their records come from the table. */
  private readonly involving: KeysetPages<UserParams, { timestamp: number; id: string }>;
  private readonly parts: readonly PartReader[];

  constructor(
    db: Database,
    private readonly notificationTable: NotificationTable,
    private readonly activityTable: ActivityTable,
  ) {
    this.involving = new KeysetPages(
      db,
      notificationKeyColumns,
      `SELECT n.sent_at, n.id FROM "${NOTIFICATIONS_TABLE}" n`,
      ['n.sent_at', 'n.id'],
    );
    this.parts = PROFILE_PARTS.map((part) => part.prepare(db));
  }

  /**
   * Up to `limit` notifications the user caused or is a recipient of (whether or not they
   * are to be notified: the recipient row is theirs), oldest first, after `after`.
   */
  notifications(
    scope: Scope,
    organizationId: string,
    userId: string,
    after: readonly [timestamp: number, id: string] | undefined,
    limit: number,
  ): NotificationRecord[] {
    const params = { ...organizationParams(scope, organizationId), user_id: userId };
    const conditions = [IN_ORGANIZATION, INVOLVING];
    const ids = this.involving.page(conditions, params, 'asc', after, limit).map((n) => n.id);
    if (ids.length === 0) return [];
    // The same (time, id) order: the page's records, each with its recipients.
    return this.notificationTable.page(scope, { organizationId, ids }, 'asc', undefined, limit);
  }

  /** Up to `limit` of the user's entries after `after`, table by table, in profile order. */
  profile(
    scope: Scope,
    organizationId: string,
    userId: string,
    after: ProfileKey | undefined,
    limit: number,
  ): ProfileRecord[] {
    const params = {
      ...organizationParams(scope, organizationId),
      user_id: userId,
    };
    const found: ProfileRecord[] = [];
    this.parts.forEach((read, part) => {
      if (found.length >= limit || (after !== undefined && part < after[0])) return;
      const from = after !== undefined && part === after[0] ? after[1] : undefined;
      found.push(...read(params, part, from, limit - found.length));
    });
    return found;
  }

  /** Up to `limit` activity logs the user did, oldest first (then by id), after `after`. */
  activities(
    scope: Scope,
    organizationId: string,
    userId: string,
    after: ListKey | undefined,
    limit: number,
  ): ActivityRecord[] {
    return this.activityTable.page(scope, organizationId, { userId }, 'asc', after, limit);
  }
}
