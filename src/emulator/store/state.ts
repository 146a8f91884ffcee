import { readOnlyCopy, sqliteErrorCode, type Database } from './sqlite.js';

/**
 * The whole store as rows, and back: what the export and import admin calls carry. Tables,
 * columns and which rows belong to a workspace are read from the schema itself, so a table
 * a later migration adds is carried without anyone listing it here.
 */

/** A value as the emulator's tables hold it. */
export type SqlValue = string | number | Uint8Array | null;

export interface ColumnShape {
  name: string;
  /** From the declared type: what values the column takes. */
  kind: 'text' | 'integer' | 'bytes';
  nullable: boolean;
}

export interface TableShape {
  name: string;
  columns: readonly ColumnShape[];
  /** An INTEGER PRIMARY KEY column: numbered by SQLite, one count for the whole emulator. */
  rowKey?: string;
  /** How one workspace's rows are found; absent for a table of rows of no workspace. */
  workspace?: WorkspaceScope;
}

export interface WorkspaceScope {
  /** A WHERE condition on `@workspaceId`. */
  where: string;
  /** How many references lead from the table to `workspaces`: children go deeper. */
  depth: number;
}

export interface TableRows {
  columns: string[];
  rows: SqlValue[][];
}

export interface StateRows {
  tables: Record<string, TableRows>;
  /**
   * AUTOINCREMENT counters (`sqlite_sequence`) by table, in a whole-store copy: numbers the
   * source handed out are not handed out again by the copy.
   */
  sequences?: Record<string, number>;
}

/** Rows that break the schema's rules (or belong elsewhere); nothing of them was written. */
export class RejectedRows extends Error {
  constructor(
    message: string,
    /** The rows clash with a primary key or unique value already there. */
    readonly clash = false,
  ) {
    super(message);
    this.name = 'RejectedRows';
  }
}

const WORKSPACES = 'workspaces';
const WORKSPACE_COLUMN = 'workspace_id';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

interface ForeignKeyInfo {
  id: number;
  table: string;
  from: string;
  to: string | null;
}

function kindOf(declared: string): ColumnShape['kind'] {
  const type = declared.toUpperCase();
  if (type === 'INTEGER') return 'integer';
  if (type === 'BLOB') return 'bytes';
  return 'text';
}

/**
 * How a table's rows are found by workspace: its own `workspace_id`, or a reference (one
 * column) to a table that has one, followed as far as it goes.
 */
function scopeOf(
  db: Database,
  table: string,
  seen: ReadonlySet<string>,
): WorkspaceScope | undefined {
  if (table === WORKSPACES) return { where: `"id" = @workspaceId`, depth: 0 };
  const columns = db.pragma(`table_info(${ident(table)})`) as ColumnInfo[];
  if (columns.some((c) => c.name === WORKSPACE_COLUMN)) {
    return { where: `${ident(WORKSPACE_COLUMN)} = @workspaceId`, depth: 1 };
  }
  const keys = db.pragma(`foreign_key_list(${ident(table)})`) as ForeignKeyInfo[];
  for (const key of keys) {
    const singleColumn = keys.filter((k) => k.id === key.id).length === 1;
    if (!singleColumn || key.to === null || seen.has(key.table)) continue;
    const parent = scopeOf(db, key.table, new Set([...seen, table]));
    if (!parent) continue;
    return {
      where: `${ident(key.from)} IN (SELECT ${ident(key.to)} FROM ${ident(key.table)} WHERE ${parent.where})`,
      depth: parent.depth + 1,
    };
  }
  return undefined;
}

function describeTables(db: Database): TableShape[] {
  const names = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((row) => row.name);
  return names.map((name) => {
    const info = db.pragma(`table_info(${ident(name)})`) as ColumnInfo[];
    const keyColumns = info.filter((c) => c.pk > 0);
    const [onlyKey] = keyColumns;
    const rowKey =
      keyColumns.length === 1 && onlyKey?.type.toUpperCase() === 'INTEGER'
        ? onlyKey.name
        : undefined;
    const workspace = scopeOf(db, name, new Set());
    return {
      name,
      columns: info.map((c) => ({ name: c.name, kind: kindOf(c.type), nullable: c.notnull === 0 })),
      ...(rowKey !== undefined && { rowKey }),
      ...(workspace && { workspace }),
    };
  });
}

/** A constraint failure's code (each driver has its own error class and way to say it). */
const constraintCode = (err: unknown): string | undefined => {
  const code = sqliteErrorCode(err);
  return code?.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_MISMATCH' ? code : undefined;
};

const CLASH_CODES = new Set(['SQLITE_CONSTRAINT_PRIMARYKEY', 'SQLITE_CONSTRAINT_UNIQUE']);

/** A frozen view of the store, read row by row (see StateTables.openSnapshot). */
export class StateSnapshot {
  constructor(
    private readonly db: Database,
    readonly tables: readonly TableShape[],
  ) {
    // The snapshot is taken by the first read of the transaction, here, not at BEGIN.
    db.exec('BEGIN');
    db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get();
  }

  /** A table's rows (or the workspace's), in the order written, one at a time. */
  rows(shape: TableShape, workspaceId?: string): IterableIterator<SqlValue[]> {
    const select = `SELECT ${shape.columns.map((c) => ident(c.name)).join(', ')} FROM ${ident(shape.name)}`;
    if (workspaceId === undefined) {
      return this.db.prepare<[], SqlValue[]>(`${select} ORDER BY rowid`).raw().iterate();
    }
    if (!shape.workspace) return [][Symbol.iterator]();
    return this.db
      .prepare<[{ workspaceId: string }], SqlValue[]>(
        `${select} WHERE ${shape.workspace.where} ORDER BY rowid`,
      )
      .raw()
      .iterate({ workspaceId });
  }

  /** The AUTOINCREMENT counters by table (StateRows.sequences). */
  sequences(): Record<string, number> {
    const rows = this.db
      .prepare<[], { name: string; seq: number }>('SELECT name, seq FROM sqlite_sequence')
      .all();
    return Object.fromEntries(rows.map((row) => [row.name, row.seq]));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Every table of the store, read and written whole or by workspace. */
export class StateTables {
  private shapes: TableShape[] | undefined;

  constructor(private readonly db: Database) {}

  /** The schema version (`PRAGMA user_version`) the rows are laid out by. */
  schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  tables(): readonly TableShape[] {
    this.shapes ??= describeTables(this.db);
    return this.shapes;
  }

  /** Empties every table. Only inside a transaction: references are checked at its commit. */
  clearAll(): void {
    this.db.pragma('defer_foreign_keys = ON');
    for (const { name } of this.tables()) this.db.exec(`DELETE FROM ${ident(name)}`);
  }

  /**
   * A consistent read-only view of the whole store, on a connection of its own, so that an
   * export can read it at the pace its client takes while this one goes on serving. A store
   * in memory is copied (its size, not its JSON's); a file is read in one transaction.
   * Close it when done.
   */
  openSnapshot(): StateSnapshot {
    return new StateSnapshot(readOnlyCopy(this.db), this.tables());
  }

  /**
   * Replaces the whole store with `state`, or, given `workspaceId`, that workspace only:
   * its rows removed, the state's put in, which must all be that workspace's. In one
   * transaction; throws RejectedRows, having changed nothing, when the rows break a rule.
   * One workspace's rows get new numbers in an INTEGER PRIMARY KEY column, since other
   * workspaces of this emulator may hold theirs.
   */
  replace(state: StateRows, workspaceId?: string): void {
    this.db.transaction(() => {
      if (workspaceId === undefined) this.clearAll();
      else this.clearWorkspace(workspaceId);
      for (const shape of this.tables()) {
        const given = state.tables[shape.name] ?? { columns: [], rows: [] };
        const inserted = this.insert(shape, given, workspaceId !== undefined);
        if (workspaceId !== undefined) this.checkBelongs(shape, inserted, workspaceId);
      }
      for (const [name, seq] of Object.entries(state.sequences ?? {}))
        this.raiseSequence(name, seq);
      this.checkReferences();
    })();
  }

  /** Deepest tables first: a table's filter reads the tables above it, still intact. */
  private clearWorkspace(workspaceId: string): void {
    this.db.pragma('defer_foreign_keys = ON');
    const scopes = this.tables().flatMap(({ name, workspace }) =>
      workspace ? [{ name, ...workspace }] : [],
    );
    for (const { name, where } of scopes.sort((a, b) => b.depth - a.depth)) {
      this.db.prepare(`DELETE FROM ${ident(name)} WHERE ${where}`).run({ workspaceId });
    }
  }

  /** Inserts the rows in their order; the number of rows inserted. */
  private insert(shape: TableShape, given: TableRows, renumber: boolean): number {
    const keep = given.columns.map((name) => !(renumber && name === shape.rowKey));
    const columns = given.columns.filter((_, i) => keep[i]);
    if (given.rows.length === 0) return 0;
    const statement = this.db.prepare(
      `INSERT INTO ${ident(shape.name)} (${columns.map(ident).join(', ')})
       VALUES (${columns.map(() => '?').join(', ')})`,
    );
    given.rows.forEach((row, index) => {
      try {
        statement.run(row.filter((_, i) => keep[i]));
      } catch (err) {
        const code = constraintCode(err);
        if (code === undefined) throw err;
        throw new RejectedRows(
          `tables.${shape.name}.rows[${index}]: ${(err as Error).message}`,
          CLASH_CODES.has(code),
        );
      }
    });
    return given.rows.length;
  }

  private checkBelongs(shape: TableShape, inserted: number, workspaceId: string): void {
    const found = shape.workspace
      ? (this.db
          .prepare(`SELECT count(*) FROM ${ident(shape.name)} WHERE ${shape.workspace.where}`)
          .pluck()
          .get({ workspaceId }) as number)
      : 0;
    if (found !== inserted) {
      throw new RejectedRows(
        `tables.${shape.name}: holds rows of another workspace than ${workspaceId}`,
      );
    }
    if (shape.name === WORKSPACES && inserted !== 1) {
      throw new RejectedRows(`tables.${WORKSPACES}: must hold workspace ${workspaceId}`);
    }
  }

  /** Never lowers a counter: numbers this emulator handed out are not reused either. */
  private raiseSequence(name: string, seq: number): void {
    const raised = this.db
      .prepare('UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?')
      .run(seq, name);
    if (raised.changes === 0) {
      this.db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(name, seq);
    }
  }

  private checkReferences(): void {
    const [broken] = this.db.pragma('foreign_key_check') as { table: string; parent: string }[];
    if (broken) {
      throw new RejectedRows(
        `tables.${broken.table}: a row refers to a ${broken.parent} row that is not there`,
      );
    }
  }
}
