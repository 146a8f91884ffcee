import type { Database, Statement } from 'better-sqlite3';
import * as z from 'zod';
import { accessType } from '../../catalogue/models.js';
import type { AccessType } from './access-kinds.js';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

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

interface FolderRow {
  organization_id: string;
  id: string;
  name: string;
  parent_id: string;
  ancestors: string;
  access_type: string;
  inherit_access: number;
  created_at: number;
  last_updated: number;
}

type InOrg = ScopeParams & { organization_id: string };

const ancestorList = z.array(z.string());

function fromRow(row: FolderRow): FolderRecord {
  return {
    organizationId: row.organization_id,
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    ancestors: ancestorList.parse(JSON.parse(row.ancestors)),
    accessType: accessType.parse(row.access_type),
    inheritAccess: row.inherit_access === 1,
    createdAt: row.created_at,
    lastUpdated: row.last_updated,
  };
}

/** The `ancestors` of a new folder under `parent` (undefined: at the top level). */
export function ancestorsUnder(parent: FolderRecord | undefined): string[] {
  return parent ? [...parent.ancestors, parent.id] : [ROOT_FOLDER_ID];
}

/** The `folders` table. */
export class FolderTable {
  private readonly insertStmt: Statement<[FolderRow & ScopeParams]>;
  private readonly byIdStmt: Statement<[InOrg & { id: string }], FolderRow>;
  private readonly ofOrgStmt: Statement<[InOrg], FolderRow>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO folders (workspace_id, api_key_id, organization_id, id, name, parent_id,
         ancestors, access_type, inherit_access, created_at, last_updated)
       VALUES (@workspace_id, @api_key_id, @organization_id, @id, @name, @parent_id,
         @ancestors, @access_type, @inherit_access, @created_at, @last_updated)`,
    );
    this.byIdStmt = db.prepare(
      `SELECT * FROM folders WHERE ${IN_SCOPE} AND organization_id = @organization_id AND id = @id`,
    );
    this.ofOrgStmt = db.prepare(
      `SELECT * FROM folders WHERE ${IN_SCOPE} AND organization_id = @organization_id
       ORDER BY rowid`,
    );
  }

  insert(scope: Scope, folder: FolderRecord): void {
    this.insertStmt.run({
      ...scopeParams(scope),
      organization_id: folder.organizationId,
      id: folder.id,
      name: folder.name,
      parent_id: folder.parentId,
      ancestors: JSON.stringify(folder.ancestors),
      access_type: folder.accessType,
      inherit_access: folder.inheritAccess ? 1 : 0,
      created_at: folder.createdAt,
      last_updated: folder.lastUpdated,
    });
  }

  find(scope: Scope, organizationId: string, id: string): FolderRecord | undefined {
    const row = this.byIdStmt.get({ ...scopeParams(scope), organization_id: organizationId, id });
    return row && fromRow(row);
  }

  /** Every folder of the organization, in creation order, so parents come before children. */
  ofOrganization(scope: Scope, organizationId: string): FolderRecord[] {
    return this.ofOrgStmt
      .all({ ...scopeParams(scope), organization_id: organizationId })
      .map(fromRow);
  }
}
