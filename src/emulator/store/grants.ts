import type { Database, Statement } from './sqlite.js';
import * as z from 'zod';
import { accessRole } from '../../catalogue/models.js';
import type { AccessRole } from './access-kinds.js';
import { checked, nested, stringList, tableColumns } from './columns.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

export type ResourceKind = 'organization' | 'folder' | 'document';

/** What a grant is on; an organization grant names the organization itself. */
export interface ResourceRef {
  kind: ResourceKind;
  id: string;
}

/** A user's explicit access to one resource of an organization. */
export interface GrantRecord {
  organizationId: string;
  userId: string;
  resource: ResourceRef;
  role: AccessRole;
  /** Unix seconds; null for a grant that does not expire. */
  expiresAt: number | null;
  /** Access-context fields, each `<fieldName>:<value>`. */
  accessFields: string[];
}

const resourceColumns = tableColumns<ResourceRef>({
  kind: checked('resource_kind', z.enum(['organization', 'folder', 'document'])),
  id: 'resource_id',
});

/** Where a grant's members are kept; the user-data export (113) reads grants by it too. */
export const grantColumns = tableColumns<GrantRecord>({
  organizationId: 'organization_id',
  userId: 'user_id',
  resource: nested(resourceColumns),
  role: checked('role', accessRole),
  expiresAt: 'expires_at',
  accessFields: stringList('access_fields'),
});

type ByUser = OrganizationParams & { user_id: string };
type ByResource = ByUser & { resource_kind: ResourceKind; resource_id: string };

/** The `access_grants` table: at most one grant per user and resource. */
export class GrantTable {
  readonly insert: (scope: Scope, grant: GrantRecord) => void;
  /** A grant, replacing the role and end of one the user holds on the resource already. */
  readonly put: (scope: Scope, grant: GrantRecord) => void;
  private readonly ofUserQuery: RecordQuery<[ByUser], GrantRecord>;
  private readonly deleteOfUserStmt: Statement<[ByUser]>;
  private readonly deleteOnStmt: Statement<[ByResource]>;
  private readonly deleteAllOnStmt: Statement<[Omit<ByResource, 'user_id'>]>;

  constructor(db: Database) {
    const grants = new RecordTable(db, 'access_grants', grantColumns);
    this.insert = grants.scopedInsert();
    this.put = grants.scopedInsert(
      `ON CONFLICT (workspace_id, api_key_id, organization_id, user_id, resource_kind, resource_id)
       DO UPDATE SET role = excluded.role, expires_at = excluded.expires_at`,
    );
    const byUser = `${IN_ORGANIZATION} AND user_id = @user_id`;
    this.ofUserQuery = grants.select(`WHERE ${byUser} ORDER BY rowid`);
    this.deleteOfUserStmt = db.prepare(`DELETE FROM access_grants WHERE ${byUser}`);
    this.deleteAllOnStmt = db.prepare(
      `DELETE FROM access_grants WHERE ${IN_ORGANIZATION}
         AND resource_kind = @resource_kind AND resource_id = @resource_id`,
    );
    this.deleteOnStmt = db.prepare(
      `DELETE FROM access_grants
       WHERE ${byUser} AND resource_kind = @resource_kind AND resource_id = @resource_id`,
    );
  }

  /** Every grant of the user in the organization, expired ones included. */
  ofUser(scope: Scope, organizationId: string, userId: string): GrantRecord[] {
    return this.ofUserQuery.all(byUser(scope, organizationId, userId));
  }

  /** Removes every grant of the user in the organization; how many there were. */
  removeAllOf(scope: Scope, organizationId: string, userId: string): number {
    return this.deleteOfUserStmt.run(byUser(scope, organizationId, userId)).changes;
  }

  /** Removes every user's grant on one resource (a folder deleted). */
  removeAllOn(scope: Scope, organizationId: string, resource: ResourceRef): void {
    this.deleteAllOnStmt.run({
      ...organizationParams(scope, organizationId),
      resource_kind: resource.kind,
      resource_id: resource.id,
    });
  }

  /** Removes the user's grant on one resource; how many there were (0 or 1). */
  removeOn(scope: Scope, organizationId: string, userId: string, resource: ResourceRef): number {
    return this.deleteOnStmt.run({
      ...byUser(scope, organizationId, userId),
      resource_kind: resource.kind,
      resource_id: resource.id,
    }).changes;
  }
}

function byUser(scope: Scope, organizationId: string, userId: string): ByUser {
  return { ...organizationParams(scope, organizationId), user_id: userId };
}
