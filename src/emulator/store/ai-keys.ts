import type { Database, Statement } from 'better-sqlite3';
import * as z from 'zod';
import { PROVIDER_IDS, type ProviderId } from '../ai/providers.js';

/** A workspace's key for one AI provider, sealed (SecretBox): never stored in clear. */
export interface AiKeyRecord {
  provider: ProviderId;
  sealedKey: string;
  updatedAt: number;
}

interface AiKeyRow {
  provider: string;
  sealed_key: string;
  updated_at: number;
}

type ByProvider = { workspace_id: string; provider: ProviderId };

const providerId = z.enum(PROVIDER_IDS);

/** `ai_keys`: the workspace's AI model configuration, one key per provider. */
export class AiKeyTable {
  private readonly putStmt: Statement<[ByProvider & { sealed_key: string; updated_at: number }]>;
  private readonly findStmt: Statement<[ByProvider], { sealed_key: string }>;
  private readonly listStmt: Statement<[string], AiKeyRow>;

  constructor(db: Database) {
    this.putStmt = db.prepare(
      `INSERT INTO ai_keys (workspace_id, provider, sealed_key, updated_at)
       VALUES (@workspace_id, @provider, @sealed_key, @updated_at)
       ON CONFLICT (workspace_id, provider) DO UPDATE SET
         sealed_key = excluded.sealed_key, updated_at = excluded.updated_at`,
    );
    this.findStmt = db.prepare(
      'SELECT sealed_key FROM ai_keys WHERE workspace_id = @workspace_id AND provider = @provider',
    );
    this.listStmt = db.prepare(
      'SELECT provider, sealed_key, updated_at FROM ai_keys WHERE workspace_id = ? ORDER BY provider',
    );
  }

  put(workspaceId: string, provider: ProviderId, sealedKey: string, now: number): void {
    this.putStmt.run({
      workspace_id: workspaceId,
      provider,
      sealed_key: sealedKey,
      updated_at: now,
    });
  }

  /** The sealed key, or undefined when the workspace has none for the provider. */
  find(workspaceId: string, provider: ProviderId): string | undefined {
    return this.findStmt.get({ workspace_id: workspaceId, provider })?.sealed_key;
  }

  list(workspaceId: string): AiKeyRecord[] {
    return this.listStmt.all(workspaceId).map((row) => ({
      provider: providerId.parse(row.provider),
      sealedKey: row.sealed_key,
      updatedAt: row.updated_at,
    }));
  }
}
