import type { Database, Statement } from './sqlite.js';
import { crdtType } from '../../catalogue/models.js';
import type { CrdtType } from '../crdt/editor.js';
import { bytes, checked, nested, tableColumns } from './columns.js';
import type { OrganizationParams, Scope, WorkspaceDocumentParams } from './scope.js';
import {
  IN_ORGANIZATION,
  IN_WORKSPACE_DOCUMENT,
  organizationParams,
  workspaceDocumentParams,
} from './scope.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

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

const stateColumn = bytes('state');

const editorColumns = tableColumns<CrdtEditorRecord>({
  organizationId: 'organization_id',
  documentId: 'document_id',
  editorId: 'editor_id',
  type: checked('type', crdtType),
  contentKey: 'content_key',
  state: stateColumn,
});

/** What an insert writes: the editor, and when; what the read of editors answers. */
export interface WrittenEditor {
  editor: CrdtEditorRecord;
  updatedAt: number;
}

const writtenColumns = tableColumns<WrittenEditor>({
  editor: nested(editorColumns),
  updatedAt: 'updated_at',
});

type ById = OrganizationParams & { document_id: string; editor_id: string };

/** The `crdt_editors` table. */
export class CrdtEditorTable {
  private readonly insertRow: (scope: Scope, written: WrittenEditor) => void;
  private readonly byId: RecordQuery<[ById], CrdtEditorRecord>;
  private readonly setStateStmt: Statement<[ById & { state: Buffer; updated_at: number }]>;
  private readonly inWorkspace: RecordQuery<
    [WorkspaceDocumentParams & { editor_id: string }],
    CrdtEditorRecord
  >;
  private readonly ofDocumentQuery: RecordQuery<
    [OrganizationParams & { document_id: string; editor_id: string | null }],
    WrittenEditor
  >;

  constructor(db: Database) {
    const written = new RecordTable(db, 'crdt_editors', writtenColumns);
    this.insertRow = written.scopedInsert();
    this.ofDocumentQuery = written.select(
      `WHERE ${IN_ORGANIZATION} AND document_id = @document_id
         AND (@editor_id IS NULL OR editor_id = @editor_id)
       ORDER BY editor_id`,
    );
    const editors = new RecordTable(db, 'crdt_editors', editorColumns);
    const editor = 'document_id = @document_id AND editor_id = @editor_id';
    this.byId = editors.select(`WHERE ${IN_ORGANIZATION} AND ${editor}`);
    this.setStateStmt = db.prepare(
      `UPDATE crdt_editors SET state = @state, updated_at = @updated_at
       WHERE ${IN_ORGANIZATION} AND ${editor}`,
    );
    this.inWorkspace = editors.select(
      `WHERE ${IN_WORKSPACE_DOCUMENT} AND editor_id = @editor_id ORDER BY rowid`,
    );
  }

  insert(scope: Scope, editor: CrdtEditorRecord, now: number): void {
    this.insertRow(scope, { editor, updatedAt: now });
  }

  find(
    scope: Scope,
    organizationId: string,
    documentId: string,
    editorId: string,
  ): CrdtEditorRecord | undefined {
    return this.byId.get({
      ...organizationParams(scope, organizationId),
      document_id: documentId,
      editor_id: editorId,
    });
  }

  /** The document's editors by id, with when each was last written; only `editorId` if given. */
  ofDocument(
    scope: Scope,
    organizationId: string,
    documentId: string,
    editorId?: string,
  ): WrittenEditor[] {
    return this.ofDocumentQuery.all({
      ...organizationParams(scope, organizationId),
      document_id: documentId,
      editor_id: editorId ?? null,
    });
  }

  setState(scope: Scope, editor: CrdtEditorRecord, state: Uint8Array, now: number): void {
    this.setStateStmt.run({
      ...organizationParams(scope, editor.organizationId),
      document_id: editor.documentId,
      editor_id: editor.editorId,
      state: stateColumn.toColumn(state),
      updated_at: now,
    });
  }

  /** The editor in a workspace, under whichever of its API keys holds it. */
  findInWorkspace(
    workspaceId: string,
    organizationId: string,
    documentId: string,
    editorId: string,
  ): CrdtEditorRecord | undefined {
    return this.inWorkspace.get({
      ...workspaceDocumentParams(workspaceId, organizationId, documentId),
      editor_id: editorId,
    });
  }
}
