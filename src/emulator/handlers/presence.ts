import { EmulatorError } from '../errors.js';
import type { HandlerDeps, Handlers } from './types.js';

/**
 * Operation 19 of the spec: each user joins the document's presence list, or replaces
 * their own entry (status included) when already on it. Creates the organization on first
 * use, as activities add does.
 */
export function presenceHandlers(
  deps: HandlerDeps,
): Handlers<'presence.add' | 'presence.update' | 'presence.remove'> {
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

    // Operation 136: the members given replace those of each user's entry, the others kept.
    // The contract leaves open a user who is not present: NOT_FOUND naming them, and nothing
    // changed, since its answer has no per-user outcome.
    'presence.update': (data, { scope }) => {
      const { organizationId, documentId } = data;
      const now = deps.now();
      const current = data.users.map((user) => ({
        user,
        entry: store.presence.get(scope, organizationId, documentId, user.userId),
      }));
      const absent = current
        .filter(({ entry }) => entry === undefined)
        .map(({ user }) => user.userId);
      if (absent.length > 0)
        throw new EmulatorError(
          'NOT_FOUND',
          `Not on the presence list of document ${documentId}: ${absent.join(', ')}.`,
        );
      store.transaction(() => {
        for (const { user, entry } of current)
          store.presence.put(scope, organizationId, documentId, { ...entry, ...user }, now);
      });
      return { message: 'Presence updated successfully.', data: { success: true } };
    },

    // Operation 137: a user who is not on the list is no error; afterwards none of them is.
    'presence.remove': (data, { scope }) => {
      const { organizationId, documentId } = data;
      store.transaction(() => {
        for (const userId of data.userIds)
          store.presence.remove(scope, organizationId, documentId, userId);
      });
      return { message: 'Presence deleted successfully.', data: { success: true } };
    },
  };
}
