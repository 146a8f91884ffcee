import type { Database, Statement } from './sqlite.js';
import { tableColumns } from './columns.js';
import { KeysetPages, type ListKey } from './keyset.js';
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

/** A user as the read of users (op 111) lists them: name and email where the list has them. */
export interface ListedUser {
  userId: string;
  name: string | null;
  email: string | null;
}

/** Where a listed user's members are kept; the user-data export (113) reads them so too. */
export const listedColumns = tableColumns<ListedUser>({
  userId: 'user_id',
  name: 'name',
  email: 'email',
});

/** Where the users of a read of users come from. */
export type UserSource =
  /** The organization's own users. */
  | { kind: 'organization' }
  /** Users holding a grant, not expired at `nowSeconds`, on one of these resources. */
  | {
      kind: 'resources';
      documentIds: readonly string[];
      folderIds: readonly string[];
      nowSeconds: number;
    }
  /** Users holding a grant, not expired at `nowSeconds`, on any document of the organization. */
  | { kind: 'allDocuments'; nowSeconds: number };

type ListParams = OrganizationParams & {
  user_ids?: string;
  group_ids?: string;
  document_ids?: string;
  folder_ids?: string;
  now_seconds?: number;
};

/** Users holding grants, each once, with their name and email where the organization lists them. */
const GRANTEES = `SELECT DISTINCT g.user_id, m.name, m.email FROM access_grants g
  LEFT JOIN organization_users m ON m.workspace_id = g.workspace_id
    AND m.api_key_id = g.api_key_id AND m.organization_id = g.organization_id
    AND m.user_id = g.user_id`;
const GRANTS_IN_ORGANIZATION =
  'g.workspace_id = @workspace_id AND g.api_key_id = @api_key_id AND g.organization_id = @organization_id';
const LIVE_GRANT = '(g.expires_at IS NULL OR g.expires_at >= @now_seconds)';

/** The `organization_users` table. */
export class OrganizationUserTable {
  readonly insert: (scope: Scope, user: OrganizationUserRecord) => void;
  private readonly existsStmt: Statement<[ByUser], { found: number }>;
  /** The user, added or with the name and email given replacing the stored ones. */
  readonly put: (scope: Scope, user: OrganizationUserRecord) => void;
  private readonly deleteStmt: Statement<[ByUser]>;
  private readonly memberPages: KeysetPages<ListParams, ListedUser>;
  private readonly granteePages: KeysetPages<ListParams, ListedUser>;

  constructor(db: Database) {
    const users = new RecordTable(db, 'organization_users', userColumns);
    this.insert = users.scopedInsert();
    this.put = users.scopedInsert(
      `ON CONFLICT (workspace_id, api_key_id, organization_id, user_id) DO UPDATE SET
         name = coalesce(excluded.name, name), email = coalesce(excluded.email, email)`,
    );
    const byUser = `${IN_ORGANIZATION} AND user_id = @user_id`;
    this.existsStmt = db.prepare(`SELECT 1 AS found FROM organization_users WHERE ${byUser}`);
    this.deleteStmt = db.prepare(`DELETE FROM organization_users WHERE ${byUser}`);
    this.memberPages = new KeysetPages(
      db,
      listedColumns,
      'SELECT user_id, name, email FROM organization_users',
      ['user_id'],
    );
    this.granteePages = new KeysetPages(db, listedColumns, GRANTEES, ['g.user_id']);
  }

  /**
   * Up to `limit` users of the source, by user id, after `after`; only those of `userIds`
   * when it is given.
   */
  page(
    scope: Scope,
    organizationId: string,
    source: UserSource,
    userIds: readonly string[] | undefined,
    after: ListKey | undefined,
    limit: number,
    groupIds?: readonly string[],
  ): ListedUser[] {
    const params: ListParams = organizationParams(scope, organizationId);
    if (userIds !== undefined) params.user_ids = JSON.stringify(userIds);
    if (groupIds !== undefined) params.group_ids = JSON.stringify(groupIds);
    const listed = 'IN (SELECT value FROM json_each(@user_ids))';
    // Members of any of the groups: a filter on whichever users the source gives.
    const inGroups = `IN (SELECT user_id FROM user_group_members WHERE ${IN_ORGANIZATION}
      AND group_id IN (SELECT value FROM json_each(@group_ids)))`;
    if (source.kind === 'organization') {
      const conditions = [IN_ORGANIZATION];
      if (userIds !== undefined) conditions.push(`user_id ${listed}`);
      if (groupIds !== undefined) conditions.push(`user_id ${inGroups}`);
      return this.memberPages.page(conditions, params, 'asc', after, limit);
    }
    params.now_seconds = source.nowSeconds;
    const conditions = [GRANTS_IN_ORGANIZATION, LIVE_GRANT];
    if (source.kind === 'resources') {
      params.document_ids = JSON.stringify(source.documentIds);
      params.folder_ids = JSON.stringify(source.folderIds);
      conditions.push(
        `((g.resource_kind = 'document'
            AND g.resource_id IN (SELECT value FROM json_each(@document_ids)))
          OR (g.resource_kind = 'folder'
            AND g.resource_id IN (SELECT value FROM json_each(@folder_ids))))`,
      );
    } else {
      conditions.push(
        `g.resource_kind = 'document' AND EXISTS (SELECT 1 FROM documents d
           WHERE d.workspace_id = g.workspace_id AND d.api_key_id = g.api_key_id
             AND d.organization_id = g.organization_id AND d.id = g.resource_id)`,
      );
    }
    if (userIds !== undefined) conditions.push(`g.user_id ${listed}`);
    if (groupIds !== undefined) conditions.push(`g.user_id ${inGroups}`);
    return this.granteePages.page(conditions, params, 'asc', after, limit);
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
