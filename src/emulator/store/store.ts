import { openDatabase, type Database } from './sqlite.js';
import { preparePrivateDatabase } from './data-dir.js';
import { ActivityTable } from './activities.js';
import { AiKeyTable } from './ai-keys.js';
import { ApiKeyTable } from './api-keys.js';
import { ConsoleOptionsTable } from './console-options.js';
import { CrdtEditorTable } from './crdt-editors.js';
import { DocumentData } from './document-data.js';
import { DocumentTable } from './documents.js';
import { EmailConfigTable } from './email-configs.js';
import { FeedEventTable } from './feed-events.js';
import { FolderTable } from './folders.js';
import { GrantTable } from './grants.js';
import { JobTable } from './jobs.js';
import { LiveStateTable } from './live-states.js';
import { NotificationConfigTable } from './notification-configs.js';
import { NotificationTable } from './notifications.js';
import { OrganizationUserTable } from './organization-users.js';
import { OrganizationTable } from './organizations.js';
import { OutboxTable } from './outbox.js';
import { PresenceTable } from './presence.js';
import { RecordingTable } from './recordings.js';
import { migrate } from './schema.js';
import { ServiceConfigTable } from './service-configs.js';
import { StateTables } from './state.js';
import { UserData } from './user-data.js';
import { UserExport } from './user-export.js';
import { UserGroupTable } from './user-groups.js';
import { WebhookDeliveryTable } from './webhook-deliveries.js';
import { WebhookTable } from './webhooks.js';
import { WorkspaceTable } from './workspaces.js';

const DATABASE_FILE = 'emulator.db';

/**
 * The emulator's state. SQLite is used synchronously, so every write is committed before
 * the handler that made it returns, and so before its answer is sent.
 */
export class Store {
  readonly workspaces: WorkspaceTable;
  readonly apiKeys: ApiKeyTable;
  readonly outbox: OutboxTable;
  readonly consoleOptions: ConsoleOptionsTable;
  readonly organizations: OrganizationTable;
  readonly folders: FolderTable;
  readonly documents: DocumentTable;
  readonly organizationUsers: OrganizationUserTable;
  readonly userGroups: UserGroupTable;
  readonly grants: GrantTable;
  readonly jobs: JobTable;
  readonly emailConfigs: EmailConfigTable;
  readonly notifications: NotificationTable;
  readonly notificationConfigs: NotificationConfigTable;
  readonly aiKeys: AiKeyTable;
  readonly activities: ActivityTable;
  readonly presence: PresenceTable;
  readonly liveStates: LiveStateTable;
  readonly crdtEditors: CrdtEditorTable;
  /** Webhook configuration and advanced endpoints, per API key. */
  readonly webhooks: WebhookTable;
  /** Webhook messages sent or to send, and their attempts. */
  readonly webhookDeliveries: WebhookDeliveryTable;
  /** What connected clients of documents receive: live state and CRDT changes. */
  readonly feedEvents: FeedEventTable;
  /** A document's rows in every table keyed by document id; what a migration moves. */
  readonly documentData: DocumentData;
  /** Users' rows in every table keyed by user id; what a user-data deletion removes. */
  readonly userData: UserData;
  /** A user's rows in those same tables, a page at a time: what the user-data export reads. */
  readonly userExport: UserExport;
  /** Every table at once: what the export and import admin calls read and write. */
  readonly state: StateTables;
  /** The key-level service configurations (operations 150 to 157). */
  readonly serviceConfigs: ServiceConfigTable;
  /** Recordings, which only fixtures write (operation 140). */
  readonly recordings: RecordingTable;

  constructor(private readonly db: Database) {
    migrate(db);
    this.workspaces = new WorkspaceTable(db);
    this.apiKeys = new ApiKeyTable(db);
    this.outbox = new OutboxTable(db);
    this.consoleOptions = new ConsoleOptionsTable(db);
    this.organizations = new OrganizationTable(db);
    this.folders = new FolderTable(db);
    this.documents = new DocumentTable(db);
    this.organizationUsers = new OrganizationUserTable(db);
    this.userGroups = new UserGroupTable(db);
    this.grants = new GrantTable(db);
    this.jobs = new JobTable(db);
    this.emailConfigs = new EmailConfigTable(db);
    this.notifications = new NotificationTable(db);
    this.notificationConfigs = new NotificationConfigTable(db);
    this.aiKeys = new AiKeyTable(db);
    this.activities = new ActivityTable(db);
    this.presence = new PresenceTable(db);
    this.liveStates = new LiveStateTable(db);
    this.crdtEditors = new CrdtEditorTable(db);
    this.webhooks = new WebhookTable(db);
    this.webhookDeliveries = new WebhookDeliveryTable(db);
    this.feedEvents = new FeedEventTable(db);
    this.documentData = new DocumentData(db);
    this.userData = new UserData(db);
    this.userExport = new UserExport(db, this.notifications, this.activities);
    this.state = new StateTables(db);
    this.serviceConfigs = new ServiceConfigTable(db);
    this.recordings = new RecordingTable(db);
  }

  /** Runs `fn` in one transaction: all of its writes land, or none. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /** Empties every table, including tables added by later migrations. */
  resetAll(): void {
    this.transaction(() => this.state.clearAll());
  }

  /**
   * Puts one workspace back to how it was just after creation: same id, API keys and auth
   * tokens, so callers' credentials keep working; its owner email unverified; everything
   * else scoped to it (its mail, and its data) gone. False when there is no such workspace.
   */
  resetWorkspace(id: string): boolean {
    return this.transaction(() => {
      const workspace = this.workspaces.findById(id);
      if (!workspace) return false;
      const keys = this.apiKeys.keysOf(id);
      const tokens = keys.flatMap((key) => this.apiKeys.tokensOf(key.id));
      this.workspaces.delete(id);
      this.workspaces.insert({ ...workspace, emailVerified: false });
      for (const key of keys) this.apiKeys.insertKey(key);
      for (const token of tokens) this.apiKeys.insertToken(token);
      return true;
    });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** An in-memory store, or one kept in `<dataDir>/emulator.db` across restarts. */
export function openStore(dataDir?: string): Store {
  let db: Database;
  if (dataDir === undefined) {
    db = openDatabase(':memory:');
  } else {
    db = openDatabase(preparePrivateDatabase(dataDir, DATABASE_FILE));
    db.pragma('journal_mode = WAL');
    // WAL with NORMAL survives a killed process (the emulator's failure mode); only a power
    // loss could drop the last commits.
    db.pragma('synchronous = NORMAL');
    // Another process (a second emulator on the same directory) may hold the write lock briefly.
    db.pragma('busy_timeout = 5000');
  }
  db.pragma('foreign_keys = ON');
  try {
    return new Store(db);
  } catch (err) {
    db.close();
    throw err;
  }
}
