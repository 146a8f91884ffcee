import type { Database, Statement } from './sqlite.js';
import * as z from 'zod';
import { PROVIDER_IDS, type ProviderId } from '../ai/providers.js';
import { checked, tableColumns } from './columns.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

/** A workspace's key for one AI provider, sealed (SecretBox): never stored in clear. */
export interface AiKeyRecord {
  provider: ProviderId;
  sealedKey: string;
  updatedAt: number;
}

const aiKeyColumns = tableColumns<AiKeyRecord>({
  provider: checked('provider', z.enum(PROVIDER_IDS)),
  sealedKey: 'sealed_key',
  updatedAt: 'updated_at',
});

type InWorkspace = { workspace_id: string };

/** `ai_keys`: the workspace's AI model configuration, one key per provider. */
export class AiKeyTable {
  private readonly upsert: (key: AiKeyRecord, workspaceId: string) => void;
  private readonly findStmt: Statement<
    [InWorkspace & { provider: ProviderId }],
    { sealed_key: string }
  >;
  private readonly listQuery: RecordQuery<[string], AiKeyRecord>;

  constructor(db: Database) {
    const aiKeys = new RecordTable(db, 'ai_keys', aiKeyColumns);
    this.upsert = aiKeys.insert({
      leading: ['workspace_id'],
      onConflict: `ON CONFLICT (workspace_id, provider) DO UPDATE SET
         sealed_key = excluded.sealed_key, updated_at = excluded.updated_at`,
    });
    this.findStmt = db.prepare(
      'SELECT sealed_key FROM ai_keys WHERE workspace_id = @workspace_id AND provider = @provider',
    );
    this.listQuery = aiKeys.select('WHERE workspace_id = ? ORDER BY provider');
  }

  put(workspaceId: string, provider: ProviderId, sealedKey: string, now: number): void {
    this.upsert({ provider, sealedKey, updatedAt: now }, workspaceId);
  }

  /** The sealed key, or undefined when the workspace has none for the provider. */
  find(workspaceId: string, provider: ProviderId): string | undefined {
    return this.findStmt.get({ workspace_id: workspaceId, provider })?.sealed_key;
  }

  list(workspaceId: string): AiKeyRecord[] {
    return this.listQuery.all(workspaceId);
  }
}
