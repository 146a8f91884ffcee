import type { Database, Statement } from 'better-sqlite3';
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

  constructor(db: Database) {
    super(db, 'documents', documentColumns);
    this.renameStmt = db.prepare(
      `UPDATE documents SET name = @name WHERE ${IN_ORGANIZATION} AND id = @id`,
    );
    this.setDisabledStmt = db.prepare(
      `UPDATE documents SET disabled = @disabled WHERE ${IN_ORGANIZATION} AND id = @id`,
    );
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
