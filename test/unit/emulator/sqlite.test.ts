import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  driverName,
  openDatabase,
  readOnlyCopy,
  sqliteErrorCode,
  type Database,
} from '../../../src/emulator/store/sqlite.js';

/**
 * The store's SQLite API, as both drivers give it: this file runs on Node 20 (better-sqlite3)
 * with the unit tests and on Node 24 (node:sqlite) with the emulator's (scripts/
 * test-node-versions.sh's `store` scope), and must pass alike on each.
 */

const opened: Database[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function memory(): Database {
  const db = openDatabase(':memory:');
  opened.push(db);
  db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL, data BLOB)');
  return db;
}

const major = Number(process.versions.node.split('.')[0]);

describe('the store SQLite driver', () => {
  it('is node:sqlite from Node 22 on, better-sqlite3 on Node 20', () => {
    expect(driverName()).toBe(major >= 22 ? 'node:sqlite' : 'better-sqlite3');
  });

  it('binds named and positional parameters, an array standing for its items', () => {
    const db = memory();
    const insert = db.prepare<[{ id: string; n: number }]>(
      'INSERT INTO t (id, n) VALUES (@id, @n)',
    );
    expect(insert.run({ id: 'a', n: 1 }).changes).toBe(1);
    db.prepare('INSERT INTO t (id, n) VALUES (?, ?)').run(['b', 2]);
    db.prepare('INSERT INTO t (id, n) VALUES (?, ?)').run('c', 3);
    // A member the SQL does not name is ignored, as better-sqlite3 does.
    db.prepare<[object]>('INSERT INTO t (id, n) VALUES (@id, @n)').run({ id: 'd', n: 4, x: 9 });
    expect(db.prepare('SELECT id, n FROM t ORDER BY id').all()).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'c', n: 3 },
      { id: 'd', n: 4 },
    ]);
  });

  it('gives rows as objects, arrays (raw) or first values (pluck), by get, all and iterate', () => {
    const db = memory();
    db.prepare('INSERT INTO t (id, n) VALUES (?, ?), (?, ?)').run('a', 1, 'b', 2);
    expect(db.prepare('SELECT id, n FROM t WHERE id = ?').get('a')).toEqual({ id: 'a', n: 1 });
    expect(db.prepare('SELECT id, n FROM t WHERE id = ?').get('z')).toBeUndefined();
    expect(db.prepare('SELECT id, n FROM t ORDER BY id').raw().all()).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect([...db.prepare('SELECT n, id FROM t ORDER BY id').raw().iterate()]).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(2);
    expect(db.prepare('SELECT id FROM t ORDER BY id').pluck().all()).toEqual(['a', 'b']);
  });

  it('keeps bytes as bytes', () => {
    const db = memory();
    db.prepare('INSERT INTO t (id, n, data) VALUES (?, ?, ?)').run(
      'a',
      1,
      Buffer.from([0, 1, 255]),
    );
    const data = db.prepare('SELECT data FROM t').pluck().get();
    expect(data).toBeInstanceOf(Uint8Array);
    expect([...(data as Uint8Array)]).toEqual([0, 1, 255]);
  });

  it('commits a transaction, rolls back one that throws, and nests as savepoints', () => {
    const db = memory();
    const insert = db.prepare('INSERT INTO t (id, n) VALUES (?, ?)');
    const ids = () => db.prepare('SELECT id FROM t ORDER BY id').pluck().all();
    db.transaction(() => insert.run('a', 1))();
    expect(() =>
      db.transaction(() => {
        insert.run('b', 2);
        throw new Error('no');
      })(),
    ).toThrow('no');
    expect(ids()).toEqual(['a']);

    const outer = db.transaction((id: string) => {
      insert.run(id, 3);
      try {
        db.transaction(() => {
          insert.run('inner', 4);
          throw new Error('inner fails');
        })();
      } catch {
        // The inner part is undone; the outer one goes on.
      }
      return 'done';
    });
    expect(outer('c')).toBe('done');
    expect(ids()).toEqual(['a', 'c']);
  });

  it('names a constraint failure by its SQLite code', () => {
    const db = memory();
    const insert = db.prepare('INSERT INTO t (id, n) VALUES (?, ?)');
    insert.run('a', 1);
    const failure = (run: () => unknown): unknown => {
      try {
        run();
      } catch (error) {
        return error;
      }
      throw new Error('did not fail');
    };
    const clash = failure(() => insert.run('a', 2));
    expect(sqliteErrorCode(clash)).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
    expect((clash as Error).message).toContain('UNIQUE constraint failed: t.id');
    expect(sqliteErrorCode(failure(() => insert.run('b', null)))).toBe('SQLITE_CONSTRAINT_NOTNULL');
    expect(sqliteErrorCode(new Error('not SQLite'))).toBeUndefined();
  });

  it('answers pragmas as rows, or one value with simple', () => {
    const db = memory();
    db.pragma('user_version = 7');
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(db.pragma('table_info(t)')).toEqual([
      expect.objectContaining({ name: 'id', pk: 1 }),
      expect.objectContaining({ name: 'n', notnull: 1 }),
      expect.objectContaining({ name: 'data', type: 'BLOB' }),
    ]);
  });

  it('copies a database as it is now, in memory or from its file, read-only', () => {
    const db = memory();
    db.prepare('INSERT INTO t (id, n) VALUES (?, ?)').run('a', 1);
    const copy = readOnlyCopy(db);
    opened.push(copy);
    db.prepare('INSERT INTO t (id, n) VALUES (?, ?)').run('b', 2);
    expect(copy.prepare('SELECT id FROM t').pluck().all()).toEqual(['a']);

    const dir = mkdtempSync(join(tmpdir(), 'svc-sqlite-'));
    dirs.push(dir);
    const file = openDatabase(join(dir, 'store.db'));
    opened.push(file);
    file.exec('CREATE TABLE u (id TEXT)');
    file.prepare('INSERT INTO u VALUES (?)').run('x');
    const reader = readOnlyCopy(file);
    opened.push(reader);
    expect(reader.prepare('SELECT id FROM u').pluck().all()).toEqual(['x']);
    expect(() => reader.exec("INSERT INTO u VALUES ('y')")).toThrow(/readonly/);
  });

  it('closes once', () => {
    const db = openDatabase(':memory:');
    expect(db.open).toBe(true);
    db.close();
    expect(db.open).toBe(false);
  });
});
