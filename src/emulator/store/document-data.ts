import type { Database, Statement } from 'better-sqlite3';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';

/** A table with rows that belong to one document of an organization. */
export interface DocumentKeyedTable {
  table: string;
  /** The column that holds the document id. */
  column: string;
  /** Where the column holds other kinds of id too: the rows whose id is a document's. */
  where?: string;
}

/**
 * Every table that keys rows by document id: what a migration moves to the new id, all in
 * one transaction. A table added later (activities, notifications, CRDT data, live state)
 * moves with its document once it is listed here; a test fails while a table with a
 * `document_id` column is missing from this list. Each table has the scope columns and
 * `organization_id`.
 */
export const DOCUMENT_KEYED_TABLES: readonly DocumentKeyedTable[] = [
  // The document itself: name, folder, access type, disabled flag.
  { table: 'documents', column: 'id' },
  // Who may open it: the grants that are its contact list.
  { table: 'access_grants', column: 'resource_id', where: "resource_kind = 'document'" },
  // Its notifications (their recipients go with them) and users' settings for it.
  { table: 'notifications', column: 'document_id' },
  { table: 'notification_configs', column: 'document_id' },
  // Its activity log, presence list, live states, editors' data and the events its
  // connected clients received.
  { table: 'activities', column: 'document_id' },
  { table: 'presence', column: 'document_id' },
  { table: 'live_states', column: 'document_id' },
  { table: 'crdt_editors', column: 'document_id' },
  { table: 'feed_events', column: 'document_id' },
];

type MoveParams = OrganizationParams & { from_id: string; to_id: string };

/** A document's rows across every document-keyed table. */
export class DocumentData {
  private readonly steps: Statement<[MoveParams]>[];

  constructor(db: Database) {
    this.steps = DOCUMENT_KEYED_TABLES.flatMap(({ table, column, where }) => {
      const rows = `${IN_ORGANIZATION}${where ? ` AND ${where}` : ''}`;
      return [
        // Data sent to an id before any document had it (live state and CRDT data can be)
        // would collide with the moved rows; the moved document's data wins.
        db.prepare(`DELETE FROM "${table}" WHERE ${rows} AND "${column}" = @to_id`),
        db.prepare(
          `UPDATE "${table}" SET "${column}" = @to_id WHERE ${rows} AND "${column}" = @from_id`,
        ),
      ];
    });
  }

  /**
   * Puts everything stored under document `fromId` under `toId`. Run it inside a
   * transaction: the move is all or nothing.
   */
  move(scope: Scope, organizationId: string, fromId: string, toId: string): void {
    const params = { ...organizationParams(scope, organizationId), from_id: fromId, to_id: toId };
    for (const step of this.steps) step.run(params);
  }
}
