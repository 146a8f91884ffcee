import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AuthLevel } from '../catalogue/types.js';
import type { CredentialHeaders } from '../config/header-prefix.js';
import { EmulatorError } from './errors.js';
import type { ApiKeyRecord } from './store/api-keys.js';
import type { Store } from './store/store.js';
import type { WorkspaceRecord } from './store/workspaces.js';

export interface WorkspaceAuth {
  workspace: WorkspaceRecord;
}

export interface KeyAuth {
  workspace: WorkspaceRecord;
  apiKey: ApiKeyRecord;
}

/** What a handler of an operation at each auth level is given. */
export type AuthFor<L extends AuthLevel> = L extends 'key'
  ? KeyAuth
  : L extends 'workspace'
    ? WorkspaceAuth
    : null;

function header(headers: IncomingHttpHeaders, name: string, label: string): string {
  const value = headers[name];
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') throw new EmulatorError('INVALID_ARGUMENT', `${label} not found in headers.`);
  return text;
}

// Hashing first gives equal lengths, so the comparison time says nothing about the secret.
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * The workspace's token, under either name the contract gives it (the workspace-level pages
 * call it `…-workspace-auth-token`); both at once with different values is ambiguous, and
 * refused rather than one of them guessed.
 */
function workspaceToken(headers: IncomingHttpHeaders, names: CredentialHeaders): string {
  if (headers[names.workspaceAuthToken] === undefined)
    return header(headers, names.authToken, 'Auth Token');
  const token = header(headers, names.workspaceAuthToken, 'Auth Token');
  if (
    headers[names.authToken] !== undefined &&
    header(headers, names.authToken, 'Auth Token') !== token
  )
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `${names.authToken} and ${names.workspaceAuthToken} hold different tokens: send one.`,
    );
  return token;
}

function workspaceAuth(
  headers: IncomingHttpHeaders,
  store: Store,
  names: CredentialHeaders,
): WorkspaceAuth {
  const workspaceId = header(headers, names.workspaceId, 'Workspace ID');
  const token = workspaceToken(headers, names);
  const workspace = store.workspaces.findById(workspaceId);
  if (!workspace) throw new EmulatorError('NOT_FOUND', 'Workspace not found.');
  if (!sameSecret(token, workspace.authToken)) {
    throw new EmulatorError('UNAUTHENTICATED', 'Invalid auth token for this workspace.');
  }
  return { workspace };
}

function keyAuth(headers: IncomingHttpHeaders, store: Store, names: CredentialHeaders): KeyAuth {
  const apiKeyId = header(headers, names.apiKey, 'API Key');
  const token = header(headers, names.authToken, 'Auth Token');
  // One answer for an unknown key and for a token of another key, so neither is revealed.
  // Made only when needed: an error captures a stack, which every request would pay for.
  const denied = () => new EmulatorError('PERMISSION_DENIED', 'Invalid API key or auth token.');
  const apiKey = store.apiKeys.findKey(apiKeyId);
  if (!apiKey || !store.apiKeys.findTokenOfKey(apiKey.id, token)) throw denied();
  const workspace = store.workspaces.findById(apiKey.workspaceId);
  if (!workspace) throw denied();
  return { workspace, apiKey };
}

/**
 * Checks the credential headers an operation's level asks for (docs/wire-notes.md,
 * "Credentials"), under the names the emulator was started with (`x-service-…` by default).
 */
export function authenticate(
  level: AuthLevel,
  headers: IncomingHttpHeaders,
  store: Store,
  names: CredentialHeaders,
): WorkspaceAuth | KeyAuth | null {
  switch (level) {
    case 'public':
      return null;
    case 'workspace':
      return workspaceAuth(headers, store, names);
    case 'key':
      return keyAuth(headers, store, names);
  }
}
