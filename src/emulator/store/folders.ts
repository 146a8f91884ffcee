import type { Database, Statement } from './sqlite.js';
import { accessType } from '../../catalogue/models.js';
import type { AccessType } from './access-kinds.js';
import { checked, flag, stringList, tableColumns } from './columns.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';
import { OrganizationRows } from './table-rows.js';

/** The `parentFolderId` of a top-level folder; no folder may take this id. */
export const ROOT_FOLDER_ID = 'root';

/**
 * How many levels folders may nest, a top-level folder being level 1: Google Drive's limit
 * for nested folders. Each folder carries its whole parent chain (`ancestors`), so without
 * a bound a listing grows with the square of the depth (a 3,000-deep chain lists as 34 MB).
 */
export const MAX_FOLDER_DEPTH = 100;

export interface FolderRecord {
  organizationId: string;
  id: string;
  name: string;
  /** `root` for a top-level folder. */
  parentId: string;
  /** The parent chain from `root` down to the direct parent. */
  ancestors: string[];
  /** The folder's own setting; see `inheritAccess` for whether it applies. */
  accessType: AccessType;
  inheritAccess: boolean;
  createdAt: number;
  lastUpdated: number;
}

const folderColumns = tableColumns<FolderRecord>({
  organizationId: 'organization_id',
  id: 'id',
  name: 'name',
  parentId: 'parent_id',
  ancestors: stringList('ancestors'),
  accessType: checked('access_type', accessType),
  inheritAccess: flag('inherit_access'),
  createdAt: 'created_at',
  lastUpdated: 'last_updated',
});

/** The `ancestors` of a new folder under `parent` (undefined: at the top level). */
export function ancestorsUnder(parent: FolderRecord | undefined): string[] {
  return parent ? [...parent.ancestors, parent.id] : [ROOT_FOLDER_ID];
}

type ById = OrganizationParams & { id: string };

/** The `folders` table; an organization's folders list in the order they were made. */
export class FolderTable extends OrganizationRows<FolderRecord> {
  private readonly placeStmt: Statement<
    [ById & { name: string; parent_id: string; ancestors: string; last_updated: number }]
  >;
  private readonly removeStmt: Statement<[ById]>;
  private readonly accessStmt: Statement<
    [ById & { access_type: AccessType; inherit_access: number; last_updated: number }]
  >;

  constructor(db: Database) {
    super(db, 'folders', folderColumns);
    this.placeStmt = db.prepare(
      `UPDATE folders SET name = @name, parent_id = @parent_id, ancestors = @ancestors,
         last_updated = @last_updated WHERE ${IN_ORGANIZATION} AND id = @id`,
    );
    this.removeStmt = db.prepare(`DELETE FROM folders WHERE ${IN_ORGANIZATION} AND id = @id`);
    this.accessStmt = db.prepare(
      `UPDATE folders SET access_type = @access_type, inherit_access = @inherit_access,
         last_updated = @last_updated WHERE ${IN_ORGANIZATION} AND id = @id`,
    );
  }

  /** Writes a folder's name, parent and ancestors, as changed by a rename or a move. */
  place(scope: Scope, folder: FolderRecord, now: number): void {
    this.placeStmt.run({
      ...organizationParams(scope, folder.organizationId),
      id: folder.id,
      name: folder.name,
      parent_id: folder.parentId,
      ancestors: JSON.stringify(folder.ancestors),
      last_updated: now,
    });
  }

  remove(scope: Scope, organizationId: string, id: string): void {
    this.removeStmt.run({ ...organizationParams(scope, organizationId), id });
  }

  /** A folder's own access type, or (`inherit`) its parent's from now on. */
  setAccess(
    scope: Scope,
    organizationId: string,
    id: string,
    accessType: AccessType,
    inherit: boolean,
    now: number,
  ): void {
    this.accessStmt.run({
      ...organizationParams(scope, organizationId),
      id,
      access_type: accessType,
      inherit_access: inherit ? 1 : 0,
      last_updated: now,
    });
  }
}
