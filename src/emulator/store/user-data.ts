import type { Database, Statement } from 'better-sqlite3';
import {
  IN_ORGANIZATION,
  IN_SCOPE,
  type OrganizationParams,
  organizationParams,
  type Scope,
  type ScopeParams,
  scopeParams,
} from './scope.js';

/** A table with rows that belong to a user of an organization. */
export interface UserKeyedTable {
  table: string;
  /** The column naming the user whose data the row is. */
  column: string;
}

/**
 * Every table holding a user's data in an organization: what a user-data deletion (spec
 * op 16) removes, and where it looks for the organizations a user appears in. Mentions that
 * tagged a user, and activities and notifications a user created, join here with the column
 * naming that user once the store has them; a test fails while a `…user_id` column of any
 * table is missing from this list. Each table has the scope columns and `organization_id`.
 */
export const USER_KEYED_TABLES: readonly UserKeyedTable[] = [
  // Their access to the organization, its folders and documents.
  { table: 'access_grants', column: 'user_id' },
  // Their entry in the organization's (mention) contact list.
  { table: 'organization_users', column: 'user_id' },
  // Notifications they caused, their entries among other notifications' recipients, and
  // their notification settings.
  { table: 'notifications', column: 'action_user_id' },
  { table: 'notification_recipients', column: 'user_id' },
  { table: 'notification_configs', column: 'user_id' },
  // Activities they did, and their entries in documents' presence lists.
  { table: 'activities', column: 'action_user_id' },
  { table: 'presence', column: 'user_id' },
];

type UsersParams = ScopeParams & { user_ids: string };
type InOrgParams = UsersParams & OrganizationParams;

/** The users' rows are matched against a JSON array, so one statement serves any list. */
const OF_USERS = (column: string) => `"${column}" IN (SELECT value FROM json_each(@user_ids))`;

/** Users' rows across every user-keyed table. */
export class UserData {
  private readonly organizationsStmt: Statement<[UsersParams], { organization_id: string }>;
  private readonly eraseSteps: Statement<[InOrgParams]>[];

  constructor(db: Database) {
    const appearances = USER_KEYED_TABLES.map(
      ({ table, column }) =>
        `SELECT organization_id FROM "${table}" WHERE ${IN_SCOPE} AND ${OF_USERS(column)}`,
    );
    // UNION also removes the duplicates.
    this.organizationsStmt = db.prepare(`${appearances.join(' UNION ')} ORDER BY organization_id`);
    this.eraseSteps = USER_KEYED_TABLES.map(({ table, column }) =>
      db.prepare(`DELETE FROM "${table}" WHERE ${IN_ORGANIZATION} AND ${OF_USERS(column)}`),
    );
  }

  /** The organizations of the scope where any of the users has data, by id. */
  organizationsOf(scope: Scope, userIds: readonly string[]): string[] {
    const params = { ...scopeParams(scope), user_ids: JSON.stringify(userIds) };
    return this.organizationsStmt.all(params).map((row) => row.organization_id);
  }

  /** Removes the users' data in one organization. */
  erase(scope: Scope, organizationId: string, userIds: readonly string[]): void {
    const params = {
      ...organizationParams(scope, organizationId),
      user_ids: JSON.stringify(userIds),
    };
    for (const step of this.eraseSteps) step.run(params);
  }
}
