import type { Database, Statement } from 'better-sqlite3';
import { tableColumns } from './columns.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';
import { RecordTable } from './table-rows.js';

/** A member of an organization; the members are its contact list. */
export interface OrganizationUserRecord {
  organizationId: string;
  userId: string;
  name: string | null;
  email: string | null;
}

const userColumns = tableColumns<OrganizationUserRecord>({
  organizationId: 'organization_id',
  userId: 'user_id',
  name: 'name',
  email: 'email',
});

type ByUser = OrganizationParams & { user_id: string };

/** The `organization_users` table. */
export class OrganizationUserTable {
  readonly insert: (scope: Scope, user: OrganizationUserRecord) => void;
  private readonly existsStmt: Statement<[ByUser], { found: number }>;
  private readonly deleteStmt: Statement<[ByUser]>;

  constructor(db: Database) {
    this.insert = new RecordTable(db, 'organization_users', userColumns).scopedInsert();
    const byUser = `${IN_ORGANIZATION} AND user_id = @user_id`;
    this.existsStmt = db.prepare(`SELECT 1 AS found FROM organization_users WHERE ${byUser}`);
    this.deleteStmt = db.prepare(`DELETE FROM organization_users WHERE ${byUser}`);
  }

  isMember(scope: Scope, organizationId: string, userId: string): boolean {
    const params = { ...organizationParams(scope, organizationId), user_id: userId };
    return this.existsStmt.get(params) !== undefined;
  }

  /** False when the user was not a member. */
  remove(scope: Scope, organizationId: string, userId: string): boolean {
    const params = { ...organizationParams(scope, organizationId), user_id: userId };
    return this.deleteStmt.run(params).changes > 0;
  }
}
