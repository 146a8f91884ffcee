import { readContent } from '../crdt/editor.js';
import { EmulatorError } from '../errors.js';
import type { HandlerDeps, Handlers } from './types.js';

/**
 * Operation 139: the document's editors by id, or the one named, each with its content as
 * JSON (text and xml as a string, the xml as markup; map as an object; array as an array)
 * and the time it was last written. Who wrote it and in which session the emulator does not
 * know, so `lastUpdatedBy` and `sessionId` are left out. A named editor that does not exist
 * is NOT_FOUND, as the update (op 21) answers it; a document without editors has none.
 */
export function crdtReadHandlers(deps: HandlerDeps): Handlers<'crdt.get'> {
  const { store } = deps;
  return {
    'crdt.get': (data, { scope }) => {
      const editors = store.crdtEditors.ofDocument(
        scope,
        data.organizationId,
        data.documentId,
        data.editorId,
      );
      if (data.editorId !== undefined && editors.length === 0) {
        throw new EmulatorError('NOT_FOUND', 'No CRDT data found for this editor ID.');
      }
      return {
        message: 'CRDT data retrieved successfully.',
        data: editors.map(({ editor, updatedAt }) => ({
          id: editor.editorId,
          data: readContent(editor.state, editor.type, editor.contentKey),
          lastUpdate: new Date(updatedAt).toISOString(),
        })),
      };
    },
  };
}
