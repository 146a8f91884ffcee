import type { Database, Statement } from './sqlite.js';
import * as z from 'zod';
import { notificationLevel } from '../../catalogue/models.js';
import { checked, nested, tableColumns } from './columns.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

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

const level = notificationLevel.nullable();

const settingsMap = {
  inbox: checked('inbox', level),
  email: checked('email', level),
  slack: checked('slack', level),
};
const settingsColumns = tableColumns<NotificationSettings>(settingsMap);

/** Where a setting's members are kept; the user-data export (113) reads settings by it too. */
export const configColumns = tableColumns<NotificationConfigRecord>({
  organizationId: 'organization_id',
  userId: 'user_id',
  documentId: 'document_id',
  ...settingsMap,
});

/** A row's settings, and the document they are for (null: the organization). */
interface SettingsFor {
  documentId: string | null;
  settings: NotificationSettings;
}

const settingsForColumns = tableColumns<SettingsFor>({
  documentId: 'document_id',
  settings: nested(settingsColumns),
});

type ByUser = OrganizationParams & { user_id: string };

/** The `notification_configs` table: at most one row per user and document (or organization). */
export class NotificationConfigTable {
  readonly insert: (scope: Scope, config: NotificationConfigRecord) => void;
  private readonly removeStmt: Statement<[ByUser & { document_id: string | null }]>;
  private readonly ofUserQuery: RecordQuery<[ByUser & { document_ids: string }], SettingsFor>;

  constructor(db: Database) {
    this.insert = new RecordTable(db, 'notification_configs', configColumns).scopedInsert();
    this.removeStmt = db.prepare(
      `DELETE FROM notification_configs WHERE ${IN_ORGANIZATION} AND user_id = @user_id
         AND ifnull(document_id, '') = ifnull(@document_id, '')`,
    );
    const settingsFor = new RecordTable(db, 'notification_configs', settingsForColumns);
    this.ofUserQuery = settingsFor.select(`WHERE ${IN_ORGANIZATION} AND user_id = @user_id
         AND (document_id IS NULL OR document_id IN (SELECT value FROM json_each(@document_ids)))`);
  }

  /** Stores the settings of a user at one level, in place of any stored there. */
  put(scope: Scope, config: NotificationConfigRecord): void {
    this.removeStmt.run({
      ...organizationParams(scope, config.organizationId),
      user_id: config.userId,
      document_id: config.documentId,
    });
    this.insert(scope, config);
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
    const rows = this.ofUserQuery.all({
      ...organizationParams(scope, organizationId),
      user_id: userId,
      document_ids: JSON.stringify(documentIds),
    });
    const documents = new Map<string, NotificationSettings>();
    let organization: NotificationSettings | undefined;
    for (const { documentId, settings } of rows) {
      if (documentId === null) organization = settings;
      else documents.set(documentId, settings);
    }
    return { ...(organization && { organization }), documents };
  }
}
