import type { Database, Statement } from 'better-sqlite3';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

export interface OrganizationRecord {
  id: string;
  name: string;
  disabled: boolean;
}

interface OrganizationRow {
  id: string;
  name: string;
  disabled: number;
}

type ById = ScopeParams & { id: string };

function fromRow(row: OrganizationRow): OrganizationRecord {
  return { id: row.id, name: row.name, disabled: row.disabled === 1 };
}

/** The `organizations` table. */
export class OrganizationTable {
  private readonly insertStmt: Statement<[ById & { name: string; disabled: number }]>;
  private readonly byIdStmt: Statement<[ById], OrganizationRow>;
  private readonly renameStmt: Statement<[ById & { name: string }]>;
  private readonly setDisabledStmt: Statement<[ById & { disabled: number }]>;
  private readonly deleteStmt: Statement<[ById]>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO organizations (workspace_id, api_key_id, id, name, disabled)
       VALUES (@workspace_id, @api_key_id, @id, @name, @disabled)`,
    );
    this.byIdStmt = db.prepare(
      `SELECT id, name, disabled FROM organizations WHERE ${IN_SCOPE} AND id = @id`,
    );
    this.renameStmt = db.prepare(
      `UPDATE organizations SET name = @name WHERE ${IN_SCOPE} AND id = @id`,
    );
    this.setDisabledStmt = db.prepare(
      `UPDATE organizations SET disabled = @disabled WHERE ${IN_SCOPE} AND id = @id`,
    );
    this.deleteStmt = db.prepare(`DELETE FROM organizations WHERE ${IN_SCOPE} AND id = @id`);
  }

  insert(scope: Scope, org: OrganizationRecord): void {
    this.insertStmt.run({
      ...scopeParams(scope),
      id: org.id,
      name: org.name,
      disabled: org.disabled ? 1 : 0,
    });
  }

  find(scope: Scope, id: string): OrganizationRecord | undefined {
    const row = this.byIdStmt.get({ ...scopeParams(scope), id });
    return row && fromRow(row);
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

  /** Removes the organization and, by cascade, everything in it. */
  delete(scope: Scope, id: string): void {
    this.deleteStmt.run({ ...scopeParams(scope), id });
  }
}
