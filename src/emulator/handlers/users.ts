import type { ResourceRef } from '../store/grants.js';
import type { HandlerDeps, Handlers } from './types.js';
import { operation } from '../../catalogue/operations.js';
import { documentTarget, folderTarget, label } from '../access.js';
import { EmulatorError } from '../errors.js';
import { listPage } from '../listing.js';
import type { ListedUser, UserSource } from '../store/organization-users.js';
import type { Scope } from '../store/scope.js';
import { requireConsoleOption } from './console-gate.js';
import { type BulkItem, folderLookup, perItem, unique } from './shared.js';

/** The documents and folders whose grants give access to the one asked about. */
function grantsThrough(chain: readonly ResourceRef[], nowSeconds: number): UserSource {
  const ids = (kind: ResourceRef['kind']) => chain.filter((r) => r.kind === kind).map((r) => r.id);
  return {
    kind: 'resources',
    documentIds: ids('document'),
    folderIds: ids('folder'),
    nowSeconds,
  };
}

/**
 * Whose users the request asks for. A document's or folder's users are those granted access
 * to it, directly or through a folder it inherits access from, as permission resolution
 * (access.ts) follows inheritance; a grant that has expired gives none. A document or folder
 * that does not exist is NOT_FOUND.
 */
function sourceOf(
  deps: HandlerDeps,
  scope: Scope,
  data: { organizationId: string; documentId?: string; folderId?: string; allDocuments?: boolean },
): UserSource {
  const { store } = deps;
  const orgId = data.organizationId;
  const nowSeconds = Math.floor(deps.now() / 1000);
  const lookup = folderLookup(store, scope, orgId);
  if (data.documentId !== undefined) {
    const doc = store.documents.find(scope, orgId, data.documentId);
    if (!doc) throw notFound({ kind: 'document', id: data.documentId });
    return grantsThrough(documentTarget(doc, lookup).chain, nowSeconds);
  }
  if (data.folderId !== undefined) {
    const folder = lookup(data.folderId);
    if (!folder) throw notFound({ kind: 'folder', id: data.folderId });
    return grantsThrough(folderTarget(folder, lookup).chain, nowSeconds);
  }
  if (data.allDocuments === true) return { kind: 'allDocuments', nowSeconds };
  return { kind: 'organization' };
}

function notFound(ref: ResourceRef): EmulatorError {
  return new EmulatorError('NOT_FOUND', `${label(ref)} does not exist.`);
}

/** A group id the organization does not have is refused, naming it, rather than listing nobody. */
function checkGroups(deps: HandlerDeps, scope: Scope, orgId: string, groupIds: string[]): void {
  const missing = groupIds.filter(
    (id) => deps.store.userGroups.nameOf(scope, orgId, id) === undefined,
  );
  if (missing.length === 0) return;
  const [one] = missing;
  throw new EmulatorError(
    'INVALID_ARGUMENT',
    missing.length === 1
      ? `organizationUserGroupIds: user group ${one} does not exist in organization ${orgId}.`
      : `organizationUserGroupIds: user groups ${missing.join(', ')} do not exist in organization ${orgId}.`,
  );
}

function userItem(user: ListedUser): { userId: string; name?: string; email?: string } {
  return {
    userId: user.userId,
    ...(user.name !== null && { name: user.name }),
    ...(user.email !== null && { email: user.email }),
  };
}

/**
 * Operation 15 of the spec. A document's or folder's contact list is the users granted
 * access to it, so removing a user from one removes that grant; removing a user from the
 * organization removes the membership and every grant in it.
 */
export function userHandlers(deps: HandlerDeps): Handlers<'users.remove' | 'users.get'> {
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

    // Operation 111: the users of an organization (its own users), of a document or folder
    // (see `sourceOf`), or of all its documents (users granted access to any of them), by user
    // id, a page at a time.
    'users.get': (data, { scope }) => {
      requireConsoleOption(deps, scope.workspaceId, 'advancedQueries', 'Reading users');
      const orgId = data.organizationId;
      const groupIds = data.organizationUserGroupIds && unique(data.organizationUserGroupIds);
      if (groupIds) checkGroups(deps, scope, orgId, groupIds);
      const source = sourceOf(deps, scope, data);
      const page = listPage(
        {
          operation: operation('users.get'),
          scope,
          filters: {
            organizationId: orgId,
            documentId: data.documentId,
            folderId: data.folderId,
            allDocuments: data.allDocuments === true || undefined,
            userIds: data.userIds,
            organizationUserGroupIds: groupIds,
          },
          key: ['string'],
          keyOf: (user: ListedUser) => [user.userId],
          rows: (after, limit) =>
            store.organizationUsers.page(
              scope,
              orgId,
              source,
              data.userIds,
              after,
              limit,
              groupIds,
            ),
        },
        data,
      );
      return {
        message: 'User(s) retrieved successfully.',
        data: page.rows.map(userItem),
        ...(page.next !== undefined && { next: page.next }),
      };
    },
  };
}
