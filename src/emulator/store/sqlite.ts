import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { ConfigFileError } from '../../errors/errors.js';
import { nodeSqliteDriver, type NodeSqlite } from './node-sqlite.js';

/**
 * The store's SQLite, whichever driver the running Node has. Node 22.13 and later carry
 * SQLite themselves (`node:sqlite`): nothing is compiled at install and nothing native is
 * loaded from disk. Node 20 has none, so there the store opens databases with better-sqlite3
 * 12, an optional peer dependency the user adds (package.json). Both are used through the
 * subset of better-sqlite3's API the store needs, below; node-sqlite.ts gives node:sqlite
 * that shape.
 */

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface Statement<Params extends unknown[] = unknown[], Result = unknown> {
  run(...params: Params): RunResult;
  get(...params: Params): Result | undefined;
  all(...params: Params): Result[];
  iterate(...params: Params): IterableIterator<Result>;
  /** Rows become their first column's value. */
  pluck(): this;
  /** Rows become arrays of their columns' values, in the SELECT's order. */
  raw(): this;
}

export interface Database {
  /** The file it was opened on, or `:memory:`. */
  readonly name: string;
  readonly memory: boolean;
  readonly open: boolean;
  // `{}` as better-sqlite3 declares it: a statement's type is inferred from the one it is
  // assigned to, which `object` would widen to a union of both forms.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  prepare<Params extends unknown[] | {} = unknown[], Result = unknown>(
    source: string,
  ): Params extends unknown[] ? Statement<Params, Result> : Statement<[Params], Result>;
  /** `fn` wrapped in BEGIN and COMMIT (a savepoint when nested), rolled back when it throws. */
  transaction<F extends (...args: never[]) => unknown>(fn: F): F;
  exec(source: string): unknown;
  /** `PRAGMA source`: its rows, or with `simple` the first row's first value. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  close(): unknown;
}

export interface Driver {
  readonly name: 'node:sqlite' | 'better-sqlite3';
  open(location: string, options?: { readOnly?: boolean }): Database;
  /**
   * A database to read what `db` holds now from, on a connection of its own: the file opened
   * read-only, or a private copy of one in memory.
   */
  copy(db: Database): Database;
}

/** node:sqlite, without the experimental-feature warning Node 22 prints as it loads. */
function loadNodeSqlite(): NodeSqlite | undefined {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: never[]) {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (text.startsWith('SQLite is an experimental feature')) return;
    emitWarning.call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    // Undefined on Node 20, and on a Node 22 before 22.13 without its flag.
    return process.getBuiltinModule('node:sqlite') as NodeSqlite | undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
}

function betterSqliteDriver(): Driver {
  let BetterSqlite: typeof BetterSqlite3;
  try {
    // Made here, not as the module loads: the single executable is CommonJS, without
    // import.meta, and never comes here (its Node has node:sqlite).
    BetterSqlite = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  } catch (error) {
    throw new ConfigFileError(
      `the emulator needs SQLite, which Node ${process.versions.node} lacks: run npm install better-sqlite3@12 where svc is installed (--global for a global svc), or use Node 22.13 or later`,
      { cause: error },
    );
  }
  // Its Transaction type is the wrapped function with variants besides, which the store never
  // calls.
  const open = (location: string, options?: { readOnly?: boolean }): Database =>
    new BetterSqlite(location, {
      readonly: options?.readOnly ?? false,
      fileMustExist: options?.readOnly ?? false,
    }) as unknown as Database;
  return {
    name: 'better-sqlite3',
    open,
    copy(db) {
      const native = db as unknown as BetterSqlite3.Database;
      if (!native.memory) return open(native.name, { readOnly: true });
      return new BetterSqlite(native.serialize()) as unknown as Database;
    },
  };
}

let chosen: Driver | undefined;

function driver(): Driver {
  if (!chosen) {
    const sqlite = loadNodeSqlite();
    chosen = sqlite ? nodeSqliteDriver(sqlite) : betterSqliteDriver();
  }
  return chosen;
}

/** Which driver the store runs on in this process. */
export function driverName(): Driver['name'] {
  return driver().name;
}

/** Opens (creating it if need be) the database at `location`, or one in memory (`:memory:`). */
export function openDatabase(location: string, options?: { readOnly?: boolean }): Database {
  return driver().open(location, options);
}

/** What `db` holds now, to read: the same file read-only on a new connection, or memory copied. */
export function readOnlyCopy(db: Database): Database {
  return driver().copy(db);
}

/** SQLite's extended result codes of the failures the store tells apart. */
const codeNames = new Map<number, string>([
  [19, 'SQLITE_CONSTRAINT'],
  [20, 'SQLITE_MISMATCH'],
  [275, 'SQLITE_CONSTRAINT_CHECK'],
  [787, 'SQLITE_CONSTRAINT_FOREIGNKEY'],
  [1299, 'SQLITE_CONSTRAINT_NOTNULL'],
  [1555, 'SQLITE_CONSTRAINT_PRIMARYKEY'],
  [1811, 'SQLITE_CONSTRAINT_TRIGGER'],
  [2067, 'SQLITE_CONSTRAINT_UNIQUE'],
  [2579, 'SQLITE_CONSTRAINT_ROWID'],
  [3091, 'SQLITE_CONSTRAINT_DATATYPE'],
]);

/**
 * The SQLite code of a driver's error by name (`SQLITE_CONSTRAINT_UNIQUE`): better-sqlite3
 * names it in `code`; node:sqlite gives `ERR_SQLITE_ERROR` there and the number in `errcode`.
 */
export function sqliteErrorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (typeof errcode === 'number') {
    return (
      codeNames.get(errcode) ??
      ((errcode & 0xff) === 19 ? 'SQLITE_CONSTRAINT' : `SQLITE_${errcode}`)
    );
  }
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}
