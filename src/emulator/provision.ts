import type { Workspace } from '../catalogue/models.js';
import { EmulatorError } from './errors.js';
import { newId, newToken } from './ids.js';
import { refuseDisposableEmail } from './service-rules.js';
import type { Store } from './store/store.js';
import type { WorkspaceRecord } from './store/workspaces.js';

export interface NewWorkspace {
  ownerEmail: string;
  name?: string | undefined;
  workspaceName?: string | undefined;
  avatar?: string | undefined;
}

/** What a caller needs to use a new workspace at both auth levels. */
export interface WorkspaceCredentials {
  workspaceId: string;
  workspaceToken: string;
  /** The id of the workspace's `testing` API key. */
  apiKey: string;
  /** That key's "Default Auth Token". */
  authToken: string;
  workspace: Workspace;
}

const DEFAULT_API_KEY_NAME = 'Default API Key';
const DEFAULT_AUTH_TOKEN_NAME = 'Default Auth Token';

/** A workspace as the spec's Workspace resource, with `apiKeyList` keyed by key id. */
export function workspaceResource(store: Store, ws: WorkspaceRecord): Workspace {
  const apiKeyList: Workspace['apiKeyList'] = {};
  for (const key of store.apiKeys.keysOf(ws.id)) {
    apiKeyList[key.id] = { apiKeyName: key.name, id: key.id, type: key.type };
  }
  return {
    id: ws.id,
    name: ws.name,
    owner: { email: ws.ownerEmail, id: ws.ownerId, name: ws.ownerName, avatar: ws.ownerAvatar },
    authToken: ws.authToken,
    apiKeyList,
  };
}

/**
 * Creates a workspace with its owner, one `testing` API key and that key's default auth
 * token, applying the service's rules for the owner email (spec op 1, docs/wire-notes.md).
 */
export function provisionWorkspace(
  store: Store,
  input: NewWorkspace,
  now: number,
): WorkspaceCredentials {
  refuseDisposableEmail(input.ownerEmail, 'ownerEmail');
  const name = input.name ?? input.ownerEmail;
  const workspace: WorkspaceRecord = {
    id: newId(),
    name: input.workspaceName ?? `${name} workspace`,
    ownerEmail: input.ownerEmail,
    ownerName: name,
    ownerId: newId(),
    ownerAvatar: input.avatar ?? '',
    authToken: newToken(),
    emailVerified: false,
    createdAt: now,
  };
  const apiKey = { id: newId(), workspaceId: workspace.id, type: 'testing', createdAt: now };
  const authToken = newToken();

  return store.transaction(() => {
    if (store.workspaces.findByOwnerEmail(input.ownerEmail)) {
      throw new EmulatorError('ALREADY_EXISTS', 'A workspace already exists for this email.');
    }
    store.workspaces.insert(workspace);
    // Stored at once, so options this run switches on by default stay on after a restart.
    store.consoleOptions.set(workspace.id, {});
    store.apiKeys.insertKey({ ...apiKey, name: DEFAULT_API_KEY_NAME });
    store.apiKeys.insertToken({
      token: authToken,
      apiKeyId: apiKey.id,
      name: DEFAULT_AUTH_TOKEN_NAME,
      domains: [],
      createdAt: now,
    });
    return {
      workspaceId: workspace.id,
      workspaceToken: workspace.authToken,
      apiKey: apiKey.id,
      authToken,
      workspace: workspaceResource(store, workspace),
    };
  });
}

/**
 * The credentials of the workspace that `ownerEmail` owns (its first key and that key's
 * first token), or undefined when it owns none.
 */
export function existingWorkspaceCredentials(
  store: Store,
  ownerEmail: string,
): WorkspaceCredentials | undefined {
  const ws = store.workspaces.findByOwnerEmail(ownerEmail);
  const key = ws && store.apiKeys.keysOf(ws.id)[0];
  const token = key && store.apiKeys.tokensOf(key.id)[0];
  if (!ws || !key || !token) return undefined;
  return {
    workspaceId: ws.id,
    workspaceToken: ws.authToken,
    apiKey: key.id,
    authToken: token.token,
    workspace: workspaceResource(store, ws),
  };
}
