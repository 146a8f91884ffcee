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
  // Every resource row carries its workspace and API key: a key sees only its own rows.
  // Rows below an organization reference it, so removing the organization (a re-seed)
  // removes them too.
  `
  CREATE TABLE console_options (
    workspace_id TEXT PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
    advanced_queries INTEGER NOT NULL DEFAULT 0,
    activity_service INTEGER NOT NULL DEFAULT 0,
    notification_config INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE organizations (
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, api_key_id, id)
  );
  CREATE TABLE folders (
    workspace_id TEXT NOT NULL,
    api_key_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    parent_id TEXT NOT NULL,
    ancestors TEXT NOT NULL,
    access_type TEXT NOT NULL,
    inherit_access INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    last_updated INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, api_key_id, organization_id, id),
    FOREIGN KEY (workspace_id, api_key_id, organization_id)
      REFERENCES organizations(workspace_id, api_key_id, id) ON DELETE CASCADE
  );
  CREATE TABLE documents (
    workspace_id TEXT NOT NULL,
    api_key_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT,
    folder_id TEXT,
    access_type TEXT,
    disabled INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, api_key_id, organization_id, id),
    FOREIGN KEY (workspace_id, api_key_id, organization_id)
      REFERENCES organizations(workspace_id, api_key_id, id) ON DELETE CASCADE
  );
  CREATE TABLE organization_users (
    workspace_id TEXT NOT NULL,
    api_key_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT,
    email TEXT,
    PRIMARY KEY (workspace_id, api_key_id, organization_id, user_id),
    FOREIGN KEY (workspace_id, api_key_id, organization_id)
      REFERENCES organizations(workspace_id, api_key_id, id) ON DELETE CASCADE
  );
  CREATE TABLE user_groups (
    workspace_id TEXT NOT NULL,
    api_key_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (workspace_id, api_key_id, organization_id, id),
    FOREIGN KEY (workspace_id, api_key_id, organization_id)
      REFERENCES organizations(workspace_id, api_key_id, id) ON DELETE CASCADE
  );
  CREATE TABLE access_grants (
    workspace_id TEXT NOT NULL,
    api_key_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    resource_kind TEXT NOT NULL CHECK (resource_kind IN ('organization', 'folder', 'document')),
    resource_id TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('editor', 'viewer')),
    expires_at INTEGER,
    access_fields TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (workspace_id, api_key_id, organization_id, user_id, resource_kind, resource_id),
    FOREIGN KEY (workspace_id, api_key_id, organization_id)
      REFERENCES organizations(workspace_id, api_key_id, id) ON DELETE CASCADE
  );
  `,
  // Async jobs (migrations, user-data deletions) live here rather than in memory, so an
  // emulator restarted on the same data directory picks up the jobs it had not finished.
  // A job outlives the organization it concerns: a migration of a document that is gone
  // still has a status to report (failed). `spec` holds the kind too; the `kind` column is
  // there for reading the file by hand.
  `
  CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('migration', 'deletion')),
    spec TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'in_progress', 'completed', 'failed')),
    steps_done INTEGER NOT NULL,
    steps_total INTEGER NOT NULL,
    reason TEXT,
    last_step_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX jobs_unfinished ON jobs(status) WHERE status IN ('pending', 'in_progress');
  `,
  // Operation 3. The provider key is sealed by the emulator's SecretBox before it is stored.
  `
  CREATE TABLE email_configs (
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    use_email_service INTEGER,
    type TEXT,
    sealed_api_key TEXT,
    from_email TEXT,
    from_company TEXT,
    triggers TEXT,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, api_key_id)
  );
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
