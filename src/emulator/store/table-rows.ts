import type { Database, Statement } from 'better-sqlite3';
import { type Columns, insertSql } from './columns.js';
import {
  IN_ORGANIZATION,
  organizationParams,
  SCOPE_COLUMNS,
  type OrganizationParams,
  type Scope,
} from './scope.js';
import type { SqlValue } from './state.js';

export interface InsertOptions {
  /** Columns before the record's, whose values come with each record: its scope, say. */
  leading?: readonly string[];
  /** An ON CONFLICT clause: a row that clashes updates the one there instead. */
  onConflict?: string;
}

/** Adds records to a table. The statement is prepared here, once. */
export function insertInto<R>(
  db: Database,
  table: string,
  columns: Columns<R>,
  { leading = [], onConflict = '' }: InsertOptions = {},
): (record: R, ...leadingValues: SqlValue[]) => void {
  const stmt = db.prepare<[SqlValue[]]>(
    `${insertSql(table, [...leading, ...columns.names])} ${onConflict}`,
  );
  return (record, ...leadingValues) => {
    stmt.run(columns.append(record, leadingValues));
  };
}

/** Adds records to a table of scoped rows. The statement is prepared here, once. */
export function scopedInsert<R>(
  db: Database,
  table: string,
  columns: Columns<R>,
  onConflict?: string,
): (scope: Scope, record: R) => void {
  const insert = insertInto(db, table, columns, { leading: SCOPE_COLUMNS, onConflict });
  return (scope, record) => insert(record, scope.workspaceId, scope.apiKeyId);
}

/** A prepared SELECT of records: their columns, then `from` (FROM, WHERE, ORDER BY…). */
export class RecordQuery<Params extends unknown[], R> {
  private readonly stmt: Statement<Params, SqlValue[]>;

  constructor(
    db: Database,
    private readonly columns: Columns<R>,
    from: string,
  ) {
    this.stmt = db.prepare<Params, SqlValue[]>(`SELECT ${columns.names.join(', ')} ${from}`).raw();
  }

  get(...params: Params): R | undefined {
    const values = this.stmt.get(...params);
    return values && this.columns.fromValues(values);
  }

  all(...params: Params): R[] {
    return this.stmt.all(...params).map(this.columns.fromValues);
  }
}

/** A table whose rows each have an `id` unique in their organization. */
export class OrganizationRows<R> {
  readonly insert: (scope: Scope, record: R) => void;
  private readonly byId: RecordQuery<[OrganizationParams & { id: string }], R>;
  private readonly ofOrg: RecordQuery<[OrganizationParams], R>;

  constructor(db: Database, table: string, columns: Columns<R>) {
    this.insert = scopedInsert(db, table, columns);
    this.byId = new RecordQuery(db, columns, `FROM ${table} WHERE ${IN_ORGANIZATION} AND id = @id`);
    this.ofOrg = new RecordQuery(
      db,
      columns,
      `FROM ${table} WHERE ${IN_ORGANIZATION} ORDER BY rowid`,
    );
  }

  find(scope: Scope, organizationId: string, id: string): R | undefined {
    return this.byId.get({ ...organizationParams(scope, organizationId), id });
  }

  /** Every row of the organization, in creation order. */
  ofOrganization(scope: Scope, organizationId: string): R[] {
    return this.ofOrg.all(organizationParams(scope, organizationId));
  }
}
