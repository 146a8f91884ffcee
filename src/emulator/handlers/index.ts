import type { HandlerDeps, HandlerTable } from './types.js';
import { workspaceHandlers } from './workspace.js';

/** Every implemented operation; the others answer UNIMPLEMENTED. */
export function createHandlers(deps: HandlerDeps): HandlerTable {
  return { ...workspaceHandlers(deps) };
}
