import { EmulatorError } from '../errors.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import { perItem } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';

/** A group the request names must exist: there is nothing to add anyone to otherwise. */
function requireGroup(store: Store, scope: Scope, orgId: string, groupId: string): void {
  if (store.userGroups.nameOf(scope, orgId, groupId) === undefined)
    throw new EmulatorError(
      'NOT_FOUND',
      `User group ${groupId} does not exist in organization ${orgId}.`,
    );
}

/**
 * Operation 14 of the spec; like folders add, it creates the organization on first use.
 * Adding a group that exists with the same name succeeds, so a resent request is harmless.
 */
export function groupHandlers(
  deps: HandlerDeps,
): Handlers<'groups.add' | 'groups.members.add' | 'groups.members.remove'> {
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

    // Operation 124. The contract leaves open whether the group and users must exist: the
    // group must (NOT_FOUND, nothing added), and each user must be one of the organization's
    // users (a user who is not fails on their own). Adding a member again succeeds.
    'groups.members.add': (data, { scope }) => {
      const { organizationId: orgId, organizationUserGroupId: groupId } = data;
      requireGroup(store, scope, orgId, groupId);
      const result = perItem(
        store,
        data.userIds,
        (userId) => userId,
        (userId) => {
          if (!store.organizationUsers.isMember(scope, orgId, userId))
            return {
              success: false,
              organizationUserGroupId: groupId,
              message: `User ${userId} is not a user of organization ${orgId}.`,
            };
          store.userGroups.addMember(scope, orgId, groupId, userId);
          return {
            success: true,
            organizationUserGroupId: groupId,
            message: 'User added to organization user group.',
          };
        },
      );
      return { message: 'Added organization users to group successfully.', data: result };
    },

    // Operation 125: the named members, or with deleteAll every one, each in the answer as
    // if named. A user who is not in the group fails on their own.
    'groups.members.remove': (data, { scope }) => {
      const { organizationId: orgId, organizationUserGroupId: groupId } = data;
      requireGroup(store, scope, orgId, groupId);
      const userIds = data.userIds ?? store.userGroups.members(scope, orgId, groupId);
      const result = perItem(
        store,
        userIds,
        (userId) => userId,
        (userId) =>
          store.userGroups.removeMember(scope, orgId, groupId, userId)
            ? {
                success: true,
                organizationUserGroupId: groupId,
                message: 'User deleted from organization user group.',
              }
            : {
                success: false,
                organizationUserGroupId: groupId,
                message: `User ${userId} is not in user group ${groupId}.`,
              },
      );
      return { message: 'Deleted users from group successfully.', data: result };
    },
  };
}
