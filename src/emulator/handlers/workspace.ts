import { EmulatorError } from '../errors.js';
import { newId, newToken } from '../ids.js';
import { provisionWorkspace, workspaceResource } from '../provision.js';
import { refuseDisposableEmail } from '../service-rules.js';
import type { HandlerDeps, Handlers } from './types.js';

/** Operations 1, 2, 4 and 5 of the spec. */
export function workspaceHandlers(
  deps: HandlerDeps,
): Handlers<
  | 'workspace.create'
  | 'workspace.authTokens'
  | 'workspace.emailStatus'
  | 'workspace.loginLink'
  | 'workspace.get'
> {
  const { store } = deps;
  return {
    'workspace.create': (data, caller) => {
      deps.rateLimits.take('workspace.create', caller.clientIp);
      const created = provisionWorkspace(store, data, deps.now());
      return {
        message: 'Workspace created successfully.',
        data: created.workspace,
        workspaceId: created.workspaceId,
      };
    },

    'workspace.authTokens': (data, caller) => {
      const key = store.apiKeys.findKey(data.apiKey);
      // Another workspace's key is reported exactly like a key that does not exist.
      if (!key || key.workspaceId !== caller.auth.workspace.id) {
        throw new EmulatorError('NOT_FOUND', 'API key not found.');
      }
      const authTokens = store.apiKeys
        .tokensOf(key.id)
        .map(({ token, name, domains }) => ({ token, name, domains }));
      return {
        message: 'Auth tokens retrieved successfully.',
        data: { apiKey: key.id, authTokens },
      };
    },

    'workspace.emailStatus': (data, caller) => {
      deps.rateLimits.take('workspace.emailStatus', caller.clientIp);
      const workspace = store.workspaces.findByOwnerEmail(data.ownerEmail);
      if (!workspace) throw new EmulatorError('NOT_FOUND', 'No workspace found for this email.');
      return {
        message: workspace.emailVerified
          ? 'Email verified and workspace reactivated.'
          : 'Email not yet verified.',
        data: { verified: workspace.emailVerified },
        workspaceId: workspace.id,
      };
    },

    'workspace.loginLink': (data, caller) => {
      deps.rateLimits.take('workspace.loginLink', caller.clientIp);
      deps.continueHosts.check(data.continueUrl);
      refuseDisposableEmail(data.email, 'email');
      // Sent whether or not the address owns a workspace, so the answer reveals nothing.
      const owner = store.workspaces.findByOwnerEmail(data.email);
      const verifyToken = newToken();
      store.outbox.insert({
        id: newId(),
        workspaceId: owner?.id ?? null,
        kind: 'login-link',
        toEmail: data.email,
        subject: 'Sign in to your workspace',
        link: `${deps.baseUrl()}/_emulator/verify?token=${verifyToken}`,
        verifyToken,
        continueUrl: data.continueUrl,
        createdAt: deps.now(),
      });
      return {
        message: 'Login link sent.',
        data: null,
        ...(owner && { workspaceId: owner.id }),
      };
    },

    // Operation 141: the caller's workspace, exactly as creating it (op 1) answered it.
    'workspace.get': (_data, { auth }) => ({
      // The service's message has no final period.
      message: 'Workspace retrieved successfully',
      data: workspaceResource(deps.store, auth.workspace),
    }),
  };
}
