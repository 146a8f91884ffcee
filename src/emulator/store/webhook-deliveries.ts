import type { Database, Statement } from './sqlite.js';
import type { Scope } from './scope.js';

/**
 * Webhook deliveries and their attempts: what the delivery engine works from and what the
 * web UI and the admin calls show.
 */

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'stopped';

export interface DeliveryRecord {
  /** `dlv_…`: what attempts, admin calls and the UI name it by. */
  id: string;
  scope: Scope;
  /** The message's id: the `webhook-id` header, the same on every retry and receiver. */
  webhookId: string;
  kind: 'basic' | 'advanced';
  endpointId: string | null;
  url: string;
  event: string;
  /** The exact bytes sent, as UTF-8 text (signed over as they are). */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  /** On the webhook clock; null once nothing more is planned. */
  nextAttemptAt: number | null;
  createdAt: number;
}

export interface AttemptRecord {
  attempt: number;
  at: number;
  /** The receiver's HTTP status; null when none came (refused, timed out). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

interface DeliveryRow {
  id: string;
  workspace_id: string;
  api_key_id: string;
  webhook_id: string;
  kind: 'basic' | 'advanced';
  endpoint_id: string | null;
  url: string;
  event: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number | null;
  created_at: number;
}

interface AttemptRow {
  attempt: number;
  at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

const toDelivery = (row: DeliveryRow): DeliveryRecord => ({
  id: row.id,
  scope: { workspaceId: row.workspace_id, apiKeyId: row.api_key_id },
  webhookId: row.webhook_id,
  kind: row.kind,
  endpointId: row.endpoint_id,
  url: row.url,
  event: row.event,
  body: row.body,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  createdAt: row.created_at,
});

const toAttempt = (row: AttemptRow): AttemptRecord => ({
  attempt: row.attempt,
  at: row.at,
  statusCode: row.status_code,
  error: row.error,
  durationMs: row.duration_ms,
});

export type NewDelivery = Omit<DeliveryRecord, 'status' | 'attempts' | 'nextAttemptAt'>;

export class WebhookDeliveryTable {
  private readonly insertStmt: Statement<[Record<string, unknown>]>;
  private readonly findStmt: Statement<[string], DeliveryRow>;
  private readonly pendingStmt: Statement<[], DeliveryRow>;
  private readonly recentStmt: Statement<[{ workspace_id: string | null; n: number }], DeliveryRow>;
  private readonly byWebhookIdStmt: Statement<[string], DeliveryRow>;
  private readonly progressStmt: Statement<[Record<string, unknown>]>;
  private readonly attemptStmt: Statement<[Record<string, unknown>]>;
  private readonly attemptsStmt: Statement<[string], AttemptRow>;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO webhook_deliveries (id, workspace_id, api_key_id, webhook_id, kind,
         endpoint_id, url, event, body, status, attempts, next_attempt_at, created_at)
       VALUES (@id, @workspace_id, @api_key_id, @webhook_id, @kind, @endpoint_id, @url, @event,
         @body, 'pending', 0, @created_at, @created_at)`,
    );
    this.findStmt = db.prepare('SELECT * FROM webhook_deliveries WHERE id = ?');
    this.pendingStmt = db.prepare(
      "SELECT * FROM webhook_deliveries WHERE status = 'pending' ORDER BY seq",
    );
    this.recentStmt = db.prepare(
      `SELECT * FROM webhook_deliveries
       WHERE @workspace_id IS NULL OR workspace_id = @workspace_id ORDER BY seq DESC LIMIT @n`,
    );
    this.byWebhookIdStmt = db.prepare(
      'SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY seq',
    );
    this.progressStmt = db.prepare(
      `UPDATE webhook_deliveries SET status = @status, attempts = @attempts,
         next_attempt_at = @next_attempt_at WHERE id = @id`,
    );
    this.attemptStmt = db.prepare(
      `INSERT INTO webhook_attempts (workspace_id, delivery_id, attempt, at, status_code, error,
         duration_ms)
       VALUES ((SELECT workspace_id FROM webhook_deliveries WHERE id = @delivery_id),
         @delivery_id, @attempt, @at, @status_code, @error, @duration_ms)`,
    );
    this.attemptsStmt = db.prepare(
      'SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY seq',
    );
  }

  insert(delivery: NewDelivery): DeliveryRecord {
    this.insertStmt.run({
      id: delivery.id,
      workspace_id: delivery.scope.workspaceId,
      api_key_id: delivery.scope.apiKeyId,
      webhook_id: delivery.webhookId,
      kind: delivery.kind,
      endpoint_id: delivery.endpointId,
      url: delivery.url,
      event: delivery.event,
      body: delivery.body,
      created_at: delivery.createdAt,
    });
    return this.find(delivery.id) as DeliveryRecord;
  }

  find(id: string): DeliveryRecord | undefined {
    const row = this.findStmt.get(id);
    return row && toDelivery(row);
  }

  pending(): DeliveryRecord[] {
    return this.pendingStmt.all().map(toDelivery);
  }

  /** The latest deliveries, newest first; of one workspace when named. */
  recent(n: number, workspaceId?: string): DeliveryRecord[] {
    return this.recentStmt.all({ workspace_id: workspaceId ?? null, n }).map(toDelivery);
  }

  byWebhookId(webhookId: string): DeliveryRecord[] {
    return this.byWebhookIdStmt.all(webhookId).map(toDelivery);
  }

  setProgress(
    id: string,
    progress: Pick<DeliveryRecord, 'status' | 'attempts' | 'nextAttemptAt'>,
  ): void {
    this.progressStmt.run({
      id,
      status: progress.status,
      attempts: progress.attempts,
      next_attempt_at: progress.nextAttemptAt,
    });
  }

  addAttempt(id: string, attempt: AttemptRecord): void {
    this.attemptStmt.run({
      delivery_id: id,
      attempt: attempt.attempt,
      at: attempt.at,
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
    });
  }

  attempts(id: string): AttemptRecord[] {
    return this.attemptsStmt.all(id).map(toAttempt);
  }
}
