import type { Database, Statement } from 'better-sqlite3';

/** The service console's switches that gate operations, per workspace. */
export interface ConsoleOptions {
  /** Gates folders add and notifications get. */
  advancedQueries: boolean;
  /** Gates activity logs. */
  activityService: boolean;
  /** Gates notification config (v1). */
  notificationConfig: boolean;
}

export type ConsoleOptionName = keyof ConsoleOptions;
export const CONSOLE_OPTION_NAMES: readonly ConsoleOptionName[] = [
  'advancedQueries',
  'activityService',
  'notificationConfig',
];

interface ConsoleOptionsRow {
  workspace_id: string;
  advanced_queries: number;
  activity_service: number;
  notification_config: number;
}

/** A new workspace has every option off, as a new console project does. */
const DEFAULTS: ConsoleOptions = {
  advancedQueries: false,
  activityService: false,
  notificationConfig: false,
};

/** The `console_options` table; a workspace without a row has the defaults. */
export class ConsoleOptionsTable {
  private readonly getStmt: Statement<[string], ConsoleOptionsRow>;
  private readonly upsertStmt: Statement<[ConsoleOptionsRow]>;
  private readonly workspaceIdsStmt: Statement<[], { id: string }>;
  /** DEFAULTS with what `--console-option` switched on for this run. */
  private readonly defaults: ConsoleOptions = { ...DEFAULTS };

  constructor(db: Database) {
    this.workspaceIdsStmt = db.prepare('SELECT id FROM workspaces');
    this.getStmt = db.prepare('SELECT * FROM console_options WHERE workspace_id = ?');
    this.upsertStmt = db.prepare(
      `INSERT INTO console_options (workspace_id, advanced_queries, activity_service, notification_config)
       VALUES (@workspace_id, @advanced_queries, @activity_service, @notification_config)
       ON CONFLICT (workspace_id) DO UPDATE SET
         advanced_queries = excluded.advanced_queries,
         activity_service = excluded.activity_service,
         notification_config = excluded.notification_config`,
    );
  }

  get(workspaceId: string): ConsoleOptions {
    const row = this.getStmt.get(workspaceId);
    if (!row) return { ...this.defaults };
    return {
      advancedQueries: row.advanced_queries === 1,
      activityService: row.activity_service === 1,
      notificationConfig: row.notification_config === 1,
    };
  }

  /**
   * Switches the options on in every workspace stored, and in those created later: a
   * newcomer's emulator that gates nothing they are about to try.
   */
  switchOnEverywhere(names: readonly ConsoleOptionName[]): void {
    for (const name of names) this.defaults[name] = true;
    const on = Object.fromEntries(names.map((name) => [name, true]));
    for (const { id } of this.workspaceIdsStmt.all()) this.set(id, on);
  }

  /** Sets the options given; the others keep their values. */
  set(workspaceId: string, options: Partial<ConsoleOptions>): void {
    const current = this.get(workspaceId);
    const merged: ConsoleOptions = {
      advancedQueries: options.advancedQueries ?? current.advancedQueries,
      activityService: options.activityService ?? current.activityService,
      notificationConfig: options.notificationConfig ?? current.notificationConfig,
    };
    this.upsertStmt.run({
      workspace_id: workspaceId,
      advanced_queries: merged.advancedQueries ? 1 : 0,
      activity_service: merged.activityService ? 1 : 0,
      notification_config: merged.notificationConfig ? 1 : 0,
    });
  }
}
