import { perItem } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';

/**
 * Operation 14 of the spec; like folders add, it creates the organization on first use.
 * Adding a group that exists with the same name succeeds, so a resent request is harmless.
 */
export function groupHandlers(deps: HandlerDeps): Handlers<'groups.add'> {
  const { store } = deps;
  return {
    'groups.add': (data, { scope }) => {
      const orgId = data.organizationId;
      const result = perItem(
        store,
        data.organizationUserGroups,
        (group) => group.groupId,
        ({ groupId: id, groupName }) => {
          const existing = store.userGroups.nameOf(scope, orgId, id);
          // The same group again is what a resent request looks like: done, not a conflict.
          if (existing === groupName) {
            return { success: true, id, message: `User group ${id} already exists as given.` };
          }
          if (existing !== undefined) {
            return { success: false, id, message: `User group ${id} already exists.` };
          }
          store.organizations.ensure(scope, orgId);
          store.userGroups.insert(scope, { organizationId: orgId, id, name: groupName });
          return { success: true, id, message: 'User group added.' };
        },
      );
      return { message: 'User groups processed.', data: result };
    },
  };
}
