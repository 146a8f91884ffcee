import { workspaceResource } from '../provision.js';
import type { HandlerDeps, Handlers } from './types.js';

/** Operation 141: the caller's workspace, exactly as creating it (op 1) answered it. */
export function workspaceReadHandlers(deps: HandlerDeps): Handlers<'workspace.get'> {
  return {
    'workspace.get': (_data, { auth }) => ({
      // The service's message has no final period.
      message: 'Workspace retrieved successfully',
      data: workspaceResource(deps.store, auth.workspace),
    }),
  };
}
