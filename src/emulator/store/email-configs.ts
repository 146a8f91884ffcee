import type { Database, Statement } from './sqlite.js';
import { type Scope, type ScopeParams, scopeParams } from './scope.js';

/** The email service settings of operation 3, as stored: the provider key sealed. */
export interface StoredEmailConfig {
  useEmailService?: boolean;
  type?: string;
  /** The provider key, encrypted (SecretBox); never stored in clear. */
  sealedApiKey?: string;
  fromEmail?: string;
  fromCompany?: string;
  triggers?: Record<string, boolean>;
}

interface Row {
  use_email_service: number | null;
  type: string | null;
  sealed_api_key: string | null;
  from_email: string | null;
  from_company: string | null;
  triggers: string | null;
}

type RowParams = ScopeParams & Row & { updated_at: number };

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined;

/** `email_configs`: one row per API key, each update merged into it. */
export class EmailConfigTable {
  private readonly getStmt: Statement<[ScopeParams], Row>;
  private readonly putStmt: Statement<[RowParams]>;

  constructor(db: Database) {
    this.getStmt = db.prepare(
      `SELECT use_email_service, type, sealed_api_key, from_email, from_company, triggers
       FROM email_configs WHERE workspace_id = @workspace_id AND api_key_id = @api_key_id`,
    );
    this.putStmt = db.prepare(
      `INSERT INTO email_configs (workspace_id, api_key_id, use_email_service, type,
         sealed_api_key, from_email, from_company, triggers, updated_at)
       VALUES (@workspace_id, @api_key_id, @use_email_service, @type, @sealed_api_key,
         @from_email, @from_company, @triggers, @updated_at)
       ON CONFLICT (workspace_id, api_key_id) DO UPDATE SET
         use_email_service = excluded.use_email_service, type = excluded.type,
         sealed_api_key = excluded.sealed_api_key, from_email = excluded.from_email,
         from_company = excluded.from_company, triggers = excluded.triggers,
         updated_at = excluded.updated_at`,
    );
  }

  get(scope: Scope): StoredEmailConfig | undefined {
    const row = this.getStmt.get(scopeParams(scope));
    if (!row) return undefined;
    return {
      ...(row.use_email_service !== null && { useEmailService: row.use_email_service === 1 }),
      type: orUndefined(row.type),
      sealedApiKey: orUndefined(row.sealed_api_key),
      fromEmail: orUndefined(row.from_email),
      fromCompany: orUndefined(row.from_company),
      triggers:
        row.triggers === null ? undefined : (JSON.parse(row.triggers) as Record<string, boolean>),
    };
  }

  put(scope: Scope, config: StoredEmailConfig, now: number): void {
    this.putStmt.run({
      ...scopeParams(scope),
      use_email_service:
        config.useEmailService === undefined ? null : Number(config.useEmailService),
      type: config.type ?? null,
      sealed_api_key: config.sealedApiKey ?? null,
      from_email: config.fromEmail ?? null,
      from_company: config.fromCompany ?? null,
      triggers: config.triggers === undefined ? null : JSON.stringify(config.triggers),
      updated_at: now,
    });
  }
}
