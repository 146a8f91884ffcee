import type { Database, Statement } from 'better-sqlite3';
import { tableColumns } from './columns.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';
import { RecordTable } from './table-rows.js';

export interface UserGroupRecord {
  organizationId: string;
  id: string;
  name: string;
}

const groupColumns = tableColumns<UserGroupRecord>({
  organizationId: 'organization_id',
  id: 'id',
  name: 'name',
});

/** The `user_groups` table: an organization's user groups. */
export class UserGroupTable {
  readonly insert: (scope: Scope, group: UserGroupRecord) => void;
  private readonly nameStmt: Statement<[OrganizationParams & { id: string }], { name: string }>;

  constructor(db: Database) {
    this.insert = new RecordTable(db, 'user_groups', groupColumns).scopedInsert();
    this.nameStmt = db.prepare(
      `SELECT name FROM user_groups WHERE ${IN_ORGANIZATION} AND id = @id`,
    );
  }

  /** The group's name, or undefined when the organization has no group with that id. */
  nameOf(scope: Scope, organizationId: string, id: string): string | undefined {
    return this.nameStmt.get({ ...organizationParams(scope, organizationId), id })?.name;
  }
}
