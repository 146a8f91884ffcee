import type { Database, Statement } from 'better-sqlite3';

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

interface WorkspaceRow {
  id: string;
  name: string;
  owner_email: string;
  owner_name: string;
  owner_id: string;
  owner_avatar: string;
  auth_token: string;
  email_verified: number;
  created_at: number;
}

function fromRow(row: WorkspaceRow): WorkspaceRecord {
  return {
    id: row.id,
    name: row.name,
    ownerEmail: row.owner_email,
    ownerName: row.owner_name,
    ownerId: row.owner_id,
    ownerAvatar: row.owner_avatar,
    authToken: row.auth_token,
    emailVerified: row.email_verified === 1,
    createdAt: row.created_at,
  };
}

/** The `workspaces` table. */
export class WorkspaceTable {
  private readonly insertStmt: Statement<[WorkspaceRow]>;
  private readonly byIdStmt: Statement<[string], WorkspaceRow>;
  private readonly byEmailStmt: Statement<[string], WorkspaceRow>;
  private readonly setVerifiedStmt: Statement<[number, string]>;
  private readonly deleteStmt: Statement<[string]>;
  private readonly anyStmt: Statement<[], { id: string }>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO workspaces (id, name, owner_email, owner_name, owner_id, owner_avatar, auth_token, email_verified, created_at)
       VALUES (@id, @name, @owner_email, @owner_name, @owner_id, @owner_avatar, @auth_token, @email_verified, @created_at)`,
    );
    this.byIdStmt = db.prepare('SELECT * FROM workspaces WHERE id = ?');
    this.byEmailStmt = db.prepare('SELECT * FROM workspaces WHERE owner_email = ?');
    this.setVerifiedStmt = db.prepare('UPDATE workspaces SET email_verified = ? WHERE id = ?');
    this.deleteStmt = db.prepare('DELETE FROM workspaces WHERE id = ?');
    this.anyStmt = db.prepare('SELECT id FROM workspaces LIMIT 1');
  }

  insert(ws: WorkspaceRecord): void {
    this.insertStmt.run({
      id: ws.id,
      name: ws.name,
      owner_email: ws.ownerEmail,
      owner_name: ws.ownerName,
      owner_id: ws.ownerId,
      owner_avatar: ws.ownerAvatar,
      auth_token: ws.authToken,
      email_verified: ws.emailVerified ? 1 : 0,
      created_at: ws.createdAt,
    });
  }

  findById(id: string): WorkspaceRecord | undefined {
    const row = this.byIdStmt.get(id);
    return row && fromRow(row);
  }

  /** Case-insensitive, as mail providers treat addresses. */
  findByOwnerEmail(email: string): WorkspaceRecord | undefined {
    const row = this.byEmailStmt.get(email);
    return row && fromRow(row);
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
