import type * as z from 'zod';
import { EmulatorError } from './errors.js';
import type { Store } from './store/store.js';
import { describeIssues } from './validation.js';

/**
 * An admin call's query parameters checked against `schema` (unknown ones refused), and the
 * workspace they name, when they name one, known to the store.
 */
export function parseAdminQuery<S extends z.ZodType<{ workspaceId?: string | undefined }>>(
  store: Store,
  query: URLSearchParams,
  schema: S,
): z.output<S> {
  const parsed = schema.safeParse(Object.fromEntries(query));
  if (!parsed.success) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      describeIssues(parsed.error.issues, { root: '', lead: 'Invalid query' }),
    );
  }
  const { workspaceId } = parsed.data;
  if (workspaceId !== undefined && !store.workspaces.findById(workspaceId)) {
    throw new EmulatorError('NOT_FOUND', `Workspace ${workspaceId} not found.`);
  }
  return parsed.data;
}
