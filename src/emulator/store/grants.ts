import type { Database, Statement } from 'better-sqlite3';
import * as z from 'zod';
import { accessRole } from '../../catalogue/models.js';
import type { AccessRole } from './access-kinds.js';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

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

interface GrantRow {
  organization_id: string;
  user_id: string;
  resource_kind: string;
  resource_id: string;
  role: string;
  expires_at: number | null;
  access_fields: string;
}

type ByUser = ScopeParams & { organization_id: string; user_id: string };
type ByResource = ByUser & { resource_kind: ResourceKind; resource_id: string };

const resourceKind = z.enum(['organization', 'folder', 'document']);
const fieldList = z.array(z.string());

function fromRow(row: GrantRow): GrantRecord {
  return {
    organizationId: row.organization_id,
    userId: row.user_id,
    resource: { kind: resourceKind.parse(row.resource_kind), id: row.resource_id },
    role: accessRole.parse(row.role),
    expiresAt: row.expires_at,
    accessFields: fieldList.parse(JSON.parse(row.access_fields)),
  };
}

/** The `access_grants` table: at most one grant per user and resource. */
export class GrantTable {
  private readonly insertStmt: Statement<[GrantRow & ScopeParams]>;
  private readonly ofUserStmt: Statement<[ByUser], GrantRow>;
  private readonly deleteOfUserStmt: Statement<[ByUser]>;
  private readonly deleteOnStmt: Statement<[ByResource]>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO access_grants (workspace_id, api_key_id, organization_id, user_id,
         resource_kind, resource_id, role, expires_at, access_fields)
       VALUES (@workspace_id, @api_key_id, @organization_id, @user_id,
         @resource_kind, @resource_id, @role, @expires_at, @access_fields)`,
    );
    const byUser = `${IN_SCOPE} AND organization_id = @organization_id AND user_id = @user_id`;
    this.ofUserStmt = db.prepare(`SELECT * FROM access_grants WHERE ${byUser} ORDER BY rowid`);
    this.deleteOfUserStmt = db.prepare(`DELETE FROM access_grants WHERE ${byUser}`);
    this.deleteOnStmt = db.prepare(
      `DELETE FROM access_grants
       WHERE ${byUser} AND resource_kind = @resource_kind AND resource_id = @resource_id`,
    );
  }

  insert(scope: Scope, grant: GrantRecord): void {
    this.insertStmt.run({
      ...scopeParams(scope),
      organization_id: grant.organizationId,
      user_id: grant.userId,
      resource_kind: grant.resource.kind,
      resource_id: grant.resource.id,
      role: grant.role,
      expires_at: grant.expiresAt,
      access_fields: JSON.stringify(grant.accessFields),
    });
  }

  /** Every grant of the user in the organization, expired ones included. */
  ofUser(scope: Scope, organizationId: string, userId: string): GrantRecord[] {
    const params = { ...scopeParams(scope), organization_id: organizationId, user_id: userId };
    return this.ofUserStmt.all(params).map(fromRow);
  }

  /** Removes every grant of the user in the organization; how many there were. */
  removeAllOf(scope: Scope, organizationId: string, userId: string): number {
    const params = { ...scopeParams(scope), organization_id: organizationId, user_id: userId };
    return this.deleteOfUserStmt.run(params).changes;
  }

  /** Removes the user's grant on one resource; how many there were (0 or 1). */
  removeOn(scope: Scope, organizationId: string, userId: string, resource: ResourceRef): number {
    return this.deleteOnStmt.run({
      ...scopeParams(scope),
      organization_id: organizationId,
      user_id: userId,
      resource_kind: resource.kind,
      resource_id: resource.id,
    }).changes;
  }
}
