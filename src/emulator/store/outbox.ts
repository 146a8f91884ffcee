import type { Database, Statement } from 'better-sqlite3';

/** An email the service "sent"; kept so tests and people can read it and follow its link. */
export interface OutboxMessage {
  id: string;
  /** The workspace the recipient owned when it was sent, if any. */
  workspaceId: string | null;
  kind: 'login-link';
  toEmail: string;
  subject: string;
  link: string | null;
  /** The secret in `link` that `/_emulator/verify` accepts. */
  verifyToken: string | null;
  continueUrl: string | null;
  createdAt: number;
}

interface OutboxRow {
  id: string;
  workspace_id: string | null;
  kind: string;
  to_email: string;
  subject: string;
  link: string | null;
  verify_token: string | null;
  continue_url: string | null;
  created_at: number;
}

function fromRow(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    kind: row.kind as OutboxMessage['kind'],
    toEmail: row.to_email,
    subject: row.subject,
    link: row.link,
    verifyToken: row.verify_token,
    continueUrl: row.continue_url,
    createdAt: row.created_at,
  };
}

/** The `outbox` table. */
export class OutboxTable {
  private readonly insertStmt: Statement<[OutboxRow]>;
  private readonly allStmt: Statement<[], OutboxRow>;
  private readonly toStmt: Statement<[string], OutboxRow>;
  private readonly byTokenStmt: Statement<[string], OutboxRow>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO outbox (id, workspace_id, kind, to_email, subject, link, verify_token, continue_url, created_at)
       VALUES (@id, @workspace_id, @kind, @to_email, @subject, @link, @verify_token, @continue_url, @created_at)`,
    );
    this.allStmt = db.prepare('SELECT * FROM outbox ORDER BY created_at, rowid');
    this.toStmt = db.prepare(
      'SELECT * FROM outbox WHERE to_email = ? COLLATE NOCASE ORDER BY created_at, rowid',
    );
    this.byTokenStmt = db.prepare('SELECT * FROM outbox WHERE verify_token = ?');
  }

  insert(message: OutboxMessage): void {
    this.insertStmt.run({
      id: message.id,
      workspace_id: message.workspaceId,
      kind: message.kind,
      to_email: message.toEmail,
      subject: message.subject,
      link: message.link,
      verify_token: message.verifyToken,
      continue_url: message.continueUrl,
      created_at: message.createdAt,
    });
  }

  list(toEmail?: string): OutboxMessage[] {
    const rows = toEmail === undefined ? this.allStmt.all() : this.toStmt.all(toEmail);
    return rows.map(fromRow);
  }

  findByVerifyToken(token: string): OutboxMessage | undefined {
    const row = this.byTokenStmt.get(token);
    return row && fromRow(row);
  }
}
