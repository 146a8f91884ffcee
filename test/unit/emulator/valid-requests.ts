import type { OperationName } from '../../../src/catalogue/operations.js';

/**
 * A small valid `data` for every operation: what the fuzzer mutates and what the auth
 * matrix sends with wrong credentials. A test checks each against its request schema.
 */
export const validRequests: Record<OperationName, Record<string, unknown>> = {
  'workspace.create': { ownerEmail: 'fuzz-owner@example.com' },
  'workspace.authTokens': { apiKey: 'k' },
  'workspace.emailConfig': {
    useEmailService: true,
    emailServiceConfig: { type: 'default', triggers: { 'comment.add': true } },
  },
  'workspace.emailStatus': { ownerEmail: 'fuzz@example.com' },
  'workspace.loginLink': { email: 'fuzz@example.com', continueUrl: 'http://localhost/' },
  'permissions.get': { organizationId: 'o', userIds: ['u'] },
  'folders.get': { organizationId: 'o' },
  'folders.add': { organizationId: 'o', folders: [{ folderId: 'f', folderName: 'F' }] },
  'documents.get': { organizationId: 'o' },
  'documents.update': { organizationId: 'o', documents: [{ documentId: 'd', documentName: 'D' }] },
  'documents.setDisabled': { organizationId: 'o', documentIds: ['d'], disabled: true },
  'organizations.update': { organizations: [{ organizationId: 'o', organizationName: 'O' }] },
  'organizations.setDisabled': { organizationIds: ['o'], disabled: false },
  'groups.add': { organizationId: 'o', organizationUserGroups: [{ groupId: 'g', groupName: 'G' }] },
  'users.remove': { organizationId: 'o', userIds: ['u'] },
  'users.purge': { userIds: ['u'] },
  'activities.add': {
    organizationId: 'o',
    documentId: 'd',
    activities: [
      {
        featureType: 'comment',
        actionType: 'comment.add',
        actionUser: { userId: 'u' },
        changes: { status: { from: 'open', to: 'done' } },
        entityData: { text: 'Hi' },
        displayMessageTemplateData: { count: 1 },
      },
    ],
  },
  'activities.delete': { organizationId: 'o', documentId: 'd' },
  'presence.add': {
    organizationId: 'o',
    documentId: 'd',
    users: [{ userId: 'u', name: 'U', status: 'online' }],
  },
  'livestate.broadcast': {
    organizationId: 'o',
    documentId: 'd',
    liveStateDataId: 'l',
    data: { cursor: { x: 1, y: [2] } },
  },
  'crdt.update': { organizationId: 'o', documentId: 'd', editorId: 'e', data: 'x', type: 'text' },
  'notifications.get': { organizationId: 'o', documentId: 'd' },
  'notifications.config.v2': { organizationId: 'o', userId: 'u', getOrganizationConfig: true },
  'notifications.config.v1': { organizationId: 'o', userId: 'u', documentIds: ['d'] },
  'ai.rewrite': { model: 'gpt-4o', prompt: 'p', text: 't' },
  'documents.migrate': { organizationId: 'o', documentId: 'd', newDocumentId: 'd2' },
  'documents.migrationStatus': { organizationId: 'o', migrationId: 'm' },
  'users.purgeStatus': { jobId: 'j' },
  'webhooks.config.get': {},
  'webhooks.config.update': {
    useWebhookService: true,
    webhookServiceConfig: { rawNotificationUrl: 'http://localhost/hook', encodeData: true },
  },
  'webhooks.advancedConfig.get': {},
  'webhooks.advancedConfig.update': { isEnabled: true },
  'webhooks.endpoints.create': { url: 'http://localhost/hook', filterTypes: ['comment.add'] },
  'webhooks.endpoints.list': { limit: 10 },
  'webhooks.endpoints.update': { endpointId: 'ep_1', rateLimit: 5 },
  'webhooks.endpoints.delete': { endpointId: 'ep_1' },
  'webhooks.endpoints.secret': { endpointId: 'ep_1' },
};
