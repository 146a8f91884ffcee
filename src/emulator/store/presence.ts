import type { Database, Statement } from 'better-sqlite3';
import { type Scope, type ScopeParams, scopeParams } from './scope.js';

/** A user on a document's presence list (spec "Presence user"), as last added. */
export type PresenceUserJson = Record<string, unknown> & { userId: string };

interface PresenceRow {
  organization_id: string;
  document_id: string;
  user_id: string;
  user: string;
  updated_at: number;
}

/** The `presence` table: one entry per user and document. */
export class PresenceTable {
  private readonly upsertStmt: Statement<[PresenceRow & ScopeParams]>;
  private readonly listStmt: Statement<
    [{ workspace_id: string; organization_id: string; document_id: string }],
    { user: string }
  >;

  constructor(db: Database) {
    // A user added again keeps their place in the list; their entry is the latest one sent.
    this.upsertStmt = db.prepare(
      `INSERT INTO presence (workspace_id, api_key_id, organization_id, document_id, user_id,
         user, updated_at)
       VALUES (@workspace_id, @api_key_id, @organization_id, @document_id, @user_id,
         @user, @updated_at)
       ON CONFLICT (workspace_id, api_key_id, organization_id, document_id, user_id)
       DO UPDATE SET user = excluded.user, updated_at = excluded.updated_at`,
    );
    this.listStmt = db.prepare(
      `SELECT user FROM presence
       WHERE workspace_id = @workspace_id AND organization_id = @organization_id
         AND document_id = @document_id
       ORDER BY rowid`,
    );
  }

  put(
    scope: Scope,
    organizationId: string,
    documentId: string,
    user: PresenceUserJson,
    now: number,
  ): void {
    this.upsertStmt.run({
      ...scopeParams(scope),
      organization_id: organizationId,
      document_id: documentId,
      user_id: user.userId,
      user: JSON.stringify(user),
      updated_at: now,
    });
  }

  /** A workspace's presence list of one document, in the order users first came. */
  list(workspaceId: string, organizationId: string, documentId: string): PresenceUserJson[] {
    return this.listStmt
      .all({ workspace_id: workspaceId, organization_id: organizationId, document_id: documentId })
      .map((row) => JSON.parse(row.user) as PresenceUserJson);
  }
}
