import type { Database, Statement } from './sqlite.js';
import { json, tableColumns } from './columns.js';
import { KeysetPages, type ListKey, type ListOrder } from './keyset.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

/** An activity log entry (spec "Activity") as written, its `id` always set. */
export type ActivityJson = Record<string, unknown> & { id: string };

export interface ActivityRecord {
  organizationId: string;
  documentId: string;
  id: string;
  targetEntityId: string | null;
  actionUserId: string;
  activity: ActivityJson;
  createdAt: number;
  updatedAt: number;
}

/** Which activities of an organization a delete concerns; an absent member matches all. */
export interface ActivityFilter {
  documentId?: string | undefined;
  targetEntityId?: string | undefined;
}

const activityColumns = tableColumns<ActivityRecord>({
  organizationId: 'organization_id',
  documentId: 'document_id',
  id: 'id',
  targetEntityId: 'target_entity_id',
  actionUserId: 'action_user_id',
  activity: json('activity', (parsed) => parsed as ActivityJson),
  createdAt: 'created_at',
  updatedAt: 'updated_at',
});

/** What the read of activity logs (op 134) selects; every member given must match. */
export interface ActivityQuery {
  documentId?: string | undefined;
  targetEntityId?: string | undefined;
  featureTypes?: readonly string[] | undefined;
  actionTypes?: readonly string[] | undefined;
  /** The acting user. */
  userId?: string | undefined;
  ids?: readonly string[] | undefined;
}

type PageParams = OrganizationParams & {
  document_id?: string;
  target_entity_id?: string;
  feature_types?: string;
  action_types?: string;
  user_id?: string;
  ids?: string;
};

type Filtered = OrganizationParams & {
  document_id: string | null;
  target_entity_id: string | null;
};

/** The `activities` table: ids are unique in an organization. */
export class ActivityTable {
  private readonly upsert: (scope: Scope, activity: ActivityRecord) => void;
  private readonly matchingStmt: Statement<[Filtered], { id: string }>;
  private readonly deleteStmt: Statement<[Filtered & { id: string }]>;
  private readonly listQuery: RecordQuery<
    [{ workspace_id: string; organization_id: string; document_id: string | null }],
    ActivityRecord
  >;
  private readonly pages: KeysetPages<PageParams, ActivityRecord>;

  constructor(db: Database) {
    // Writing an id again replaces the activity, wherever it was; it keeps its creation time.
    const activities = new RecordTable(db, 'activities', activityColumns);
    this.upsert = activities.scopedInsert(
      `ON CONFLICT (workspace_id, api_key_id, organization_id, id) DO UPDATE SET
         document_id = excluded.document_id,
         target_entity_id = excluded.target_entity_id,
         action_user_id = excluded.action_user_id,
         activity = excluded.activity,
         updated_at = excluded.updated_at`,
    );
    const filtered = `${IN_ORGANIZATION}
      AND (@document_id IS NULL OR document_id = @document_id)
      AND (@target_entity_id IS NULL OR target_entity_id = @target_entity_id)`;
    this.matchingStmt = db.prepare(
      `SELECT id FROM activities WHERE ${filtered} ORDER BY created_at, rowid`,
    );
    this.deleteStmt = db.prepare(`DELETE FROM activities WHERE ${filtered} AND id = @id`);
    this.listQuery =
      activities.select(`WHERE workspace_id = @workspace_id AND organization_id = @organization_id
         AND (@document_id IS NULL OR document_id = @document_id)
       ORDER BY created_at, rowid`);
    // Rewriting an activity keeps its creation time, so it keeps its place in a listing.
    this.pages = new KeysetPages(
      db,
      activityColumns,
      `SELECT ${activityColumns.names.join(', ')} FROM activities`,
      ['created_at', 'id'],
    );
  }

  /**
   * Up to `limit` of the organization's activities the query selects, by creation time and
   * then id, in `order`, strictly after `after`.
   */
  page(
    scope: Scope,
    organizationId: string,
    query: ActivityQuery,
    order: ListOrder,
    after: ListKey | undefined,
    limit: number,
  ): ActivityRecord[] {
    const conditions = [IN_ORGANIZATION];
    const params: PageParams = organizationParams(scope, organizationId);
    const among = (list: string) => `IN (SELECT value FROM json_each(@${list}))`;
    if (query.documentId !== undefined) {
      conditions.push('document_id = @document_id');
      params.document_id = query.documentId;
    }
    if (query.targetEntityId !== undefined) {
      conditions.push('target_entity_id = @target_entity_id');
      params.target_entity_id = query.targetEntityId;
    }
    if (query.userId !== undefined) {
      conditions.push('action_user_id = @user_id');
      params.user_id = query.userId;
    }
    if (query.ids !== undefined) {
      conditions.push(`id ${among('ids')}`);
      params.ids = JSON.stringify(query.ids);
    }
    if (query.featureTypes !== undefined) {
      conditions.push(`json_extract(activity, '$.featureType') ${among('feature_types')}`);
      params.feature_types = JSON.stringify(query.featureTypes);
    }
    if (query.actionTypes !== undefined) {
      conditions.push(`json_extract(activity, '$.actionType') ${among('action_types')}`);
      params.action_types = JSON.stringify(query.actionTypes);
    }
    return this.pages.page(conditions, params, order, after, limit);
  }

  /** Adds the activity, or replaces the one with its id. */
  put(scope: Scope, entry: Omit<ActivityRecord, 'createdAt' | 'updatedAt'>, now: number): void {
    this.upsert(scope, { ...entry, createdAt: now, updatedAt: now });
  }

  /** The ids of the organization's activities the filter selects, oldest first. */
  matching(scope: Scope, organizationId: string, filter: ActivityFilter): string[] {
    return this.matchingStmt.all(filtered(scope, organizationId, filter)).map((row) => row.id);
  }

  /** False when the organization has no activity `id` that the filter selects. */
  delete(scope: Scope, organizationId: string, id: string, filter: ActivityFilter): boolean {
    return this.deleteStmt.run({ ...filtered(scope, organizationId, filter), id }).changes > 0;
  }

  /** A workspace's activities in one organization (and document), oldest first. */
  list(workspaceId: string, organizationId: string, documentId?: string): ActivityRecord[] {
    return this.listQuery.all({
      workspace_id: workspaceId,
      organization_id: organizationId,
      document_id: documentId ?? null,
    });
  }
}

function filtered(scope: Scope, organizationId: string, filter: ActivityFilter): Filtered {
  return {
    ...organizationParams(scope, organizationId),
    document_id: filter.documentId ?? null,
    target_entity_id: filter.targetEntityId ?? null,
  };
}
