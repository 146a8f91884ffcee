import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import { documentTarget } from '../access.js';
import type { DocumentRecord } from '../store/documents.js';
import { folderLookup, perItem, unique } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';

type DocumentResource = z.input<Schema<'document'>>;

const doesNotExist = (id: string) => `Document ${id} does not exist.`;

/** Operations 9, 10 and 11 of the spec. */
export function documentHandlers(
  deps: HandlerDeps,
): Handlers<'documents.get' | 'documents.update' | 'documents.setDisabled'> {
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
  };
}
