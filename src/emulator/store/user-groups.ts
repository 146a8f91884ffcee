import type { Database, Statement } from './sqlite.js';
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

type ByMember = OrganizationParams & { group_id: string; user_id: string };

/** The `user_groups` table: an organization's user groups, and `user_group_members`. */
export class UserGroupTable {
  readonly insert: (scope: Scope, group: UserGroupRecord) => void;
  private readonly nameStmt: Statement<[OrganizationParams & { id: string }], { name: string }>;
  private readonly addMemberStmt: Statement<[ByMember]>;
  private readonly removeMemberStmt: Statement<[ByMember]>;
  private readonly membersStmt: Statement<[OrganizationParams & { group_id: string }], string>;

  constructor(db: Database) {
    this.insert = new RecordTable(db, 'user_groups', groupColumns).scopedInsert();
    this.nameStmt = db.prepare(
      `SELECT name FROM user_groups WHERE ${IN_ORGANIZATION} AND id = @id`,
    );
    this.addMemberStmt = db.prepare(
      `INSERT INTO user_group_members (workspace_id, api_key_id, organization_id, group_id, user_id)
       VALUES (@workspace_id, @api_key_id, @organization_id, @group_id, @user_id)
       ON CONFLICT DO NOTHING`,
    );
    const member = `${IN_ORGANIZATION} AND group_id = @group_id AND user_id = @user_id`;
    this.removeMemberStmt = db.prepare(`DELETE FROM user_group_members WHERE ${member}`);
    this.membersStmt = db
      .prepare<[OrganizationParams & { group_id: string }], string>(
        `SELECT user_id FROM user_group_members WHERE ${IN_ORGANIZATION} AND group_id = @group_id
         ORDER BY user_id`,
      )
      .pluck();
  }

  /** Adds a user of the organization to the group; false when they were in it already. */
  addMember(scope: Scope, organizationId: string, groupId: string, userId: string): boolean {
    return this.addMemberStmt.run(member(scope, organizationId, groupId, userId)).changes > 0;
  }

  /** False when the user was not in the group. */
  removeMember(scope: Scope, organizationId: string, groupId: string, userId: string): boolean {
    return this.removeMemberStmt.run(member(scope, organizationId, groupId, userId)).changes > 0;
  }

  /** The ids of the group's members, in order. */
  members(scope: Scope, organizationId: string, groupId: string): string[] {
    return this.membersStmt.all({
      ...organizationParams(scope, organizationId),
      group_id: groupId,
    });
  }

  /** The group's name, or undefined when the organization has no group with that id. */
  nameOf(scope: Scope, organizationId: string, id: string): string | undefined {
    return this.nameStmt.get({ ...organizationParams(scope, organizationId), id })?.name;
  }
}

function member(scope: Scope, organizationId: string, groupId: string, userId: string): ByMember {
  return { ...organizationParams(scope, organizationId), group_id: groupId, user_id: userId };
}
