import type { Database, Statement } from './sqlite.js';
import { flag, tableColumns } from './columns.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

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

const optionColumns = tableColumns<ConsoleOptions>({
  advancedQueries: flag('advanced_queries'),
  activityService: flag('activity_service'),
  notificationConfig: flag('notification_config'),
});

/** A new workspace has every option off, as a new console project does. */
const DEFAULTS: ConsoleOptions = {
  advancedQueries: false,
  activityService: false,
  notificationConfig: false,
};

/** The `console_options` table; a workspace without a row has the defaults. */
export class ConsoleOptionsTable {
  private readonly getQuery: RecordQuery<[string], ConsoleOptions>;
  private readonly upsert: (options: ConsoleOptions, workspaceId: string) => void;
  private readonly workspaceIdsStmt: Statement<[], { id: string }>;
  /** DEFAULTS with what `--console-option` switched on for this run. */
  private readonly defaults: ConsoleOptions = { ...DEFAULTS };

  constructor(db: Database) {
    this.workspaceIdsStmt = db.prepare('SELECT id FROM workspaces');
    const options = new RecordTable(db, 'console_options', optionColumns);
    this.getQuery = options.select('WHERE workspace_id = ?');
    this.upsert = options.insert({
      leading: ['workspace_id'],
      onConflict: `ON CONFLICT (workspace_id) DO UPDATE SET
         advanced_queries = excluded.advanced_queries,
         activity_service = excluded.activity_service,
         notification_config = excluded.notification_config`,
    });
  }

  get(workspaceId: string): ConsoleOptions {
    return this.getQuery.get(workspaceId) ?? { ...this.defaults };
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
    this.upsert(merged, workspaceId);
  }
}
