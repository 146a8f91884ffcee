import type { Database, Statement } from './sqlite.js';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

/** The key-level service configurations of operations 150 to 157. */
export type ServiceConfigKind = 'apiKey' | 'notification' | 'activity' | 'permissionProvider';

/** A configuration as stored: its members as JSON, and its one secret sealed (SecretBox). */
export interface StoredServiceConfig {
  config: Record<string, unknown>;
  sealedSecret?: string;
}

interface Row {
  config: string;
  sealed_secret: string | null;
}

type Key = ScopeParams & { kind: ServiceConfigKind };

/** `service_configs`: one row per API key and kind, each update merged into it. */
export class ServiceConfigTable {
  private readonly getStmt: Statement<[Key], Row>;
  private readonly putStmt: Statement<[Key & Row & { updated_at: number }]>;

  constructor(db: Database) {
    this.getStmt = db.prepare(
      `SELECT config, sealed_secret FROM service_configs WHERE ${IN_SCOPE} AND kind = @kind`,
    );
    this.putStmt = db.prepare(
      `INSERT INTO service_configs (workspace_id, api_key_id, kind, config, sealed_secret,
         updated_at)
       VALUES (@workspace_id, @api_key_id, @kind, @config, @sealed_secret, @updated_at)
       ON CONFLICT (workspace_id, api_key_id, kind) DO UPDATE SET
         config = excluded.config, sealed_secret = excluded.sealed_secret,
         updated_at = excluded.updated_at`,
    );
  }

  /** What is stored; undefined when nothing has been written for this key and kind. */
  get(scope: Scope, kind: ServiceConfigKind): StoredServiceConfig | undefined {
    const row = this.getStmt.get({ ...scopeParams(scope), kind });
    if (!row) return undefined;
    const config = JSON.parse(row.config) as Record<string, unknown>;
    return row.sealed_secret === null ? { config } : { config, sealedSecret: row.sealed_secret };
  }

  put(scope: Scope, kind: ServiceConfigKind, stored: StoredServiceConfig, now: number): void {
    this.putStmt.run({
      ...scopeParams(scope),
      kind,
      config: JSON.stringify(stored.config),
      sealed_secret: stored.sealedSecret ?? null,
      updated_at: now,
    });
  }
}
