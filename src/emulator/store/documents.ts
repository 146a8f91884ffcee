import type { Database, Statement } from 'better-sqlite3';
import { accessType } from '../../catalogue/models.js';
import type { AccessType } from './access-kinds.js';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

export interface DocumentRecord {
  organizationId: string;
  id: string;
  name: string | null;
  folderId: string | null;
  /** Null: the document inherits from its folder (or is `public` outside folders). */
  accessType: AccessType | null;
  disabled: boolean;
}

interface DocumentRow {
  organization_id: string;
  id: string;
  name: string | null;
  folder_id: string | null;
  access_type: string | null;
  disabled: number;
}

type InOrg = ScopeParams & { organization_id: string };
type ById = InOrg & { id: string };

function fromRow(row: DocumentRow): DocumentRecord {
  return {
    organizationId: row.organization_id,
    id: row.id,
    name: row.name,
    folderId: row.folder_id,
    accessType: row.access_type === null ? null : accessType.parse(row.access_type),
    disabled: row.disabled === 1,
  };
}

/** The `documents` table. */
export class DocumentTable {
  private readonly insertStmt: Statement<[DocumentRow & ScopeParams]>;
  private readonly byIdStmt: Statement<[ById], DocumentRow>;
  private readonly ofOrgStmt: Statement<[InOrg], DocumentRow>;
  private readonly renameStmt: Statement<[ById & { name: string }]>;
  private readonly setDisabledStmt: Statement<[ById & { disabled: number }]>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO documents (workspace_id, api_key_id, organization_id, id, name, folder_id,
         access_type, disabled)
       VALUES (@workspace_id, @api_key_id, @organization_id, @id, @name, @folder_id,
         @access_type, @disabled)`,
    );
    const inOrg = `${IN_SCOPE} AND organization_id = @organization_id`;
    this.byIdStmt = db.prepare(`SELECT * FROM documents WHERE ${inOrg} AND id = @id`);
    this.ofOrgStmt = db.prepare(`SELECT * FROM documents WHERE ${inOrg} ORDER BY rowid`);
    this.renameStmt = db.prepare(`UPDATE documents SET name = @name WHERE ${inOrg} AND id = @id`);
    this.setDisabledStmt = db.prepare(
      `UPDATE documents SET disabled = @disabled WHERE ${inOrg} AND id = @id`,
    );
  }

  insert(scope: Scope, doc: DocumentRecord): void {
    this.insertStmt.run({
      ...scopeParams(scope),
      organization_id: doc.organizationId,
      id: doc.id,
      name: doc.name,
      folder_id: doc.folderId,
      access_type: doc.accessType,
      disabled: doc.disabled ? 1 : 0,
    });
  }

  find(scope: Scope, organizationId: string, id: string): DocumentRecord | undefined {
    const row = this.byIdStmt.get({ ...scopeParams(scope), organization_id: organizationId, id });
    return row && fromRow(row);
  }

  /** Every document of the organization, in creation order. */
  ofOrganization(scope: Scope, organizationId: string): DocumentRecord[] {
    return this.ofOrgStmt
      .all({ ...scopeParams(scope), organization_id: organizationId })
      .map(fromRow);
  }

  /** False when there is no such document. */
  rename(scope: Scope, organizationId: string, id: string, name: string): boolean {
    const params = { ...scopeParams(scope), organization_id: organizationId, id, name };
    return this.renameStmt.run(params).changes > 0;
  }

  /** False when there is no such document. */
  setDisabled(scope: Scope, organizationId: string, id: string, disabled: boolean): boolean {
    const params = {
      ...scopeParams(scope),
      organization_id: organizationId,
      id,
      disabled: disabled ? 1 : 0,
    };
    return this.setDisabledStmt.run(params).changes > 0;
  }
}
