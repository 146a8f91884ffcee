import type { Database, Statement } from './sqlite.js';
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

/** A prepared SELECT of records: their columns, then the rest of the statement. */
export class RecordQuery<Params extends unknown[], R> {
  private readonly stmt: Statement<Params, SqlValue[]>;

  constructor(
    db: Database,
    private readonly columns: Columns<R>,
    rest: string,
  ) {
    this.stmt = db.prepare<Params, SqlValue[]>(`SELECT ${columns.names.join(', ')} ${rest}`).raw();
  }

  get(...params: Params): R | undefined {
    const values = this.stmt.get(...params);
    return values && this.columns.fromValues(values);
  }

  all(...params: Params): R[] {
    return this.stmt.all(...params).map(this.columns.fromValues);
  }
}

/**
 * One table's statements, built from the column map of its records. Each method prepares
 * its statement when called, so a table calls them once, in its constructor.
 */
export class RecordTable<R> {
  constructor(
    private readonly db: Database,
    private readonly name: string,
    private readonly columns: Columns<R>,
  ) {}

  /** An INSERT of records. */
  insert({ leading = [], onConflict = '' }: InsertOptions = {}): (
    record: R,
    ...leadingValues: SqlValue[]
  ) => void {
    const stmt = this.db.prepare<[SqlValue[]]>(
      `${insertSql(this.name, [...leading, ...this.columns.names])} ${onConflict}`,
    );
    return (record, ...leadingValues) => {
      stmt.run(this.columns.append(record, leadingValues));
    };
  }

  /** An INSERT of records into scoped rows. */
  scopedInsert(onConflict?: string): (scope: Scope, record: R) => void {
    const insert = this.insert({ leading: SCOPE_COLUMNS, onConflict });
    return (scope, record) => insert(record, scope.workspaceId, scope.apiKeyId);
  }

  /** A SELECT of the records that `clauses` (WHERE, ORDER BY…) pick. */
  select<Params extends unknown[]>(clauses: string): RecordQuery<Params, R> {
    return new RecordQuery(this.db, this.columns, `FROM ${this.name} ${clauses}`);
  }
}

/** A table whose rows each have an `id` unique in their organization. */
export class OrganizationRows<R> {
  readonly insert: (scope: Scope, record: R) => void;
  private readonly byId: RecordQuery<[OrganizationParams & { id: string }], R>;
  private readonly ofOrg: RecordQuery<[OrganizationParams], R>;

  constructor(db: Database, name: string, columns: Columns<R>) {
    const table = new RecordTable(db, name, columns);
    this.insert = table.scopedInsert();
    this.byId = table.select(`WHERE ${IN_ORGANIZATION} AND id = @id`);
    this.ofOrg = table.select(`WHERE ${IN_ORGANIZATION} ORDER BY rowid`);
  }

  find(scope: Scope, organizationId: string, id: string): R | undefined {
    return this.byId.get({ ...organizationParams(scope, organizationId), id });
  }

  /** Every row of the organization, in creation order. */
  ofOrganization(scope: Scope, organizationId: string): R[] {
    return this.ofOrg.all(organizationParams(scope, organizationId));
  }
}
