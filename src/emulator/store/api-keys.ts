import type { Database } from './sqlite.js';
import { stringList, tableColumns } from './columns.js';
import { type RecordQuery, RecordTable } from './table-rows.js';

export interface ApiKeyRecord {
  id: string;
  workspaceId: string;
  name: string;
  type: string;
  createdAt: number;
}

export interface AuthTokenRecord {
  token: string;
  apiKeyId: string;
  name: string;
  domains: string[];
  createdAt: number;
}

const keyColumns = tableColumns<ApiKeyRecord>({
  id: 'id',
  workspaceId: 'workspace_id',
  name: 'name',
  type: 'type',
  createdAt: 'created_at',
});

const tokenColumns = tableColumns<AuthTokenRecord>({
  token: 'token',
  apiKeyId: 'api_key_id',
  name: 'name',
  domains: stringList('domains'),
  createdAt: 'created_at',
});

/** The `api_keys` and `auth_tokens` tables: the key-level credentials. */
export class ApiKeyTable {
  readonly insertKey: (key: ApiKeyRecord) => void;
  readonly insertToken: (token: AuthTokenRecord) => void;
  private readonly keyById: RecordQuery<[string], ApiKeyRecord>;
  private readonly keysOfWorkspace: RecordQuery<[string], ApiKeyRecord>;
  private readonly tokensOfKey: RecordQuery<[string], AuthTokenRecord>;
  private readonly tokenOfKey: RecordQuery<[string, string], AuthTokenRecord>;

  constructor(db: Database) {
    const keys = new RecordTable(db, 'api_keys', keyColumns);
    const tokens = new RecordTable(db, 'auth_tokens', tokenColumns);
    this.insertKey = keys.insert();
    this.insertToken = tokens.insert();
    this.keyById = keys.select('WHERE id = ?');
    this.keysOfWorkspace = keys.select('WHERE workspace_id = ? ORDER BY created_at, rowid');
    this.tokensOfKey = tokens.select('WHERE api_key_id = ? ORDER BY created_at, rowid');
    this.tokenOfKey = tokens.select('WHERE token = ? AND api_key_id = ?');
  }

  findKey(id: string): ApiKeyRecord | undefined {
    return this.keyById.get(id);
  }

  keysOf(workspaceId: string): ApiKeyRecord[] {
    return this.keysOfWorkspace.all(workspaceId);
  }

  tokensOf(apiKeyId: string): AuthTokenRecord[] {
    return this.tokensOfKey.all(apiKeyId);
  }

  /** The token when it belongs to that key; any other pairing is no credential at all. */
  findTokenOfKey(apiKeyId: string, token: string): AuthTokenRecord | undefined {
    return this.tokenOfKey.get(token, apiKeyId);
  }
}
