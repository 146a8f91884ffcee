import {
  crdtContent,
  DEFAULT_CONTENT_KEY,
  initialState,
  readContent,
  shapeMismatch,
  updateState,
} from '../crdt/editor.js';
import { MarkupError } from '../crdt/markup.js';
import { EmulatorError } from '../errors.js';
import { crdtUpdateData } from '../webhooks/payloads.js';
import type { HandlerDeps, Handlers } from './types.js';

/** The answer for an editor the document does not have, to the update and the read alike. */
const noEditor = () => new EmulatorError('NOT_FOUND', 'No CRDT data found for this editor ID.');

/**
 * Operation 21 of the spec. The editor's Yjs document is changed by the operations that
 * turn its content into the new one, and the update that change emits goes to the event
 * feed, for the connected clients (none when the content was already that). Editors come
 * from seed fixtures; the type, and the content key when given, must be the editor's.
 * Webhooks get `crdt.update_data` once the editor has had no update for 5 s.
 */
export function crdtHandlers(deps: HandlerDeps): Handlers<'crdt.update' | 'crdt.get' | 'crdt.add'> {
  const { store } = deps;
  return {
    'crdt.update': (data, { scope }) => {
      const editor = store.crdtEditors.find(
        scope,
        data.organizationId,
        data.documentId,
        data.editorId,
      );
      if (!editor) throw noEditor();
      if (data.type !== editor.type) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `type must be ${editor.type}, the type of editor ${editor.editorId}, not ${data.type}`,
        );
      }
      if (data.contentKey !== undefined && data.contentKey !== editor.contentKey) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `contentKey must be "${editor.contentKey}", the content key of editor ${editor.editorId}`,
        );
      }
      const content = crdtContent(data.type, data.data);
      if (!content) throw new EmulatorError('INVALID_ARGUMENT', shapeMismatch(data.type));

      let next: ReturnType<typeof updateState>;
      try {
        next = updateState(editor.state, content, editor.contentKey);
      } catch (error) {
        if (!(error instanceof MarkupError)) throw error;
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `data is not well-formed markup: ${error.message}`,
        );
      }
      const now = deps.now();
      store.transaction(() => {
        store.crdtEditors.setState(scope, editor, next.state, now);
        for (const update of next.updates) {
          store.feedEvents.append(
            scope,
            editor.organizationId,
            editor.documentId,
            {
              kind: 'crdt',
              editorId: editor.editorId,
              type: editor.type,
              contentKey: editor.contentKey,
              update: Buffer.from(update).toString('base64'),
            },
            now,
          );
        }
      });
      // Webhooks hear of it once the editor has been quiet for the debounce time.
      const place = {
        apiKey: scope.apiKeyId,
        organizationId: editor.organizationId,
        documentId: editor.documentId,
      };
      deps.webhooks.debounce(
        `${scope.workspaceId}/${scope.apiKeyId}/${editor.organizationId}/${editor.documentId}/${editor.editorId}`,
        scope,
        'crdt.update_data',
        () => crdtUpdateData(place, editor.editorId, data.data, deps.webhooks.clock.now()),
      );
      return { message: 'CRDT data updated.' };
    },

    // Operation 139: the document's editors by id, or the one named, each with its content as
    // JSON (text and xml as a string, the xml as markup; map as an object; array as an array)
    // and the time it was last written. Who wrote it and in which session the emulator does not
    // know, so `lastUpdatedBy` and `sessionId` are left out. A named editor that does not exist
    // is NOT_FOUND, as the update (op 21) answers it; a document without editors has none.
    'crdt.get': (data, { scope }) => {
      const editors = store.crdtEditors.ofDocument(
        scope,
        data.organizationId,
        data.documentId,
        data.editorId,
      );
      if (data.editorId !== undefined && editors.length === 0) {
        throw noEditor();
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

    // Operation 138: a new editor of the document, with its first content and the contract's
    // errors. Creates the organization on first use, as other writes of document data do.
    'crdt.add': (data, { scope }) => {
      const { organizationId, documentId, editorId } = data;
      if (store.crdtEditors.find(scope, organizationId, documentId, editorId))
        throw new EmulatorError('ALREADY_EXISTS', 'CRDT data already exists for this editor ID.');
      const content = crdtContent(data.type, data.data);
      if (!content) throw new EmulatorError('INVALID_ARGUMENT', shapeMismatch(data.type));
      const contentKey = data.contentKey ?? DEFAULT_CONTENT_KEY;
      let state: Uint8Array;
      try {
        state = initialState(content, contentKey);
      } catch (error) {
        if (!(error instanceof MarkupError)) throw error;
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `data is not well-formed markup: ${error.message}`,
        );
      }
      const now = deps.now();
      store.transaction(() => {
        store.organizations.ensure(scope, organizationId);
        store.crdtEditors.insert(
          scope,
          { organizationId, documentId, editorId, type: data.type, contentKey, state },
          now,
        );
      });
      return { message: 'CRDT data added successfully.' };
    },
  };
}
