import type { Database, Statement } from './sqlite.js';
import { flag, tableColumns } from './columns.js';
import { KeysetPages, type ListKey } from './keyset.js';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

export interface OrganizationRecord {
  id: string;
  name: string;
  disabled: boolean;
}

const organizationColumns = tableColumns<OrganizationRecord>({
  id: 'id',
  name: 'name',
  disabled: flag('disabled'),
});

type ById = ScopeParams & { id: string };
type PageParams = ScopeParams & { ids?: string };

/** Which organizations the read of organizations (op 115) selects; absent: all. */
export interface OrganizationFilter {
  ids?: readonly string[] | undefined;
}

/** The `organizations` table. */
export class OrganizationTable {
  readonly insert: (scope: Scope, org: OrganizationRecord) => void;
  private readonly byId: RecordQuery<[ById], OrganizationRecord>;
  private readonly renameStmt: Statement<[ById & { name: string }]>;
  private readonly setDisabledStmt: Statement<[ById & { disabled: number }]>;
  private readonly deleteStmt: Statement<[ById]>;
  private readonly pages: KeysetPages<PageParams, OrganizationRecord>;

  constructor(db: Database) {
    const organizations = new RecordTable(db, 'organizations', organizationColumns);
    this.insert = organizations.scopedInsert();
    this.byId = organizations.select(`WHERE ${IN_SCOPE} AND id = @id`);
    this.renameStmt = db.prepare(
      `UPDATE organizations SET name = @name WHERE ${IN_SCOPE} AND id = @id`,
    );
    this.setDisabledStmt = db.prepare(
      `UPDATE organizations SET disabled = @disabled WHERE ${IN_SCOPE} AND id = @id`,
    );
    this.deleteStmt = db.prepare(`DELETE FROM organizations WHERE ${IN_SCOPE} AND id = @id`);
    this.pages = new KeysetPages(
      db,
      organizationColumns,
      `SELECT ${organizationColumns.names.join(', ')} FROM organizations`,
      ['id'],
    );
  }

  /** Up to `limit` of the scope's organizations the filter selects, by id, after `after`. */
  page(
    scope: Scope,
    filter: OrganizationFilter,
    after: ListKey | undefined,
    limit: number,
  ): OrganizationRecord[] {
    const conditions = [IN_SCOPE];
    const params: PageParams = scopeParams(scope);
    if (filter.ids !== undefined) {
      conditions.push('id IN (SELECT value FROM json_each(@ids))');
      params.ids = JSON.stringify(filter.ids);
    }
    return this.pages.page(conditions, params, 'asc', after, limit);
  }

  find(scope: Scope, id: string): OrganizationRecord | undefined {
    return this.byId.get({ ...scopeParams(scope), id });
  }

  /**
   * The organization, created enabled and named after its id when it does not exist yet:
   * the service creates organizations on first use.
   */
  ensure(scope: Scope, id: string): OrganizationRecord {
    const found = this.find(scope, id);
    if (found) return found;
    const created = { id, name: id, disabled: false };
    this.insert(scope, created);
    return created;
  }

  /** False when there is no such organization. */
  rename(scope: Scope, id: string, name: string): boolean {
    return this.renameStmt.run({ ...scopeParams(scope), id, name }).changes > 0;
  }

  /** False when there is no such organization. */
  setDisabled(scope: Scope, id: string, disabled: boolean): boolean {
    const params = { ...scopeParams(scope), id, disabled: disabled ? 1 : 0 };
    return this.setDisabledStmt.run(params).changes > 0;
  }

  /** Removes the organization and, by cascade, everything in it; false when there is none. */
  delete(scope: Scope, id: string): boolean {
    return this.deleteStmt.run({ ...scopeParams(scope), id }).changes > 0;
  }
}
