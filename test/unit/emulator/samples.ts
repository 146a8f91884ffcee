import type { OperationName, RequestOf } from '../../../src/catalogue/operations.js';

/** A small valid `data` for each operation the emulator does not implement yet. */
export const sampleRequests: { [N in OperationName]?: RequestOf<N> } = {
  'workspace.emailConfig': { useEmailService: true },
  'activities.add': {
    organizationId: 'org-1',
    documentId: 'doc-1',
    activities: [
      { featureType: 'comment', actionType: 'comment.add', actionUser: { userId: 'user-1' } },
    ],
  },
  'activities.delete': { organizationId: 'org-1', documentId: 'doc-1' },
  'presence.add': { organizationId: 'org-1', documentId: 'doc-1', users: [{ userId: 'user-1' }] },
  'livestate.broadcast': {
    organizationId: 'org-1',
    documentId: 'doc-1',
    liveStateDataId: 'state-1',
    data: { cursor: 1 },
  },
  'crdt.update': {
    organizationId: 'org-1',
    documentId: 'doc-1',
    editorId: 'editor-1',
    data: 'hello',
    type: 'text',
  },
  'notifications.get': { organizationId: 'org-1', documentId: 'doc-1' },
  'notifications.config.v2': {
    organizationId: 'org-1',
    userId: 'user-1',
    getOrganizationConfig: true,
  },
  'notifications.config.v1': { organizationId: 'org-1', documentIds: ['doc-1'], userId: 'user-1' },
  'ai.rewrite': { model: 'gpt-4o', prompt: 'Shorter', text: 'Some text' },
};
