/** Whose data a row is: every resource lives under one workspace and one of its API keys. */
export interface Scope {
  workspaceId: string;
  apiKeyId: string;
}

/** The named parameters every scoped statement binds. */
export interface ScopeParams {
  workspace_id: string;
  api_key_id: string;
}

export function scopeParams(scope: Scope): ScopeParams {
  return { workspace_id: scope.workspaceId, api_key_id: scope.apiKeyId };
}

/** The WHERE clause that keeps a statement inside one scope. */
export const IN_SCOPE = 'workspace_id = @workspace_id AND api_key_id = @api_key_id';
