import { label } from '../access.js';
import type { ResourceRef } from '../store/grants.js';
import { type BulkItem, perItem } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';

/**
 * Operation 15 of the spec. A document's or folder's contact list is the users granted
 * access to it, so removing a user from one removes that grant; removing a user from the
 * organization removes the membership and every grant in it.
 */
export function userHandlers(deps: HandlerDeps): Handlers<'users.remove'> {
  const { store } = deps;
  return {
    'users.remove': (data, { scope }) => {
      const orgId = data.organizationId;
      const from: ResourceRef =
        data.documentId !== undefined
          ? { kind: 'document', id: data.documentId }
          : data.folderId !== undefined
            ? { kind: 'folder', id: data.folderId }
            : { kind: 'organization', id: orgId };
      const exists = {
        organization: () => store.organizations.find(scope, orgId),
        folder: () => store.folders.find(scope, orgId, from.id),
        document: () => store.documents.find(scope, orgId, from.id),
      }[from.kind]();

      const remove = (userId: string): BulkItem => {
        if (from.kind !== 'organization' && exists === undefined) {
          return { success: false, message: `${label(from)} does not exist.` };
        }
        const known =
          store.organizationUsers.isMember(scope, orgId, userId) ||
          store.grants.ofUser(scope, orgId, userId).length > 0;
        if (exists === undefined || !known)
          return { success: false, message: `User ${userId} does not exist.` };
        if (from.kind === 'organization') {
          store.organizationUsers.remove(scope, orgId, userId);
          store.grants.removeAllOf(scope, orgId, userId);
        } else {
          store.grants.removeOn(scope, orgId, userId, from);
        }
        return { success: true, message: `User ${userId} removed from ${from.kind} ${from.id}.` };
      };

      const result = perItem(store, data.userIds, (userId) => userId, remove);
      return { message: 'Users processed.', data: result };
    },
  };
}
