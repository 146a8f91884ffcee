import type { Database } from './sqlite.js';
import { coded, tableColumns } from './columns.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

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

const outboxColumns = tableColumns<OutboxMessage>({
  id: 'id',
  workspaceId: 'workspace_id',
  // Only the emulator writes this table, so the kinds it reads back are its own.
  kind: coded(
    'kind',
    (kind: OutboxMessage['kind']) => kind,
    (stored: string) => stored as OutboxMessage['kind'],
  ),
  toEmail: 'to_email',
  subject: 'subject',
  link: 'link',
  verifyToken: 'verify_token',
  continueUrl: 'continue_url',
  createdAt: 'created_at',
});

/** The `outbox` table. */
export class OutboxTable {
  readonly insert: (message: OutboxMessage) => void;
  private readonly all: RecordQuery<[], OutboxMessage>;
  private readonly to: RecordQuery<[string], OutboxMessage>;
  private readonly byToken: RecordQuery<[string], OutboxMessage>;

  constructor(db: Database) {
    const outbox = new RecordTable(db, 'outbox', outboxColumns);
    this.insert = outbox.insert();
    this.all = outbox.select('ORDER BY created_at, rowid');
    this.to = outbox.select('WHERE to_email = ? COLLATE NOCASE ORDER BY created_at, rowid');
    this.byToken = outbox.select('WHERE verify_token = ?');
  }

  list(toEmail?: string): OutboxMessage[] {
    return toEmail === undefined ? this.all.all() : this.to.all(toEmail);
  }

  findByVerifyToken(token: string): OutboxMessage | undefined {
    return this.byToken.get(token);
  }
}
