import type { Database } from 'better-sqlite3';

/**
 * The schema as an append-only list of migrations; `PRAGMA user_version` records how many
 * have run, so a data directory written by an older emulator is brought up to date.
 * Workspace-scoped tables reference `workspaces` (or `api_keys`) with ON DELETE CASCADE:
 * resetting or removing a workspace then needs no list of its tables.
 */
const migrations: readonly string[] = [
  `
  CREATE TABLE workspaces (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    owner_email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    owner_name TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    owner_avatar TEXT NOT NULL,
    auth_token TEXT NOT NULL,
    email_verified INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX api_keys_by_workspace ON api_keys(workspace_id);
  CREATE TABLE auth_tokens (
    token TEXT PRIMARY KEY,
    api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    domains TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX auth_tokens_by_key ON auth_tokens(api_key_id);
  CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    workspace_id TEXT REFERENCES workspaces(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    to_email TEXT NOT NULL,
    subject TEXT NOT NULL,
    link TEXT,
    verify_token TEXT UNIQUE,
    continue_url TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX outbox_by_recipient ON outbox(to_email COLLATE NOCASE);
  `,
];

export function migrate(db: Database): void {
  const applied = db.pragma('user_version', { simple: true }) as number;
  if (applied > migrations.length) {
    throw new Error(
      `the emulator database has schema version ${applied}, newer than this emulator's ${migrations.length}; use a newer svc or another --data-dir`,
    );
  }
  db.transaction(() => {
    for (const sql of migrations.slice(applied)) db.exec(sql);
    db.pragma(`user_version = ${migrations.length}`);
  })();
}
