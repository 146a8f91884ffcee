import type { Database, Statement } from 'better-sqlite3';
import { crdtType } from '../../catalogue/models.js';
import type { CrdtType } from '../crdt/editor.js';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

/** A collaborative editor's data: its Yjs document, encoded as one update. */
export interface CrdtEditorRecord {
  organizationId: string;
  documentId: string;
  editorId: string;
  type: CrdtType;
  /** The name of the Yjs root type holding the content. */
  contentKey: string;
  state: Uint8Array;
}

interface CrdtEditorRow {
  organization_id: string;
  document_id: string;
  editor_id: string;
  type: string;
  content_key: string;
  state: Buffer;
}

type ById = ScopeParams & { organization_id: string; document_id: string; editor_id: string };

function fromRow(row: CrdtEditorRow): CrdtEditorRecord {
  return {
    organizationId: row.organization_id,
    documentId: row.document_id,
    editorId: row.editor_id,
    type: crdtType.parse(row.type),
    contentKey: row.content_key,
    state: row.state,
  };
}

const blob = (state: Uint8Array) => Buffer.from(state.buffer, state.byteOffset, state.byteLength);

/** The `crdt_editors` table. */
export class CrdtEditorTable {
  private readonly insertStmt: Statement<[CrdtEditorRow & ScopeParams & { now: number }]>;
  private readonly byIdStmt: Statement<[ById], CrdtEditorRow>;
  private readonly setStateStmt: Statement<[ById & { state: Buffer; now: number }]>;
  private readonly inWorkspaceStmt: Statement<[Omit<ById, 'api_key_id'>], CrdtEditorRow>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO crdt_editors (workspace_id, api_key_id, organization_id, document_id,
         editor_id, type, content_key, state, updated_at)
       VALUES (@workspace_id, @api_key_id, @organization_id, @document_id,
         @editor_id, @type, @content_key, @state, @now)`,
    );
    const byId = `organization_id = @organization_id AND document_id = @document_id
      AND editor_id = @editor_id`;
    this.byIdStmt = db.prepare(`SELECT * FROM crdt_editors WHERE ${IN_SCOPE} AND ${byId}`);
    this.setStateStmt = db.prepare(
      `UPDATE crdt_editors SET state = @state, updated_at = @now WHERE ${IN_SCOPE} AND ${byId}`,
    );
    this.inWorkspaceStmt = db.prepare(
      `SELECT * FROM crdt_editors WHERE workspace_id = @workspace_id AND ${byId} ORDER BY rowid`,
    );
  }

  insert(scope: Scope, editor: CrdtEditorRecord, now: number): void {
    this.insertStmt.run({
      ...scopeParams(scope),
      organization_id: editor.organizationId,
      document_id: editor.documentId,
      editor_id: editor.editorId,
      type: editor.type,
      content_key: editor.contentKey,
      state: blob(editor.state),
      now,
    });
  }

  find(
    scope: Scope,
    organizationId: string,
    documentId: string,
    editorId: string,
  ): CrdtEditorRecord | undefined {
    const row = this.byIdStmt.get({
      ...scopeParams(scope),
      organization_id: organizationId,
      document_id: documentId,
      editor_id: editorId,
    });
    return row && fromRow(row);
  }

  setState(scope: Scope, editor: CrdtEditorRecord, state: Uint8Array, now: number): void {
    this.setStateStmt.run({
      ...scopeParams(scope),
      organization_id: editor.organizationId,
      document_id: editor.documentId,
      editor_id: editor.editorId,
      state: blob(state),
      now,
    });
  }

  /** The editor in a workspace, under whichever of its API keys holds it. */
  findInWorkspace(
    workspaceId: string,
    organizationId: string,
    documentId: string,
    editorId: string,
  ): CrdtEditorRecord | undefined {
    const row = this.inWorkspaceStmt.get({
      workspace_id: workspaceId,
      organization_id: organizationId,
      document_id: documentId,
      editor_id: editorId,
    });
    return row && fromRow(row);
  }
}
