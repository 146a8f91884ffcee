import type { Database, Statement } from './sqlite.js';
import { accessType } from '../../catalogue/models.js';
import type { AccessType } from './access-kinds.js';
import { checked, flag, tableColumns } from './columns.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';
import { OrganizationRows } from './table-rows.js';

export interface DocumentRecord {
  organizationId: string;
  id: string;
  name: string | null;
  folderId: string | null;
  /** Null: the document inherits from its folder (or is `public` outside folders). */
  accessType: AccessType | null;
  disabled: boolean;
}

const documentColumns = tableColumns<DocumentRecord>({
  organizationId: 'organization_id',
  id: 'id',
  name: 'name',
  folderId: 'folder_id',
  accessType: checked('access_type', accessType.nullable()),
  disabled: flag('disabled'),
});

type ById = OrganizationParams & { id: string };

/** The `documents` table. */
export class DocumentTable extends OrganizationRows<DocumentRecord> {
  private readonly renameStmt: Statement<[ById & { name: string }]>;
  private readonly setDisabledStmt: Statement<[ById & { disabled: number }]>;
  private readonly moveStmt: Statement<[ById & { folder_id: string | null }]>;
  private readonly setAccessStmt: Statement<[ById & { access_type: AccessType }]>;

  constructor(db: Database) {
    super(db, 'documents', documentColumns);
    this.renameStmt = db.prepare(
      `UPDATE documents SET name = @name WHERE ${IN_ORGANIZATION} AND id = @id`,
    );
    this.setDisabledStmt = db.prepare(
      `UPDATE documents SET disabled = @disabled WHERE ${IN_ORGANIZATION} AND id = @id`,
    );
    this.moveStmt = db.prepare(
      `UPDATE documents SET folder_id = @folder_id WHERE ${IN_ORGANIZATION} AND id = @id`,
    );
    this.setAccessStmt = db.prepare(
      `UPDATE documents SET access_type = @access_type WHERE ${IN_ORGANIZATION} AND id = @id`,
    );
  }

  /** Puts the document in a folder, or (null) at the top level; false when there is none. */
  move(scope: Scope, organizationId: string, id: string, folderId: string | null): boolean {
    const params = { ...organizationParams(scope, organizationId), id, folder_id: folderId };
    return this.moveStmt.run(params).changes > 0;
  }

  /** Gives the document an access type of its own; false when there is no such document. */
  setAccessType(scope: Scope, organizationId: string, id: string, type: AccessType): boolean {
    const params = { ...organizationParams(scope, organizationId), id, access_type: type };
    return this.setAccessStmt.run(params).changes > 0;
  }

  /** False when there is no such document. */
  rename(scope: Scope, organizationId: string, id: string, name: string): boolean {
    const params = { ...organizationParams(scope, organizationId), id, name };
    return this.renameStmt.run(params).changes > 0;
  }

  /** False when there is no such document. */
  setDisabled(scope: Scope, organizationId: string, id: string, disabled: boolean): boolean {
    const params = { ...organizationParams(scope, organizationId), id, disabled: disabled ? 1 : 0 };
    return this.setDisabledStmt.run(params).changes > 0;
  }
}
