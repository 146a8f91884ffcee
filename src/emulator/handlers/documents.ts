import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import { documentTarget } from '../access.js';
import { EmulatorError } from '../errors.js';
import type { DocumentRecord } from '../store/documents.js';
import { ROOT_FOLDER_ID } from '../store/folders.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import { type BulkItem, folderLookup, newTopFolder, perItem, unique } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';

type DocumentResource = z.input<Schema<'document'>>;

const doesNotExist = (id: string) => `Document ${id} does not exist.`;

/**
 * The per-item answer of operations 120 and 121: a success when every item succeeded, else
 * the `INTERNAL` error (HTTP 500) the contract documents, each item's result in `details`.
 * What succeeded stays done.
 */
function itemsAnswer(
  result: Record<string, BulkItem>,
  message: string,
  failed: string,
): { message: string; data: Record<string, BulkItem> } {
  if (Object.values(result).every((item) => item.success)) return { message, data: result };
  throw new EmulatorError('INTERNAL', failed, { details: result });
}

/** The organization, created when asked; NOT_FOUND otherwise. */
function organizationFor(store: Store, scope: Scope, orgId: string, create: boolean): void {
  if (create) store.organizations.ensure(scope, orgId);
  else if (!store.organizations.find(scope, orgId))
    throw new EmulatorError('NOT_FOUND', `Organization ${orgId} does not exist.`);
}

/** Operations 9, 10 and 11 of the spec, and 120 to 123. */
export function documentHandlers(
  deps: HandlerDeps,
): Handlers<
  | 'documents.get'
  | 'documents.update'
  | 'documents.setDisabled'
  | 'documents.add'
  | 'documents.delete'
  | 'documents.move'
  | 'documents.setAccess'
> {
  const { store } = deps;
  return {
    'documents.get': (data, { scope }) => {
      const orgId = data.organizationId;
      // Ids that name no document are left out, as a query over documents would leave them.
      const docs =
        data.documentIds === undefined
          ? store.documents.ofOrganization(scope, orgId)
          : unique(data.documentIds).flatMap((id) => {
              const doc = store.documents.find(scope, orgId, id);
              return doc ? [doc] : [];
            });
      const lookup = folderLookup(store, scope, orgId);
      const resource = (doc: DocumentRecord): DocumentResource => ({
        id: doc.id,
        ...(doc.name !== null && { documentName: doc.name }),
        disabled: doc.disabled,
        accessType: documentTarget(doc, lookup).accessType,
      });
      return { message: 'Documents retrieved successfully.', data: docs.map(resource) };
    },

    'documents.update': (data, { scope }) => {
      const result = perItem(
        store,
        data.documents,
        (doc) => doc.documentId,
        ({ documentId: id, documentName }) =>
          store.documents.rename(scope, data.organizationId, id, documentName)
            ? { success: true, id, message: 'Document updated.' }
            : { success: false, id, code: 'not-found', message: doesNotExist(id) },
      );
      return { message: 'Documents processed.', data: result };
    },

    'documents.setDisabled': (data, { scope }) => {
      const { disabled } = data;
      const result = perItem(
        store,
        data.documentIds,
        (id) => id,
        (id) =>
          store.documents.setDisabled(scope, data.organizationId, id, disabled)
            ? { success: true, disabled, message: `Document ${disabled ? 'disabled' : 'enabled'}.` }
            : { success: false, message: doesNotExist(id) },
      );
      return { message: 'Documents processed.', data: result };
    },

    // Operation 120. The contract leaves open a missing organization or folder without the
    // create flags: NOT_FOUND, and nothing added. A document that exists under another name
    // or folder fails on its own with code already-exists, as the contract's partial failure
    // shows; the same one again, as a resent request would add it, succeeds.
    'documents.add': (data, { scope }) => {
      const orgId = data.organizationId;
      const folderId = data.folderId ?? null;
      // Thrown after the transaction: what succeeded stays done.
      const result = store.transaction(() => {
        organizationFor(store, scope, orgId, data.createOrganization === true);
        if (folderId !== null && !store.folders.find(scope, orgId, folderId)) {
          if (data.createFolder !== true || folderId === ROOT_FOLDER_ID)
            throw new EmulatorError('NOT_FOUND', `Folder ${folderId} does not exist.`);
          store.folders.insert(scope, newTopFolder(orgId, folderId, deps.now()));
        }
        return perItem(
          store,
          data.documents,
          (doc) => doc.documentId,
          ({ documentId: id, documentName }): BulkItem => {
            const existing = store.documents.find(scope, orgId, id);
            // The same document again is what a resent request looks like: done.
            if (
              existing &&
              existing.name === (documentName ?? null) &&
              existing.folderId === folderId
            )
              return { success: true, id, message: 'Added Successfully' };
            if (existing)
              return {
                success: false,
                id,
                code: 'already-exists',
                message: 'Document already exists',
              };
            store.documents.insert(scope, {
              organizationId: orgId,
              id,
              name: documentName ?? null,
              folderId,
              accessType: null,
              disabled: false,
            });
            return { success: true, id, message: 'Added Successfully' };
          },
        );
      });
      return itemsAnswer(result, 'Document(s) added successfully.', 'Error adding document(s).');
    },

    // Operation 121: the document and everything stored under its id (grants on it, its
    // activities, notifications, presence, live state, CRDT data and events); the contract
    // leaves that open. A document that does not exist fails with code not-found.
    'documents.delete': (data, { scope }) => {
      const result = perItem(
        store,
        data.documentIds,
        (id) => id,
        (id): BulkItem =>
          store.documentData.remove(scope, data.organizationId, id)
            ? { success: true, id, message: 'Deleted Successfully' }
            : { success: false, id, code: 'not-found', message: 'Document does not exist' },
      );
      return itemsAnswer(
        result,
        'Document(s) deleted successfully.',
        'Error deleting document(s).',
      );
    },

    // Operation 122, all or nothing: an unknown folder or document is NOT_FOUND and moves
    // nothing. `root` is the top level. A document with an access type of its own keeps it;
    // one that inherits now inherits from its new folder.
    'documents.move': (data, { scope }) => {
      const orgId = data.organizationId;
      const to = data.folderId === ROOT_FOLDER_ID ? null : data.folderId;
      if (to !== null && !store.folders.find(scope, orgId, to))
        throw new EmulatorError('NOT_FOUND', `Folder ${to} does not exist.`);
      const ids = unique(data.documentIds);
      const missing = ids.filter((id) => !store.documents.find(scope, orgId, id));
      if (missing.length > 0)
        throw new EmulatorError(
          'NOT_FOUND',
          `${missing.length === 1 ? 'Document' : 'Documents'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist.`,
        );
      store.transaction(() => {
        for (const id of ids) store.documents.move(scope, orgId, id, to);
      });
      return { message: 'Documents moved successfully.' };
    },

    // Operation 123: the type becomes the document's own, in place of any it inherited.
    'documents.setAccess': (data, { scope }) => {
      const { accessType } = data;
      const result = perItem(
        store,
        data.documentIds,
        (id) => id,
        (id): BulkItem =>
          store.documents.setAccessType(scope, data.organizationId, id, accessType)
            ? { success: true, accessType, message: 'Document access type updated.' }
            : { success: false, code: 'not-found', message: doesNotExist(id) },
      );
      return { message: 'Updated access for documents successfully.', data: result };
    },
  };
}
