import type { Database, Statement } from './sqlite.js';
import {
  IN_ORGANIZATION,
  IN_SCOPE,
  type OrganizationParams,
  organizationParams,
  type Scope,
  type ScopeParams,
  scopeParams,
} from './scope.js';
import { USER_KEYED_TABLES } from './keyed-tables.js';

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
