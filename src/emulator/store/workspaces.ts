import type { Database, Statement } from './sqlite.js';
import { flag, tableColumns } from './columns.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

export interface WorkspaceRecord {
  id: string;
  name: string;
  ownerEmail: string;
  ownerName: string;
  ownerId: string;
  ownerAvatar: string;
  authToken: string;
  emailVerified: boolean;
  createdAt: number;
}

const workspaceColumns = tableColumns<WorkspaceRecord>({
  id: 'id',
  name: 'name',
  ownerEmail: 'owner_email',
  ownerName: 'owner_name',
  ownerId: 'owner_id',
  ownerAvatar: 'owner_avatar',
  authToken: 'auth_token',
  emailVerified: flag('email_verified'),
  createdAt: 'created_at',
});

/** The `workspaces` table. */
export class WorkspaceTable {
  readonly insert: (ws: WorkspaceRecord) => void;
  private readonly byId: RecordQuery<[string], WorkspaceRecord>;
  private readonly byEmail: RecordQuery<[string], WorkspaceRecord>;
  private readonly setVerifiedStmt: Statement<[number, string]>;
  private readonly deleteStmt: Statement<[string]>;
  private readonly anyStmt: Statement<[], { id: string }>;

  constructor(db: Database) {
    const workspaces = new RecordTable(db, 'workspaces', workspaceColumns);
    this.insert = workspaces.insert();
    this.byId = workspaces.select('WHERE id = ?');
    this.byEmail = workspaces.select('WHERE owner_email = ?');
    this.setVerifiedStmt = db.prepare('UPDATE workspaces SET email_verified = ? WHERE id = ?');
    this.deleteStmt = db.prepare('DELETE FROM workspaces WHERE id = ?');
    this.anyStmt = db.prepare('SELECT id FROM workspaces LIMIT 1');
  }

  findById(id: string): WorkspaceRecord | undefined {
    return this.byId.get(id);
  }

  /** Case-insensitive, as mail providers treat addresses. */
  findByOwnerEmail(email: string): WorkspaceRecord | undefined {
    return this.byEmail.get(email);
  }

  /** Whether any workspace is stored: a data directory that holds state. */
  any(): boolean {
    return this.anyStmt.get() !== undefined;
  }

  setEmailVerified(id: string, verified: boolean): void {
    this.setVerifiedStmt.run(verified ? 1 : 0, id);
  }

  /** Removes the workspace and, by cascade, everything scoped to it. */
  delete(id: string): void {
    this.deleteStmt.run(id);
  }
}
