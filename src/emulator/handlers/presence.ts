import type { HandlerDeps, Handlers } from './types.js';

/**
 * Operation 19 of the spec: each user joins the document's presence list, or replaces
 * their own entry (status included) when already on it. Creates the organization on first
 * use, as activities add does.
 */
export function presenceHandlers(deps: HandlerDeps): Handlers<'presence.add'> {
  const { store } = deps;
  return {
    'presence.add': (data, { scope }) => {
      const { organizationId, documentId } = data;
      const now = deps.now();
      store.transaction(() => {
        store.organizations.ensure(scope, organizationId);
        for (const user of data.users) {
          store.presence.put(scope, organizationId, documentId, user, now);
        }
      });
      return { message: 'Users added to presence.', data: { success: true } };
    },
  };
}
