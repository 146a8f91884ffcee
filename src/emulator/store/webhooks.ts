import type { Database, Statement } from './sqlite.js';
import { IN_SCOPE, type Scope, type ScopeParams, scopeParams } from './scope.js';

/**
 * The webhook configuration of an API key (operations 29 to 32) and its advanced endpoints
 * (33 to 37). Secrets are stored sealed by the emulator's SecretBox, never in clear.
 */

/** The basic (V1) config as stored; `sealedAuthToken` is the sealed `authToken`. */
export interface StoredBasicConfig {
  useWebhookService?: boolean;
  sealedAuthToken?: string;
  rawNotificationUrl?: string;
  processedNotificationUrl?: string;
  encodeData?: boolean;
  encryptData?: boolean;
  publicKey?: string;
  triggers?: Record<string, boolean>;
}

/** The advanced (V2) config; present once provisioned by a first `isEnabled: true`. */
export type StoredAdvancedConfig = {
  isEnabled: boolean;
  encryptData: boolean;
  encodeData: boolean;
  publicKey: string;
  enableDataProtection: boolean;
};

/** An endpoint as the service shows it, plus its metadata (absent from the answers). */
export interface EndpointFields {
  id: string;
  url: string;
  description: string;
  filterTypes: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rateLimit: number | null;
  uid: string | null;
  createdAt: string;
  updatedAt: string;
  metadata?: Record<string, string>;
}

export interface EndpointRecord {
  seq: number;
  scope: Scope;
  endpoint: EndpointFields;
  sealedSecret: string;
  /** When the first failure of the current unbroken run of failures was; null when none. */
  failingSince: number | null;
}

interface EndpointRow {
  seq: number;
  workspace_id: string;
  api_key_id: string;
  endpoint: string;
  sealed_secret: string;
  failing_since: number | null;
}

type Kind = 'basic' | 'advanced';

const toRecord = (row: EndpointRow): EndpointRecord => ({
  seq: row.seq,
  scope: { workspaceId: row.workspace_id, apiKeyId: row.api_key_id },
  endpoint: JSON.parse(row.endpoint) as EndpointFields,
  sealedSecret: row.sealed_secret,
  failingSince: row.failing_since,
});

const ENDPOINT_COLUMNS = 'seq, workspace_id, api_key_id, endpoint, sealed_secret, failing_since';

export class WebhookTable {
  private readonly getConfig: Statement<
    [ScopeParams & { kind: Kind }],
    { config: string; sealed_auth_token: string | null }
  >;
  private readonly putConfig: Statement<
    [
      ScopeParams & {
        kind: Kind;
        config: string;
        sealed_auth_token: string | null;
        updated_at: number;
      },
    ]
  >;
  private readonly insertEndpoint: Statement<
    [ScopeParams & { id: string; endpoint: string; sealed_secret: string; at: number }]
  >;
  private readonly updateEndpoint: Statement<[{ id: string; endpoint: string; at: number }]>;
  private readonly findEndpoint: Statement<[ScopeParams & { id: string }], EndpointRow>;
  private readonly findAnyEndpoint: Statement<[{ id: string }], EndpointRow>;
  private readonly pageStmt: Statement<[ScopeParams & { after: number; n: number }], EndpointRow>;
  private readonly allStmt: Statement<ScopeParams[], EndpointRow>;
  private readonly deleteStmt: Statement<[ScopeParams & { id: string }]>;
  private readonly failingStmt: Statement<[{ id: string; since: number | null }]>;

  constructor(db: Database) {
    this.getConfig = db.prepare(
      `SELECT config, sealed_auth_token FROM webhook_configs WHERE ${IN_SCOPE} AND kind = @kind`,
    );
    this.putConfig = db.prepare(
      `INSERT INTO webhook_configs (workspace_id, api_key_id, kind, config, sealed_auth_token,
         updated_at)
       VALUES (@workspace_id, @api_key_id, @kind, @config, @sealed_auth_token, @updated_at)
       ON CONFLICT (workspace_id, api_key_id, kind) DO UPDATE SET
         config = excluded.config, sealed_auth_token = excluded.sealed_auth_token,
         updated_at = excluded.updated_at`,
    );
    this.insertEndpoint = db.prepare(
      `INSERT INTO webhook_endpoints (id, workspace_id, api_key_id, endpoint, sealed_secret,
         created_at, updated_at)
       VALUES (@id, @workspace_id, @api_key_id, @endpoint, @sealed_secret, @at, @at)`,
    );
    this.updateEndpoint = db.prepare(
      'UPDATE webhook_endpoints SET endpoint = @endpoint, updated_at = @at WHERE id = @id',
    );
    this.findEndpoint = db.prepare(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE ${IN_SCOPE} AND id = @id`,
    );
    this.findAnyEndpoint = db.prepare(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = @id`,
    );
    this.pageStmt = db.prepare(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints
       WHERE ${IN_SCOPE} AND seq > @after ORDER BY seq LIMIT @n`,
    );
    this.allStmt = db.prepare(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE ${IN_SCOPE} ORDER BY seq`,
    );
    this.deleteStmt = db.prepare(`DELETE FROM webhook_endpoints WHERE ${IN_SCOPE} AND id = @id`);
    this.failingStmt = db.prepare(
      'UPDATE webhook_endpoints SET failing_since = @since WHERE id = @id',
    );
  }

  basic(scope: Scope): StoredBasicConfig | undefined {
    const row = this.getConfig.get({ ...scopeParams(scope), kind: 'basic' });
    if (!row) return undefined;
    const config = JSON.parse(row.config) as StoredBasicConfig;
    return row.sealed_auth_token === null
      ? config
      : { ...config, sealedAuthToken: row.sealed_auth_token };
  }

  /** The token goes in a `sealed_…` column, which a state export opens and reseals. */
  putBasic(scope: Scope, config: StoredBasicConfig, now: number): void {
    const { sealedAuthToken, ...rest } = config;
    this.putConfig.run({
      ...scopeParams(scope),
      kind: 'basic',
      config: JSON.stringify(rest),
      sealed_auth_token: sealedAuthToken ?? null,
      updated_at: now,
    });
  }

  putAdvanced(scope: Scope, config: StoredAdvancedConfig, now: number): void {
    this.putConfig.run({
      ...scopeParams(scope),
      kind: 'advanced',
      config: JSON.stringify(config),
      sealed_auth_token: null,
      updated_at: now,
    });
  }

  addEndpoint(scope: Scope, endpoint: EndpointFields, sealedSecret: string, now: number): void {
    this.insertEndpoint.run({
      ...scopeParams(scope),
      id: endpoint.id,
      endpoint: JSON.stringify(endpoint),
      sealed_secret: sealedSecret,
      at: now,
    });
  }

  putEndpoint(endpoint: EndpointFields, now: number): void {
    this.updateEndpoint.run({ id: endpoint.id, endpoint: JSON.stringify(endpoint), at: now });
  }

  endpoint(scope: Scope, id: string): EndpointRecord | undefined {
    const row = this.findEndpoint.get({ ...scopeParams(scope), id });
    return row && toRecord(row);
  }

  /** Any scope's endpoint: what the delivery engine reads. */
  endpointById(id: string): EndpointRecord | undefined {
    const row = this.findAnyEndpoint.get({ id });
    return row && toRecord(row);
  }

  /** Up to `n` endpoints after position `after` (a `seq`; 0 for the first page). */
  page(scope: Scope, after: number, n: number): EndpointRecord[] {
    return this.pageStmt.all({ ...scopeParams(scope), after, n }).map(toRecord);
  }

  endpoints(scope: Scope): EndpointRecord[] {
    return this.allStmt.all(scopeParams(scope)).map(toRecord);
  }

  deleteEndpoint(scope: Scope, id: string): boolean {
    return this.deleteStmt.run({ ...scopeParams(scope), id }).changes > 0;
  }

  setFailingSince(id: string, since: number | null): void {
    this.failingStmt.run({ id, since });
  }

  advanced(scope: Scope): StoredAdvancedConfig | undefined {
    const row = this.getConfig.get({ ...scopeParams(scope), kind: 'advanced' });
    return row && (JSON.parse(row.config) as StoredAdvancedConfig);
  }
}
