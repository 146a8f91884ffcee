import type { Database, Statement } from './sqlite.js';
import * as z from 'zod';
import { newId } from '../ids.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';

/**
 * A notification as stored. The members the queries of operation 22 filter or sort by have
 * columns of their own; everything else the notification carries is kept as given.
 */
export interface NotificationRecord {
  organizationId: string;
  id: string;
  documentId: string | null;
  locationId: string | null;
  /** Epoch milliseconds. */
  timestamp: number;
  /** `notifyUsersByUserId`: a user whose value is true is a recipient. */
  recipients: Record<string, boolean>;
  /** The notification's other members (source, action user, messages, `notifyUsers`…). */
  content: Record<string, unknown>;
}

/** What operation 22 can filter on; every member given must match. */
export interface NotificationFilter {
  organizationId: string;
  documentId?: string | undefined;
  locationId?: string | undefined;
  /** Notifications this user is a recipient of. */
  userId?: string | undefined;
  ids?: readonly string[] | undefined;
}

export type NotificationOrder = 'asc' | 'desc';

/** A position in the (timestamp, id) order, which is total: ids are unique in an organization. */
export interface NotificationCursor {
  timestamp: number;
  id: string;
}

interface NotificationRow {
  organization_id: string;
  id: string;
  document_id: string | null;
  location_id: string | null;
  sent_at: number;
  content: string;
}

interface RecipientRow {
  notification_id: string;
  user_id: string;
  notify: number;
}

type InOrg = OrganizationParams;
type RowParams = InOrg &
  Omit<NotificationRow, 'organization_id'> & { action_user_id: string | null };
type PageParams = InOrg & {
  document_id?: string;
  location_id?: string;
  user_id?: string;
  ids?: string;
  after_time?: number;
  after_id?: string;
  limit: number;
};

const contentShape = z.record(z.string(), z.unknown());
const actionUserShape = z.object({ actionUser: z.object({ userId: z.string() }) });

/** The user who caused the notification: their data, which a user-data deletion removes. */
function actionUserOf(content: Record<string, unknown>): string | null {
  return actionUserShape.safeParse(content).data?.actionUser.userId ?? null;
}

/** The `notifications` table, with its recipients in `notification_recipients`. */
export class NotificationTable {
  private readonly deleteStmt: Statement<[InOrg & { id: string }]>;
  private readonly insertStmt: Statement<[RowParams]>;
  private readonly insertRecipientStmt: Statement<
    [InOrg & { notification_id: string; user_id: string; notify: number }]
  >;
  private readonly recipientsStmt: Statement<[InOrg & { ids: string }], RecipientRow>;
  /** One statement per filter combination, order and first-or-later page, made on first use. */
  private readonly pageStmts = new Map<string, Statement<[PageParams], NotificationRow>>();

  constructor(private readonly db: Database) {
    this.deleteStmt = db.prepare(`DELETE FROM notifications WHERE ${IN_ORGANIZATION} AND id = @id`);
    this.insertStmt = db.prepare(
      `INSERT INTO notifications (workspace_id, api_key_id, organization_id, id, document_id,
         location_id, action_user_id, sent_at, content)
       VALUES (@workspace_id, @api_key_id, @organization_id, @id, @document_id,
         @location_id, @action_user_id, @sent_at, @content)`,
    );
    this.insertRecipientStmt = db.prepare(
      `INSERT INTO notification_recipients (workspace_id, api_key_id, organization_id,
         notification_id, user_id, notify)
       VALUES (@workspace_id, @api_key_id, @organization_id, @notification_id, @user_id, @notify)`,
    );
    this.recipientsStmt = db.prepare(
      `SELECT notification_id, user_id, notify FROM notification_recipients
       WHERE ${IN_ORGANIZATION} AND notification_id IN (SELECT value FROM json_each(@ids))
       ORDER BY rowid`,
    );
  }

  /**
   * Stores the notifications, each replacing any of the same id in its organization. Run
   * it inside a transaction when adding many: the statements are prepared once.
   */
  insert(scope: Scope, records: readonly NotificationRecord[]): void {
    for (const n of records) {
      const inOrg = organizationParams(scope, n.organizationId);
      this.deleteStmt.run({ ...inOrg, id: n.id });
      this.insertStmt.run({
        ...inOrg,
        id: n.id,
        document_id: n.documentId,
        location_id: n.locationId,
        action_user_id: actionUserOf(n.content),
        sent_at: n.timestamp,
        content: JSON.stringify(n.content),
      });
      for (const [userId, notify] of Object.entries(n.recipients)) {
        this.insertRecipientStmt.run({
          ...inOrg,
          notification_id: n.id,
          user_id: userId,
          notify: notify ? 1 : 0,
        });
      }
    }
  }

  /** Removes a notification (its recipients go by their foreign key); false if none. */
  remove(scope: Scope, organizationId: string, id: string): boolean {
    return this.deleteStmt.run({ ...organizationParams(scope, organizationId), id }).changes > 0;
  }

  /** Every notification matching `filter`, oldest first, read a page at a time. */
  all(scope: Scope, filter: NotificationFilter): NotificationRecord[] {
    const found: NotificationRecord[] = [];
    for (let after: NotificationCursor | undefined; ;) {
      const page = this.page(scope, filter, 'asc', after, 1000);
      found.push(...page);
      const last = page.at(-1);
      if (page.length < 1000 || !last) return found;
      after = { timestamp: last.timestamp, id: last.id };
    }
  }

  /** Up to `limit` notifications matching `filter`, in `order`, strictly after `after`. */
  page(
    scope: Scope,
    filter: NotificationFilter,
    order: NotificationOrder,
    after: NotificationCursor | undefined,
    limit: number,
  ): NotificationRecord[] {
    const params: PageParams = {
      ...organizationParams(scope, filter.organizationId),
      limit,
      ...(filter.documentId !== undefined && { document_id: filter.documentId }),
      ...(filter.locationId !== undefined && { location_id: filter.locationId }),
      ...(filter.userId !== undefined && { user_id: filter.userId }),
      ...(filter.ids !== undefined && { ids: JSON.stringify(filter.ids) }),
      ...(after !== undefined && { after_time: after.timestamp, after_id: after.id }),
    };
    const rows = this.pageStatement(params, order).all(params);
    return this.withRecipients(scope, filter.organizationId, rows);
  }

  /** The statement binds exactly the parameters present: its text depends on which are. */
  private pageStatement(
    params: PageParams,
    order: NotificationOrder,
  ): Statement<[PageParams], NotificationRow> {
    const conditions = [
      'n.workspace_id = @workspace_id AND n.api_key_id = @api_key_id',
      'n.organization_id = @organization_id',
    ];
    if (params.document_id !== undefined) conditions.push('n.document_id = @document_id');
    if (params.location_id !== undefined) conditions.push('n.location_id = @location_id');
    if (params.ids !== undefined) conditions.push('n.id IN (SELECT value FROM json_each(@ids))');
    if (params.user_id !== undefined) {
      conditions.push(
        `EXISTS (SELECT 1 FROM notification_recipients r
           WHERE r.workspace_id = n.workspace_id AND r.api_key_id = n.api_key_id
             AND r.organization_id = n.organization_id AND r.notification_id = n.id
             AND r.user_id = @user_id AND r.notify = 1)`,
      );
    }
    if (params.after_id !== undefined) {
      conditions.push(`(n.sent_at, n.id) ${order === 'asc' ? '>' : '<'} (@after_time, @after_id)`);
    }
    const sql = `SELECT n.organization_id, n.id, n.document_id, n.location_id, n.sent_at, n.content
      FROM notifications n WHERE ${conditions.join(' AND ')}
      ORDER BY n.sent_at ${order}, n.id ${order} LIMIT @limit`;
    let stmt = this.pageStmts.get(sql);
    if (!stmt) {
      stmt = this.db.prepare<[PageParams], NotificationRow>(sql);
      this.pageStmts.set(sql, stmt);
    }
    return stmt;
  }

  private withRecipients(
    scope: Scope,
    organizationId: string,
    rows: readonly NotificationRow[],
  ): NotificationRecord[] {
    const recipients = new Map<string, Record<string, boolean>>();
    if (rows.length > 0) {
      const ids = JSON.stringify(rows.map((r) => r.id));
      const params = { ...organizationParams(scope, organizationId), ids };
      for (const r of this.recipientsStmt.all(params)) {
        const map = recipients.get(r.notification_id) ?? {};
        map[r.user_id] = r.notify === 1;
        recipients.set(r.notification_id, map);
      }
    }
    return rows.map((row) => ({
      organizationId: row.organization_id,
      id: row.id,
      documentId: row.document_id,
      locationId: row.location_id,
      timestamp: row.sent_at,
      recipients: recipients.get(row.id) ?? {},
      content: contentShape.parse(JSON.parse(row.content)),
    }));
  }
}

/** A notification as a fixture or the admin call gives it (docs/fixtures.md). */
export interface NotificationInput {
  id?: string | undefined;
  timestamp?: number | undefined;
  documentId?: string | undefined;
  locationId?: string | undefined;
  notifyUsersByUserId?: Record<string, boolean> | undefined;
  [member: string]: unknown;
}

/** The record for an input: a generated id and the current time where they are left out. */
export function notificationRecord(
  organizationId: string,
  input: NotificationInput,
  now: number,
): NotificationRecord {
  const { id, timestamp, documentId, locationId, notifyUsersByUserId, ...content } = input;
  return {
    organizationId,
    id: id ?? newId(),
    documentId: documentId ?? null,
    locationId: locationId ?? null,
    timestamp: timestamp ?? now,
    recipients: notifyUsersByUserId ?? {},
    content,
  };
}
