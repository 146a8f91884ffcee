import type { Database, Statement } from 'better-sqlite3';
import * as z from 'zod';
import { notificationLevel } from '../../catalogue/models.js';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

export type NotificationLevel = z.infer<typeof notificationLevel>;

/** A user's settings for one document, or for the organization; null where not set. */
export interface NotificationSettings {
  inbox: NotificationLevel | null;
  email: NotificationLevel | null;
  slack: NotificationLevel | null;
}

export interface NotificationConfigRecord extends NotificationSettings {
  organizationId: string;
  userId: string;
  /** Null for the user's organization-level settings. */
  documentId: string | null;
}

interface ConfigRow {
  document_id: string | null;
  inbox: string | null;
  email: string | null;
  slack: string | null;
}

type ByUser = ScopeParams & { organization_id: string; user_id: string };

const level = notificationLevel.nullable();

function settingsOf(row: ConfigRow): NotificationSettings {
  return {
    inbox: level.parse(row.inbox),
    email: level.parse(row.email),
    slack: level.parse(row.slack),
  };
}

/** The `notification_configs` table: at most one row per user and document (or organization). */
export class NotificationConfigTable {
  private readonly insertStmt: Statement<[ByUser & ConfigRow]>;
  private readonly ofUserStmt: Statement<[ByUser & { document_ids: string }], ConfigRow>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO notification_configs (workspace_id, api_key_id, organization_id, user_id,
         document_id, inbox, email, slack)
       VALUES (@workspace_id, @api_key_id, @organization_id, @user_id,
         @document_id, @inbox, @email, @slack)`,
    );
    this.ofUserStmt = db.prepare(
      `SELECT document_id, inbox, email, slack FROM notification_configs
       WHERE ${IN_SCOPE} AND organization_id = @organization_id AND user_id = @user_id
         AND (document_id IS NULL OR document_id IN (SELECT value FROM json_each(@document_ids)))`,
    );
  }

  insert(scope: Scope, config: NotificationConfigRecord): void {
    this.insertStmt.run({
      ...scopeParams(scope),
      organization_id: config.organizationId,
      user_id: config.userId,
      document_id: config.documentId,
      inbox: config.inbox,
      email: config.email,
      slack: config.slack,
    });
  }

  /**
   * The user's stored settings: `organization` for the organization level, and `documents`
   * for those of `documentIds` that have any.
   */
  ofUser(
    scope: Scope,
    organizationId: string,
    userId: string,
    documentIds: readonly string[],
  ): { organization?: NotificationSettings; documents: Map<string, NotificationSettings> } {
    const rows = this.ofUserStmt.all({
      ...scopeParams(scope),
      organization_id: organizationId,
      user_id: userId,
      document_ids: JSON.stringify(documentIds),
    });
    const documents = new Map<string, NotificationSettings>();
    let organization: NotificationSettings | undefined;
    for (const row of rows) {
      if (row.document_id === null) organization = settingsOf(row);
      else documents.set(row.document_id, settingsOf(row));
    }
    return { ...(organization && { organization }), documents };
  }
}
