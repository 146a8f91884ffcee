import type { Database, Statement } from 'better-sqlite3';
import * as z from 'zod';

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

interface ApiKeyRow {
  id: string;
  workspace_id: string;
  name: string;
  type: string;
  created_at: number;
}

interface AuthTokenRow {
  token: string;
  api_key_id: string;
  name: string;
  domains: string;
  created_at: number;
}

const domainList = z.array(z.string());

function keyFromRow(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    type: row.type,
    createdAt: row.created_at,
  };
}

function tokenFromRow(row: AuthTokenRow): AuthTokenRecord {
  return {
    token: row.token,
    apiKeyId: row.api_key_id,
    name: row.name,
    domains: domainList.parse(JSON.parse(row.domains)),
    createdAt: row.created_at,
  };
}

/** The `api_keys` and `auth_tokens` tables: the key-level credentials. */
export class ApiKeyTable {
  private readonly insertKeyStmt: Statement<[ApiKeyRow]>;
  private readonly insertTokenStmt: Statement<[AuthTokenRow]>;
  private readonly keyByIdStmt: Statement<[string], ApiKeyRow>;
  private readonly keysOfWorkspaceStmt: Statement<[string], ApiKeyRow>;
  private readonly tokensOfKeyStmt: Statement<[string], AuthTokenRow>;
  private readonly tokenOfKeyStmt: Statement<[string, string], AuthTokenRow>;

  constructor(db: Database) {
    this.insertKeyStmt = db.prepare(
      `INSERT INTO api_keys (id, workspace_id, name, type, created_at)
       VALUES (@id, @workspace_id, @name, @type, @created_at)`,
    );
    this.insertTokenStmt = db.prepare(
      `INSERT INTO auth_tokens (token, api_key_id, name, domains, created_at)
       VALUES (@token, @api_key_id, @name, @domains, @created_at)`,
    );
    this.keyByIdStmt = db.prepare('SELECT * FROM api_keys WHERE id = ?');
    this.keysOfWorkspaceStmt = db.prepare(
      'SELECT * FROM api_keys WHERE workspace_id = ? ORDER BY created_at, rowid',
    );
    this.tokensOfKeyStmt = db.prepare(
      'SELECT * FROM auth_tokens WHERE api_key_id = ? ORDER BY created_at, rowid',
    );
    this.tokenOfKeyStmt = db.prepare(
      'SELECT * FROM auth_tokens WHERE token = ? AND api_key_id = ?',
    );
  }

  insertKey(key: ApiKeyRecord): void {
    this.insertKeyStmt.run({
      id: key.id,
      workspace_id: key.workspaceId,
      name: key.name,
      type: key.type,
      created_at: key.createdAt,
    });
  }

  insertToken(token: AuthTokenRecord): void {
    this.insertTokenStmt.run({
      token: token.token,
      api_key_id: token.apiKeyId,
      name: token.name,
      domains: JSON.stringify(token.domains),
      created_at: token.createdAt,
    });
  }

  findKey(id: string): ApiKeyRecord | undefined {
    const row = this.keyByIdStmt.get(id);
    return row && keyFromRow(row);
  }

  keysOf(workspaceId: string): ApiKeyRecord[] {
    return this.keysOfWorkspaceStmt.all(workspaceId).map(keyFromRow);
  }

  tokensOf(apiKeyId: string): AuthTokenRecord[] {
    return this.tokensOfKeyStmt.all(apiKeyId).map(tokenFromRow);
  }

  /** The token when it belongs to that key; any other pairing is no credential at all. */
  findTokenOfKey(apiKeyId: string, token: string): AuthTokenRecord | undefined {
    const row = this.tokenOfKeyStmt.get(token, apiKeyId);
    return row && tokenFromRow(row);
  }
}
