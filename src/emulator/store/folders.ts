import type { Database } from 'better-sqlite3';
import { accessType } from '../../catalogue/models.js';
import type { AccessType } from './access-kinds.js';
import { checked, flag, stringList, tableColumns } from './columns.js';
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

/** The `folders` table; an organization's folders list parents before their children. */
export class FolderTable extends OrganizationRows<FolderRecord> {
  constructor(db: Database) {
    super(db, 'folders', folderColumns);
  }
}
