import type { Database, Statement } from 'better-sqlite3';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

export type LiveStateJson = Record<string, unknown>;

export interface LiveStateRecord {
  organizationId: string;
  documentId: string;
  id: string;
  state: LiveStateJson;
  updatedAt: number;
}

interface LiveStateRow {
  organization_id: string;
  document_id: string;
  id: string;
  state: string;
  updated_at: number;
}

type ById = ScopeParams & { organization_id: string; document_id: string; id: string };

function fromRow(row: LiveStateRow): LiveStateRecord {
  return {
    organizationId: row.organization_id,
    documentId: row.document_id,
    id: row.id,
    state: JSON.parse(row.state) as LiveStateJson,
    updatedAt: row.updated_at,
  };
}

/** The `live_states` table: a document's live-state objects by `liveStateDataId`. */
export class LiveStateTable {
  private readonly getStmt: Statement<[ById], { state: string }>;
  private readonly putStmt: Statement<[ById & { state: string; updated_at: number }]>;
  private readonly listStmt: Statement<
    [{ workspace_id: string; organization_id: string; document_id: string }],
    LiveStateRow
  >;

  constructor(db: Database) {
    this.getStmt = db.prepare(
      `SELECT state FROM live_states
       WHERE ${IN_SCOPE} AND organization_id = @organization_id AND document_id = @document_id
         AND id = @id`,
    );
    this.putStmt = db.prepare(
      `INSERT INTO live_states (workspace_id, api_key_id, organization_id, document_id, id,
         state, updated_at)
       VALUES (@workspace_id, @api_key_id, @organization_id, @document_id, @id,
         @state, @updated_at)
       ON CONFLICT (workspace_id, api_key_id, organization_id, document_id, id)
       DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
    );
    this.listStmt = db.prepare(
      `SELECT * FROM live_states
       WHERE workspace_id = @workspace_id AND organization_id = @organization_id
         AND document_id = @document_id
       ORDER BY rowid`,
    );
  }

  get(
    scope: Scope,
    organizationId: string,
    documentId: string,
    id: string,
  ): LiveStateJson | undefined {
    const row = this.getStmt.get({
      ...scopeParams(scope),
      organization_id: organizationId,
      document_id: documentId,
      id,
    });
    return row && (JSON.parse(row.state) as LiveStateJson);
  }

  put(
    scope: Scope,
    organizationId: string,
    documentId: string,
    id: string,
    state: LiveStateJson,
    now: number,
  ): void {
    this.putStmt.run({
      ...scopeParams(scope),
      organization_id: organizationId,
      document_id: documentId,
      id,
      state: JSON.stringify(state),
      updated_at: now,
    });
  }

  /** A workspace's live states of one document. */
  list(workspaceId: string, organizationId: string, documentId: string): LiveStateRecord[] {
    return this.listStmt
      .all({ workspace_id: workspaceId, organization_id: organizationId, document_id: documentId })
      .map(fromRow);
  }
}
