import type { Database, Statement } from './sqlite.js';
import { type Coded, type Columns, json, tableColumns } from './columns.js';
import type { OrganizationParams, Scope, WorkspaceDocumentParams } from './scope.js';
import {
  IN_ORGANIZATION,
  IN_WORKSPACE_DOCUMENT,
  organizationParams,
  workspaceDocumentParams,
} from './scope.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

/** A JSON value a document keeps under a key of its own. */
export interface DocumentValue<V> {
  organizationId: string;
  documentId: string;
  key: string;
  value: V;
  updatedAt: number;
}

/** Where a table of document values keeps the key and the value. */
export interface ValueColumns<V> {
  key: string;
  value: string;
  /** Types the parsed JSON: only the emulator writes these tables, so it is not checked again. */
  read: (parsed: unknown) => V;
}

function valueColumns<V>(key: string, value: Coded<V, string>): Columns<DocumentValue<V>> {
  return tableColumns<DocumentValue<V>>({
    organizationId: 'organization_id',
    documentId: 'document_id',
    key,
    value,
    updatedAt: 'updated_at',
  });
}

type ByKey = OrganizationParams & { document_id: string; key: string };

/**
 * A table of JSON values kept per document and key: live states by id, presence entries by
 * user. Writing a key again replaces its value, which keeps its place in the list.
 */
export class DocumentValueTable<V> {
  private readonly valueColumn: Coded<V, string>;
  private readonly getStmt: Statement<[ByKey], { value: string }>;
  private readonly removeStmt: Statement<[ByKey]>;
  private readonly upsert: (scope: Scope, entry: DocumentValue<V>) => void;
  private readonly listQuery: RecordQuery<[WorkspaceDocumentParams], DocumentValue<V>>;

  constructor(db: Database, table: string, { key, value, read }: ValueColumns<V>) {
    this.valueColumn = json(value, read);
    this.getStmt = db.prepare(
      `SELECT ${value} AS value FROM ${table}
       WHERE ${IN_ORGANIZATION} AND document_id = @document_id AND ${key} = @key`,
    );
    this.removeStmt = db.prepare(
      `DELETE FROM ${table} WHERE ${IN_ORGANIZATION} AND document_id = @document_id AND ${key} = @key`,
    );
    const values = new RecordTable(db, table, valueColumns(key, this.valueColumn));
    this.upsert = values.scopedInsert(
      `ON CONFLICT (workspace_id, api_key_id, organization_id, document_id, ${key})
       DO UPDATE SET ${value} = excluded.${value}, updated_at = excluded.updated_at`,
    );
    this.listQuery = values.select(`WHERE ${IN_WORKSPACE_DOCUMENT} ORDER BY rowid`);
  }

  get(scope: Scope, organizationId: string, documentId: string, key: string): V | undefined {
    const params = { ...organizationParams(scope, organizationId), document_id: documentId, key };
    const row = this.getStmt.get(params);
    return row && this.valueColumn.fromColumn(row.value);
  }

  /** False when there was no value under the key. */
  remove(scope: Scope, organizationId: string, documentId: string, key: string): boolean {
    const params = { ...organizationParams(scope, organizationId), document_id: documentId, key };
    return this.removeStmt.run(params).changes > 0;
  }

  put(
    scope: Scope,
    organizationId: string,
    documentId: string,
    key: string,
    value: V,
    now: number,
  ): void {
    this.upsert(scope, { organizationId, documentId, key, value, updatedAt: now });
  }

  /** A workspace's values of one document, across its API keys, in the order first written. */
  list(workspaceId: string, organizationId: string, documentId: string): DocumentValue<V>[] {
    return this.listQuery.all(workspaceDocumentParams(workspaceId, organizationId, documentId));
  }
}
