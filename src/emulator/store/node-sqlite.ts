import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, Driver, RunResult, Statement } from './sqlite.js';

const { mkdtempSync, rmSync } = process.getBuiltinModule('node:fs');

/**
 * node:sqlite in the shape of better-sqlite3's API that the store uses (sqlite.ts). Only
 * what the store calls: its typings are declared here because @types/node stays at the
 * oldest Node svc supports, which has no node:sqlite.
 */

interface StatementSync {
  run(...params: unknown[]): RunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
  setReturnArrays?(enabled: boolean): void;
  setAllowUnknownNamedParameters?(enabled: boolean): void;
}

interface DatabaseSync {
  prepare(source: string): StatementSync;
  exec(source: string): void;
  close(): void;
  serialize?(): Uint8Array;
  deserialize?(bytes: Uint8Array): void;
}

export interface NodeSqlite {
  DatabaseSync: new (location: string, options?: { readOnly?: boolean }) => DatabaseSync;
}

type RowShape = 'object' | 'array' | 'first';

/**
 * Parameters as better-sqlite3 takes them, where an array stands for its items: node:sqlite
 * would read an array as an object of named parameters.
 */
function spread(params: unknown[]): unknown[] {
  return params.some(Array.isArray) ? params.flatMap((p) => (Array.isArray(p) ? p : [p])) : params;
}

/** The first column's value of a row in either form. */
function firstValue(row: unknown): unknown {
  if (row === undefined) return undefined;
  return Array.isArray(row) ? row[0] : Object.values(row as object)[0];
}

class NodeStatement implements Statement {
  private shape: RowShape = 'object';

  constructor(private readonly stmt: StatementSync) {
    // better-sqlite3 ignores members of a parameters object the SQL does not name.
    stmt.setAllowUnknownNamedParameters?.(true);
  }

  pluck(): this {
    return this.as('first');
  }

  raw(): this {
    return this.as('array');
  }

  private as(shape: RowShape): this {
    this.shape = shape;
    // Arrays where Node makes them (22.16 and later); otherwise made from each row below.
    this.stmt.setReturnArrays?.(shape !== 'object');
    return this;
  }

  private row(row: unknown): unknown {
    if (row === undefined || this.shape === 'object') return row;
    if (this.shape === 'first') return firstValue(row);
    return Array.isArray(row) ? row : Object.values(row as object);
  }

  run(...params: unknown[]): RunResult {
    return this.stmt.run(...spread(params));
  }

  get(...params: unknown[]): unknown {
    return this.row(this.stmt.get(...spread(params)));
  }

  all(...params: unknown[]): unknown[] {
    const rows = this.stmt.all(...spread(params));
    return this.shape === 'object' ? rows : rows.map((row) => this.row(row));
  }

  *iterate(...params: unknown[]): IterableIterator<unknown> {
    for (const row of this.stmt.iterate(...spread(params))) yield this.row(row);
  }
}

class NodeDatabase implements Database {
  readonly memory: boolean;
  private isOpen = true;
  /** Transactions begun by `transaction()` and not yet ended: above 0, nest as savepoints. */
  private depth = 0;

  constructor(
    private readonly db: DatabaseSync,
    readonly name: string,
  ) {
    this.memory = name === ':memory:';
  }

  get open(): boolean {
    return this.isOpen;
  }

  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  prepare<Params extends unknown[] | {} = unknown[], Result = unknown>(
    source: string,
  ): Params extends unknown[] ? Statement<Params, Result> : Statement<[Params], Result> {
    return new NodeStatement(this.db.prepare(source)) as unknown as Params extends unknown[]
      ? Statement<Params, Result>
      : Statement<[Params], Result>;
  }

  exec(source: string): void {
    this.db.exec(source);
  }

  pragma(source: string, options?: { simple?: boolean }): unknown {
    const stmt = this.db.prepare(`PRAGMA ${source}`);
    return options?.simple ? firstValue(stmt.get()) : stmt.all();
  }

  transaction<F extends (...args: never[]) => unknown>(fn: F): F {
    return ((...args: Parameters<F>) => {
      const savepoint = this.depth > 0 ? `svc_${this.depth}` : undefined;
      this.db.exec(savepoint ? `SAVEPOINT ${savepoint}` : 'BEGIN');
      this.depth++;
      try {
        const result = fn(...args);
        this.db.exec(savepoint ? `RELEASE ${savepoint}` : 'COMMIT');
        return result;
      } catch (error) {
        this.rollback(savepoint);
        throw error;
      } finally {
        this.depth--;
      }
    }) as F;
  }

  /** Undoes the failed transaction; SQLite may have rolled it back itself (a full disk). */
  private rollback(savepoint: string | undefined): void {
    try {
      this.db.exec(savepoint ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : 'ROLLBACK');
    } catch {
      // Nothing left to undo; the caller's error is the one that says what happened.
    }
  }

  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.db.close();
  }

  /** A read-only in-memory copy of this database's current content. */
  copyInMemory(sqlite: NodeSqlite): NodeDatabase {
    const copy = new sqlite.DatabaseSync(':memory:');
    if (this.db.serialize && copy.deserialize) {
      copy.deserialize(this.db.serialize());
      return new NodeDatabase(copy, ':memory:');
    }
    // Node 22 has no serialize(): the copy goes through a private file, gone once open.
    copy.close();
    const dir = mkdtempSync(join(tmpdir(), 'svc-store-copy-'));
    try {
      const file = join(dir, 'copy.db');
      this.db.exec(`VACUUM INTO '${file.replaceAll("'", "''")}'`);
      return new NodeDatabase(new sqlite.DatabaseSync(file, { readOnly: true }), ':memory:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** The store's driver on node:sqlite. */
export function nodeSqliteDriver(sqlite: NodeSqlite): Driver {
  const open = (location: string, options?: { readOnly?: boolean }): Database =>
    new NodeDatabase(
      new sqlite.DatabaseSync(location, { readOnly: options?.readOnly ?? false }),
      location,
    );
  return {
    name: 'node:sqlite',
    open,
    copy: (db) =>
      db instanceof NodeDatabase && db.memory
        ? db.copyInMemory(sqlite)
        : open(db.name, { readOnly: true }),
  };
}
