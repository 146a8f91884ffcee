import type { Database, Statement } from 'better-sqlite3';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

/** A member of an organization; the members are its contact list. */
export interface OrganizationUserRecord {
  organizationId: string;
  userId: string;
  name: string | null;
  email: string | null;
}

type ByUser = ScopeParams & { organization_id: string; user_id: string };

/** The `organization_users` table. */
export class OrganizationUserTable {
  private readonly insertStmt: Statement<[ByUser & { name: string | null; email: string | null }]>;
  private readonly existsStmt: Statement<[ByUser], { found: number }>;
  private readonly deleteStmt: Statement<[ByUser]>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO organization_users (workspace_id, api_key_id, organization_id, user_id, name, email)
       VALUES (@workspace_id, @api_key_id, @organization_id, @user_id, @name, @email)`,
    );
    const byUser = `${IN_SCOPE} AND organization_id = @organization_id AND user_id = @user_id`;
    this.existsStmt = db.prepare(`SELECT 1 AS found FROM organization_users WHERE ${byUser}`);
    this.deleteStmt = db.prepare(`DELETE FROM organization_users WHERE ${byUser}`);
  }

  insert(scope: Scope, user: OrganizationUserRecord): void {
    this.insertStmt.run({
      ...scopeParams(scope),
      organization_id: user.organizationId,
      user_id: user.userId,
      name: user.name,
      email: user.email,
    });
  }

  isMember(scope: Scope, organizationId: string, userId: string): boolean {
    const params = { ...scopeParams(scope), organization_id: organizationId, user_id: userId };
    return this.existsStmt.get(params) !== undefined;
  }

  /** False when the user was not a member. */
  remove(scope: Scope, organizationId: string, userId: string): boolean {
    const params = { ...scopeParams(scope), organization_id: organizationId, user_id: userId };
    return this.deleteStmt.run(params).changes > 0;
  }
}
