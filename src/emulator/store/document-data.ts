import type { Database, Statement } from './sqlite.js';
import {
  IN_ORGANIZATION,
  type OrganizationParams,
  organizationParams,
  type Scope,
} from './scope.js';
import { DOCUMENT_KEYED_TABLES } from './keyed-tables.js';

type MoveParams = OrganizationParams & { from_id: string; to_id: string };

/** A document's rows across every document-keyed table. */
export class DocumentData {
  private readonly steps: Statement<[MoveParams]>[];
  private readonly removals: Statement<[OrganizationParams & { id: string }]>[];

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
    // The document's own row is among them (`documents.id`); recipients go with their
    // notifications by their foreign key.
    this.removals = DOCUMENT_KEYED_TABLES.map(({ table, column, where }) =>
      db.prepare(
        `DELETE FROM "${table}" WHERE ${IN_ORGANIZATION}${where ? ` AND ${where}` : ''} AND "${column}" = @id`,
      ),
    );
  }

  /**
   * Removes the document and everything stored under its id; false when there was no such
   * document. Run it inside a transaction.
   */
  remove(scope: Scope, organizationId: string, id: string): boolean {
    const params = { ...organizationParams(scope, organizationId), id };
    let removed = false;
    for (const [i, step] of this.removals.entries()) {
      const changes = step.run(params).changes;
      if (DOCUMENT_KEYED_TABLES[i]?.table === 'documents') removed = changes > 0;
    }
    return removed;
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
