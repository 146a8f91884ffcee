import type { Database, Statement } from 'better-sqlite3';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

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

interface ActivityRow {
  organization_id: string;
  document_id: string;
  id: string;
  target_entity_id: string | null;
  action_user_id: string;
  activity: string;
  created_at: number;
  updated_at: number;
}

type InOrg = ScopeParams & { organization_id: string };
type Filtered = InOrg & { document_id: string | null; target_entity_id: string | null };

function fromRow(row: ActivityRow): ActivityRecord {
  return {
    organizationId: row.organization_id,
    documentId: row.document_id,
    id: row.id,
    targetEntityId: row.target_entity_id,
    actionUserId: row.action_user_id,
    activity: JSON.parse(row.activity) as ActivityJson,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The `activities` table: ids are unique in an organization. */
export class ActivityTable {
  private readonly upsertStmt: Statement<[Omit<ActivityRow, 'created_at'> & ScopeParams]>;
  private readonly matchingStmt: Statement<[Filtered], { id: string }>;
  private readonly deleteStmt: Statement<[Filtered & { id: string }]>;
  private readonly listStmt: Statement<
    [{ workspace_id: string; organization_id: string; document_id: string | null }],
    ActivityRow
  >;

  constructor(db: Database) {
    // Writing an id again replaces the activity, wherever it was; it keeps its creation time.
    this.upsertStmt = db.prepare(
      `INSERT INTO activities (workspace_id, api_key_id, organization_id, id, document_id,
         target_entity_id, action_user_id, activity, created_at, updated_at)
       VALUES (@workspace_id, @api_key_id, @organization_id, @id, @document_id,
         @target_entity_id, @action_user_id, @activity, @updated_at, @updated_at)
       ON CONFLICT (workspace_id, api_key_id, organization_id, id) DO UPDATE SET
         document_id = excluded.document_id,
         target_entity_id = excluded.target_entity_id,
         action_user_id = excluded.action_user_id,
         activity = excluded.activity,
         updated_at = excluded.updated_at`,
    );
    const filtered = `${IN_SCOPE} AND organization_id = @organization_id
      AND (@document_id IS NULL OR document_id = @document_id)
      AND (@target_entity_id IS NULL OR target_entity_id = @target_entity_id)`;
    this.matchingStmt = db.prepare(
      `SELECT id FROM activities WHERE ${filtered} ORDER BY created_at, rowid`,
    );
    this.deleteStmt = db.prepare(`DELETE FROM activities WHERE ${filtered} AND id = @id`);
    this.listStmt = db.prepare(
      `SELECT * FROM activities
       WHERE workspace_id = @workspace_id AND organization_id = @organization_id
         AND (@document_id IS NULL OR document_id = @document_id)
       ORDER BY created_at, rowid`,
    );
  }

  /** Adds the activity, or replaces the one with its id. */
  put(scope: Scope, entry: Omit<ActivityRecord, 'createdAt' | 'updatedAt'>, now: number): void {
    this.upsertStmt.run({
      ...scopeParams(scope),
      organization_id: entry.organizationId,
      id: entry.id,
      document_id: entry.documentId,
      target_entity_id: entry.targetEntityId,
      action_user_id: entry.actionUserId,
      activity: JSON.stringify(entry.activity),
      updated_at: now,
    });
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
    return this.listStmt
      .all({
        workspace_id: workspaceId,
        organization_id: organizationId,
        document_id: documentId ?? null,
      })
      .map(fromRow);
  }
}

function filtered(scope: Scope, organizationId: string, filter: ActivityFilter): Filtered {
  return {
    ...scopeParams(scope),
    organization_id: organizationId,
    document_id: filter.documentId ?? null,
    target_entity_id: filter.targetEntityId ?? null,
  };
}
