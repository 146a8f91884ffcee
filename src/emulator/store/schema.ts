import type { Database } from './sqlite.js';

/*
 * A table of rows below an organization starts with the columns that place a row in its
 * workspace, API key and organization, and its rows go with the organization. The text
 * each migration runs stays what it was when it was written.
 */
const ORGANIZATION_KEY = 'workspace_id, api_key_id, organization_id';
const ORGANIZATION_COLUMNS = ORGANIZATION_KEY.split(', ')
  .map((column) => `${column} TEXT NOT NULL,`)
  .join('\n    ');
const BELOW_ORGANIZATION = `FOREIGN KEY (${ORGANIZATION_KEY})
      REFERENCES organizations(workspace_id, api_key_id, id) ON DELETE CASCADE`;

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
    ${ORGANIZATION_COLUMNS}
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    parent_id TEXT NOT NULL,
    ancestors TEXT NOT NULL,
    access_type TEXT NOT NULL,
    inherit_access INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    last_updated INTEGER NOT NULL,
    PRIMARY KEY (${ORGANIZATION_KEY}, id),
    ${BELOW_ORGANIZATION}
  );
  CREATE TABLE documents (
    ${ORGANIZATION_COLUMNS}
    id TEXT NOT NULL,
    name TEXT,
    folder_id TEXT,
    access_type TEXT,
    disabled INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (${ORGANIZATION_KEY}, id),
    ${BELOW_ORGANIZATION}
  );
  CREATE TABLE organization_users (
    ${ORGANIZATION_COLUMNS}
    user_id TEXT NOT NULL,
    name TEXT,
    email TEXT,
    PRIMARY KEY (${ORGANIZATION_KEY}, user_id),
    ${BELOW_ORGANIZATION}
  );
  CREATE TABLE user_groups (
    ${ORGANIZATION_COLUMNS}
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (${ORGANIZATION_KEY}, id),
    ${BELOW_ORGANIZATION}
  );
  CREATE TABLE access_grants (
    ${ORGANIZATION_COLUMNS}
    user_id TEXT NOT NULL,
    resource_kind TEXT NOT NULL CHECK (resource_kind IN ('organization', 'folder', 'document')),
    resource_id TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('editor', 'viewer')),
    expires_at INTEGER,
    access_fields TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (${ORGANIZATION_KEY}, user_id, resource_kind, resource_id),
    ${BELOW_ORGANIZATION}
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
  // Operations 22 to 25. A notification's recipients (notifyUsersByUserId) have a table of
  // their own so a user's notifications can be queried and a deleted user's entries
  // removed. A notification config without document_id is the user's organization-level
  // one. AI provider keys belong to the workspace and are sealed like email provider keys.
  `
  CREATE TABLE notifications (
    ${ORGANIZATION_COLUMNS}
    id TEXT NOT NULL,
    document_id TEXT,
    location_id TEXT,
    action_user_id TEXT,
    sent_at INTEGER NOT NULL,
    content TEXT NOT NULL,
    PRIMARY KEY (${ORGANIZATION_KEY}, id),
    ${BELOW_ORGANIZATION}
  );
  CREATE INDEX notifications_by_time
    ON notifications(workspace_id, api_key_id, organization_id, sent_at, id);
  CREATE INDEX notifications_by_document
    ON notifications(workspace_id, api_key_id, organization_id, document_id, sent_at, id);
  CREATE TABLE notification_recipients (
    workspace_id TEXT NOT NULL,
    api_key_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    notification_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    notify INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, api_key_id, organization_id, notification_id, user_id),
    FOREIGN KEY (workspace_id, api_key_id, organization_id, notification_id)
      REFERENCES notifications(workspace_id, api_key_id, organization_id, id) ON DELETE CASCADE
  );
  CREATE INDEX notification_recipients_by_user
    ON notification_recipients(workspace_id, api_key_id, organization_id, user_id);
  CREATE TABLE notification_configs (
    ${ORGANIZATION_COLUMNS}
    user_id TEXT NOT NULL,
    document_id TEXT,
    inbox TEXT CHECK (inbox IN ('ALL', 'MINE', 'NONE')),
    email TEXT CHECK (email IN ('ALL', 'MINE', 'NONE')),
    slack TEXT CHECK (slack IN ('ALL', 'MINE', 'NONE')),
    ${BELOW_ORGANIZATION}
  );
  CREATE UNIQUE INDEX notification_configs_one_per_level
    ON notification_configs(workspace_id, api_key_id, organization_id, user_id, ifnull(document_id, ''));
  CREATE TABLE ai_keys (
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    provider TEXT NOT NULL CHECK (provider IN ('openai', 'anthropic', 'google')),
    sealed_key TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, provider)
  );
  `,
  // Operations 17 to 21. An activity keeps the whole object written, beside the columns it
  // is found by. A CRDT editor's state is its Yjs document as one update. feed_events is
  // what connected clients receive; AUTOINCREMENT keeps `seq` from being reused after a
  // reset, so a reader that resumes after a seq it saw misses nothing.
  `
  CREATE TABLE activities (
    ${ORGANIZATION_COLUMNS}
    id TEXT NOT NULL,
    document_id TEXT NOT NULL,
    target_entity_id TEXT,
    action_user_id TEXT NOT NULL,
    activity TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (${ORGANIZATION_KEY}, id),
    ${BELOW_ORGANIZATION}
  );
  CREATE INDEX activities_by_document
    ON activities(workspace_id, api_key_id, organization_id, document_id);
  CREATE INDEX activities_by_target
    ON activities(workspace_id, api_key_id, organization_id, target_entity_id);
  CREATE INDEX activities_by_user
    ON activities(workspace_id, api_key_id, organization_id, action_user_id);
  CREATE TABLE presence (
    ${ORGANIZATION_COLUMNS}
    document_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    user TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (${ORGANIZATION_KEY}, document_id, user_id),
    ${BELOW_ORGANIZATION}
  );
  CREATE INDEX presence_by_user ON presence(workspace_id, api_key_id, organization_id, user_id);
  CREATE TABLE live_states (
    ${ORGANIZATION_COLUMNS}
    document_id TEXT NOT NULL,
    id TEXT NOT NULL,
    state TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (${ORGANIZATION_KEY}, document_id, id),
    ${BELOW_ORGANIZATION}
  );
  CREATE TABLE crdt_editors (
    ${ORGANIZATION_COLUMNS}
    document_id TEXT NOT NULL,
    editor_id TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('text', 'map', 'array', 'xml')),
    content_key TEXT NOT NULL,
    state BLOB NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (${ORGANIZATION_KEY}, document_id, editor_id),
    ${BELOW_ORGANIZATION}
  );
  CREATE TABLE feed_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id TEXT NOT NULL,
    api_key_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    document_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('livestate', 'crdt')),
    payload TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    FOREIGN KEY (workspace_id, api_key_id, organization_id)
      REFERENCES organizations(workspace_id, api_key_id, id) ON DELETE CASCADE
  );
  CREATE INDEX feed_events_by_workspace ON feed_events(workspace_id, seq);
  `,
  // Operations 29 to 37: the webhook configuration of an API key, basic and advanced, as
  // JSON beside the basic auth token, sealed (SecretBox), and the advanced endpoints. `seq` orders the
  // endpoints for the paged list; each endpoint's signing secret is sealed too.
  `
  CREATE TABLE webhook_configs (
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('basic', 'advanced')),
    config TEXT NOT NULL,
    sealed_auth_token TEXT,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, api_key_id, kind)
  );
  CREATE TABLE webhook_endpoints (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL,
    sealed_secret TEXT NOT NULL,
    failing_since INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX webhook_endpoints_by_scope ON webhook_endpoints(workspace_id, api_key_id, seq);
  `,
  // Webhook deliveries: one per message and receiver (an advanced endpoint, or the basic
  // URL), holding the exact body sent, and its attempts. `webhook_id` is the message's id,
  // the same for each receiver and on every retry. Attempts name their delivery by its text
  // id: `seq` only orders, and a workspace import renumbers it.
  `
  CREATE TABLE webhook_deliveries (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    webhook_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('basic', 'advanced')),
    endpoint_id TEXT,
    url TEXT NOT NULL,
    event TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'stopped')),
    attempts INTEGER NOT NULL,
    next_attempt_at INTEGER,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(status) WHERE status = 'pending';
  CREATE TABLE webhook_attempts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    attempt INTEGER NOT NULL,
    at INTEGER NOT NULL,
    status_code INTEGER,
    error TEXT,
    duration_ms INTEGER NOT NULL
  );
  CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts(delivery_id);
  `,
  // The activity read pages an organization's activities by time: without this index each
  // page sorted every matching activity first.
  `
  CREATE INDEX activities_by_time
    ON activities(workspace_id, api_key_id, organization_id, created_at, id);
  `,
  // Members of user groups (operations 124, 125): users of the organization, each in a group
  // once; a membership goes with its group and with the user's place in the organization.
  `
  CREATE TABLE user_group_members (
    workspace_id TEXT NOT NULL,
    api_key_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    group_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    PRIMARY KEY (workspace_id, api_key_id, organization_id, group_id, user_id),
    FOREIGN KEY (workspace_id, api_key_id, organization_id, group_id)
      REFERENCES user_groups(workspace_id, api_key_id, organization_id, id) ON DELETE CASCADE,
    FOREIGN KEY (workspace_id, api_key_id, organization_id, user_id)
      REFERENCES organization_users(workspace_id, api_key_id, organization_id, user_id)
      ON DELETE CASCADE
  );
  CREATE INDEX user_group_members_by_user
    ON user_group_members(workspace_id, api_key_id, organization_id, user_id);
  `,
  // Folder deletion (operation 118) is a job too. SQLite cannot change a CHECK, so the table
  // is made again with the new kind and its rows copied; no table refers to it.
  `
  CREATE TABLE jobs_with_folder_deletion (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('migration', 'deletion', 'folder-deletion')),
    spec TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'in_progress', 'completed', 'failed')),
    steps_done INTEGER NOT NULL,
    steps_total INTEGER NOT NULL,
    reason TEXT,
    last_step_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  INSERT INTO jobs_with_folder_deletion SELECT * FROM jobs;
  DROP TABLE jobs;
  ALTER TABLE jobs_with_folder_deletion RENAME TO jobs;
  CREATE INDEX jobs_unfinished ON jobs(status) WHERE status IN ('pending', 'in_progress');
  `,
  // The key-level service configurations (operations 150 to 157), one JSON row per API key
  // and kind, each update merged into it; a permission provider's token is sealed beside it.
  // Whether the activity and notification services are on is the console option's column.
  `
  CREATE TABLE service_configs (
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    api_key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    kind TEXT NOT NULL
      CHECK (kind IN ('apiKey', 'notification', 'activity', 'permissionProvider')),
    config TEXT NOT NULL,
    sealed_secret TEXT,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, api_key_id, kind)
  );
  `,
  // Recordings (operation 140): made by client SDKs, so only fixtures write them; listed by
  // annotation id.
  `
  CREATE TABLE recordings (
    ${ORGANIZATION_COLUMNS}
    id TEXT NOT NULL,
    document_id TEXT NOT NULL,
    recording TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (${ORGANIZATION_KEY}, id),
    ${BELOW_ORGANIZATION}
  );
  CREATE INDEX recordings_by_document
    ON recordings(workspace_id, api_key_id, organization_id, document_id, id);
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
