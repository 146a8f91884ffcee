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

/** The columns that hold a row's scope, as an INSERT lists them. */
export const SCOPE_COLUMNS = ['workspace_id', 'api_key_id'] as const;

export function scopeParams(scope: Scope): ScopeParams {
  return { workspace_id: scope.workspaceId, api_key_id: scope.apiKeyId };
}

/** The WHERE clause that keeps a statement inside one scope. */
export const IN_SCOPE = 'workspace_id = @workspace_id AND api_key_id = @api_key_id';

/** The parameters of a statement about rows of one organization in a scope. */
export type OrganizationParams = ScopeParams & { organization_id: string };

export function organizationParams(scope: Scope, organizationId: string): OrganizationParams {
  return { ...scopeParams(scope), organization_id: organizationId };
}

/** The WHERE clause that keeps a statement inside one organization of a scope. */
export const IN_ORGANIZATION = `${IN_SCOPE} AND organization_id = @organization_id`;

/**
 * The parameters of a read of one document's rows across all API keys of a workspace: what
 * the admin calls show.
 */
export interface WorkspaceDocumentParams {
  workspace_id: string;
  organization_id: string;
  document_id: string;
}

export function workspaceDocumentParams(
  workspaceId: string,
  organizationId: string,
  documentId: string,
): WorkspaceDocumentParams {
  return { workspace_id: workspaceId, organization_id: organizationId, document_id: documentId };
}

/** The WHERE clause for WorkspaceDocumentParams. */
export const IN_WORKSPACE_DOCUMENT =
  'workspace_id = @workspace_id AND organization_id = @organization_id AND document_id = @document_id';
