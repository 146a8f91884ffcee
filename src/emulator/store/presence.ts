import type { Database } from './sqlite.js';
import { DocumentValueTable } from './document-values.js';
import type { Scope } from './scope.js';

/** A user on a document's presence list (spec "Presence user"), as last added. */
export type PresenceUserJson = Record<string, unknown> & { userId: string };

/** The `presence` table: one entry per user and document. */
export class PresenceTable {
  private readonly entries: DocumentValueTable<PresenceUserJson>;

  constructor(db: Database) {
    // A user added again keeps their place in the list; their entry is the latest one sent.
    this.entries = new DocumentValueTable(db, 'presence', {
      key: 'user_id',
      value: 'user',
      read: (parsed) => parsed as PresenceUserJson,
    });
  }

  put(
    scope: Scope,
    organizationId: string,
    documentId: string,
    user: PresenceUserJson,
    now: number,
  ): void {
    this.entries.put(scope, organizationId, documentId, user.userId, user, now);
  }

  get(
    scope: Scope,
    organizationId: string,
    documentId: string,
    userId: string,
  ): PresenceUserJson | undefined {
    return this.entries.get(scope, organizationId, documentId, userId);
  }

  /** False when the user was not on the list. */
  remove(scope: Scope, organizationId: string, documentId: string, userId: string): boolean {
    return this.entries.remove(scope, organizationId, documentId, userId);
  }

  /** A workspace's presence list of one document, in the order users first came. */
  list(workspaceId: string, organizationId: string, documentId: string): PresenceUserJson[] {
    return this.entries.list(workspaceId, organizationId, documentId).map((entry) => entry.value);
  }
}
