import type { Database, Statement } from 'better-sqlite3';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

export interface UserGroupRecord {
  organizationId: string;
  id: string;
  name: string;
}

type ById = ScopeParams & { organization_id: string; id: string };

/** The `user_groups` table: an organization's user groups. */
export class UserGroupTable {
  private readonly insertStmt: Statement<[ById & { name: string }]>;
  private readonly nameStmt: Statement<[ById], { name: string }>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO user_groups (workspace_id, api_key_id, organization_id, id, name)
       VALUES (@workspace_id, @api_key_id, @organization_id, @id, @name)`,
    );
    this.nameStmt = db.prepare(
      `SELECT name FROM user_groups
       WHERE ${IN_SCOPE} AND organization_id = @organization_id AND id = @id`,
    );
  }

  insert(scope: Scope, group: UserGroupRecord): void {
    this.insertStmt.run({
      ...scopeParams(scope),
      organization_id: group.organizationId,
      id: group.id,
      name: group.name,
    });
  }

  /** The group's name, or undefined when the organization has no group with that id. */
  nameOf(scope: Scope, organizationId: string, id: string): string | undefined {
    const params = { ...scopeParams(scope), organization_id: organizationId, id };
    return this.nameStmt.get(params)?.name;
  }
}
