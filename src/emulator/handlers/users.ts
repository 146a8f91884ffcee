import type { ResourceRef } from '../store/grants.js';
import { ROOT_FOLDER_ID } from '../store/folders.js';
import type { HandlerDeps, Handlers } from './types.js';
import { operation } from '../../catalogue/operations.js';
import { documentTarget, folderTarget, label } from '../access.js';
import { EmulatorError } from '../errors.js';
import { listPage } from '../listing.js';
import type { ListedUser, UserSource } from '../store/organization-users.js';
import type { Scope } from '../store/scope.js';
import { requireConsoleOption } from './console-gate.js';
import {
  type BulkItem,
  folderLookup,
  newTopDocument,
  newTopFolder,
  perItem,
  unique,
} from './shared.js';

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

/**
 * Where operations 110 and 112 act: the organization, or the folder or document named.
 * With `create`, a missing folder or document is made at the top level, named by its id;
 * without, it is NOT_FOUND and nothing is done.
 */
function placeOf(
  deps: HandlerDeps,
  scope: Scope,
  data: { organizationId: string; documentId?: string | undefined; folderId?: string | undefined },
  create: { folder?: boolean | undefined; document?: boolean | undefined } = {},
): ResourceRef {
  const { store } = deps;
  const orgId = data.organizationId;
  if (data.folderId !== undefined) {
    const ref: ResourceRef = { kind: 'folder', id: data.folderId };
    if (store.folders.find(scope, orgId, ref.id)) return ref;
    if (create.folder !== true || ref.id === ROOT_FOLDER_ID) throw notFound(ref);
    store.folders.insert(scope, newTopFolder(orgId, ref.id, deps.now()));
    return ref;
  }
  if (data.documentId !== undefined) {
    const ref: ResourceRef = { kind: 'document', id: data.documentId };
    if (store.documents.find(scope, orgId, ref.id)) return ref;
    if (create.document !== true) throw notFound(ref);
    store.documents.insert(scope, newTopDocument(orgId, ref.id));
    return ref;
  }
  return { kind: 'organization', id: orgId };
}

/** A user as op 111 lists them; the user-data export (113) shows a user's entry so too. */
export function userItem(user: ListedUser): { userId: string; name?: string; email?: string } {
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
export function userHandlers(
  deps: HandlerDeps,
): Handlers<'users.remove' | 'users.get' | 'users.add' | 'users.update'> {
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

    // Operation 110. At the organization a user joins its user list (their name and email
    // replacing any stored) and, with an accessRole, holds it there; at a folder or document
    // they are granted it (editor by default), which is that resource's contact list, and
    // are not added to the organization. The organization is made on first use, as the
    // contract's note says; a missing folder or document only with createFolder or
    // createDocument. A user added again is updated: success, so a resent batch is harmless.
    'users.add': (data, { scope }) => {
      const orgId = data.organizationId;
      const result = store.transaction(() => {
        store.organizations.ensure(scope, orgId);
        const place = placeOf(deps, scope, data, {
          folder: data.createFolder,
          document: data.createDocument,
        });
        return perItem(
          store,
          data.users,
          (user) => user.userId,
          (user): BulkItem => {
            if (place.kind === 'organization')
              store.organizationUsers.put(scope, {
                organizationId: orgId,
                userId: user.userId,
                name: user.name ?? null,
                email: user.email ?? null,
              });
            if (place.kind !== 'organization' || user.accessRole !== undefined)
              store.grants.put(scope, {
                organizationId: orgId,
                userId: user.userId,
                resource: place,
                role: user.accessRole ?? 'editor',
                expiresAt: null,
                accessFields: [],
              });
            return { success: true, id: user.userId, message: 'User added.' };
          },
        );
      });
      return { message: 'User(s) processed successfully.', data: result };
    },

    // Operation 112: a user of the organization (or holding a grant on the folder or
    // document named) has the members given replace the stored ones; any other user fails
    // on their own, "User does not exist.", the call still succeeding.
    'users.update': (data, { scope }) => {
      const orgId = data.organizationId;
      const place = store.organizations.find(scope, orgId)
        ? placeOf(deps, scope, data)
        : ({ kind: 'organization', id: orgId } as ResourceRef);
      const result = perItem(
        store,
        data.users,
        (user) => user.userId,
        (user): BulkItem => {
          const member = store.organizationUsers.isMember(scope, orgId, user.userId);
          const grant = store.grants
            .ofUser(scope, orgId, user.userId)
            .find((g) => g.resource.kind === place.kind && g.resource.id === place.id);
          const known = place.kind === 'organization' ? member : grant !== undefined;
          if (!known) return { success: false, id: user.userId, message: 'User does not exist.' };
          if (member && (user.name !== undefined || user.email !== undefined))
            store.organizationUsers.put(scope, {
              organizationId: orgId,
              userId: user.userId,
              name: user.name ?? null,
              email: user.email ?? null,
            });
          if (user.accessRole !== undefined)
            store.grants.put(scope, {
              organizationId: orgId,
              userId: user.userId,
              resource: place,
              role: user.accessRole,
              expiresAt: grant?.expiresAt ?? null,
              accessFields: grant?.accessFields ?? [],
            });
          return { success: true, id: user.userId, message: 'User updated.' };
        },
      );
      return { message: 'User(s) processed successfully.', data: result };
    },
  };
}
