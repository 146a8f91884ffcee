import { openDatabase } from '../../../src/emulator/store/sqlite.js';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_KEYED_TABLES,
  USER_KEYED_TABLES,
} from '../../../src/emulator/store/keyed-tables.js';
import { migrate } from '../../../src/emulator/store/schema.js';

/** Each table of the emulator's schema with its column names. */
function schemaColumns(): Map<string, string[]> {
  const db = openDatabase(':memory:');
  try {
    migrate(db);
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      )
      .all();
    return new Map(
      tables.map(({ name }) => [
        name,
        db
          .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${name}')`)
          .all()
          .map((c) => c.name),
      ]),
    );
  } finally {
    db.close();
  }
}

const columns = schemaColumns();
const listed = (list: readonly { table: string; column: string }[]) =>
  list.map(({ table, column }) => `${table}.${column}`);
const matching = (pattern: RegExp) =>
  [...columns].flatMap(([table, names]) =>
    names.filter((name) => pattern.test(name)).map((name) => `${table}.${name}`),
  );

describe('the tables jobs move or erase', () => {
  it('name real, scoped columns', () => {
    for (const { table, column } of [...DOCUMENT_KEYED_TABLES, ...USER_KEYED_TABLES]) {
      expect(columns.get(table)).toEqual(
        expect.arrayContaining([column, 'workspace_id', 'api_key_id', 'organization_id']),
      );
    }
  });

  it('include every column holding a document id, so a migration moves all of it', () => {
    expect(listed(DOCUMENT_KEYED_TABLES)).toEqual(
      expect.arrayContaining(['documents.id', ...matching(/(^|_)document_id$/)]),
    );
  });

  it('include every column naming a user, so a deletion erases all of their data', () => {
    expect(listed(USER_KEYED_TABLES)).toEqual(expect.arrayContaining(matching(/(^|_)user_id$/)));
  });
});
