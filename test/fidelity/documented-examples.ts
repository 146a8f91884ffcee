import type { OperationName } from '../../src/catalogue/operations.js';
import { envelope } from '../support/envelopes.js';
import { ANY_KEY } from './shape.js';

/**
 * The request and answer examples of the service's documentation, restated in our own
 * words for every operation of the spec (docs/api.md's summary table) and the errors whose trigger can be reproduced. Values are
 * placeholders of the right JSON type; only the shapes and the status fields count (see
 * shape.ts). The fidelity test plays each request against the emulator seeded with
 * `fidelityFixture`, in order: later examples use what earlier ones created.
 */

/** What earlier examples produced, for the requests of later ones. */
export interface ExampleContext {
  /** The workspace made by the operation 1 example: its console options are all off. */
  fresh: { workspaceId: string; workspaceToken: string; apiKey: string; authToken: string };
  migrationId: string;
  /** The endpoint made by the first successful endpoint-create example. */
  endpointId: string;
}

export interface DocumentedExample {
  operation: OperationName;
  /** What the documentation shows, in a few words. */
  title: string;
  data: Record<string, unknown> | ((ctx: ExampleContext) => Record<string, unknown>);
  /** Whose credentials: the seeded workspace (default) or the fresh one. */
  as?: 'seeded' | 'fresh';
  httpStatus: number;
  answer: unknown;
}

const S = 'text';
const N = 0;
const B = true;

const success = (data: unknown) => envelope.standard(data, { message: S });
const bulkItem = { success: true, id: S, message: S };
const error = (status: string) => envelope.error(status, S);

const folderShape = {
  folderId: S,
  folderName: S,
  parentFolderId: S,
  apiKey: S,
  organizationId: S,
  createdAt: N,
  lastUpdated: N,
  ancestors: [S],
  accessType: S,
  inheritAccessFromParent: B,
};
const user = { email: S, name: S, userId: S };
const basicWebhookConfig = {
  useWebhookService: B,
  webhookServiceConfig: { authToken: S, rawNotificationUrl: S, processedNotificationUrl: S },
};
const advancedWebhookConfig = {
  isEnabled: B,
  encryptData: B,
  encodeData: B,
  publicKey: S,
  enableDataProtection: B,
};
const webhookEndpoint = {
  id: S,
  url: S,
  description: S,
  filterTypes: [S],
  channels: null,
  disabled: B,
  rateLimit: N,
  uid: null,
  createdAt: S,
  updatedAt: S,
};

/** The seeded workspace: console options on, one organization with what the examples read. */
export const fidelityFixture = {
  workspaces: [
    {
      ownerEmail: 'fidelity-owner@example.com',
      name: 'Fidelity Owner',
      consoleOptions: { advancedQueries: true, activityService: true, notificationConfig: true },
      organizations: [
        {
          id: 'acme',
          name: 'Acme',
          users: [
            { id: 'alice', name: 'Alice', email: 'alice@example.com' },
            { id: 'bob', name: 'Bob', email: 'bob@example.com' },
          ],
          folders: [
            { id: 'handbook', name: 'Handbook' },
            { id: 'policies', name: 'Policies', parentId: 'handbook' },
          ],
          documents: [
            { id: 'welcome', name: 'Welcome', folderId: 'handbook' },
            { id: 'contract', name: 'Contract', accessType: 'restricted' },
            { id: 'notes', name: 'Notes' },
          ],
          grants: [{ userId: 'alice', organization: 'acme' }],
          notifications: [1, 2].map((n) => ({
            id: `mention-${n}`,
            timestamp: 1_767_225_600_000 + n,
            documentId: 'welcome',
            notificationSource: 'custom',
            notificationSourceData: { commentId: `c${n}` },
            actionUser: { userId: 'bob', name: 'Bob', email: 'bob@example.com' },
            displayBodyMessage: 'Please review',
            displayHeadlineMessageTemplate: '{actionUser} mentioned {recipientUser}',
            displayHeadlineMessageTemplateData: {
              actionUser: { userId: 'bob', name: 'Bob', email: 'bob@example.com' },
              recipientUser: { userId: 'alice', name: 'Alice', email: 'alice@example.com' },
            },
            notifyUsers: { 'alice@example.com': true },
            notifyUsersByUserId: { alice: true },
          })),
          notificationConfigs: [
            { userId: 'alice', inbox: 'ALL', email: 'ALL' },
            { userId: 'alice', documentId: 'welcome', inbox: 'ALL', email: 'ALL' },
          ],
          crdt: [{ documentId: 'welcome', editorId: 'title', type: 'text', data: 'Welcome' }],
        },
      ],
    },
  ],
};

export const documentedExamples: DocumentedExample[] = [
  // 1. Create workspace
  {
    operation: 'workspace.create',
    title: 'a new workspace with its testing key',
    data: { ownerEmail: 'fidelity-new@example.com', name: 'New Owner', workspaceName: 'New' },
    httpStatus: 200,
    answer: success({
      id: S,
      name: S,
      owner: { email: S, id: S, name: S, avatar: S },
      authToken: S,
      apiKeyList: { [ANY_KEY]: { apiKeyName: S, id: S, type: S } },
    }),
  },
  {
    operation: 'workspace.create',
    title: 'a disposable owner email domain',
    data: { ownerEmail: 'someone@mailinator.com' },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  // 2. Get auth tokens
  {
    operation: 'workspace.authTokens',
    title: 'the tokens of the workspace key',
    data: (ctx) => ({ apiKey: ctx.fresh.apiKey }),
    as: 'fresh',
    httpStatus: 200,
    answer: success({ apiKey: S, authTokens: [{ token: S, name: S, domains: [] }] }),
  },
  {
    operation: 'workspace.authTokens',
    title: 'an API key that does not exist',
    data: { apiKey: 'no-such-key' },
    as: 'fresh',
    httpStatus: 404,
    answer: error('NOT_FOUND'),
  },
  // 3. Update email config
  {
    operation: 'workspace.emailConfig',
    title: 'newer services echo the stored config',
    data: {
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: 'SG.fidelity-provider-key',
        fromEmail: 'noreply@example.com',
        fromCompany: 'Acme',
        triggers: { 'comment.add': true },
      },
    },
    httpStatus: 200,
    answer: success({
      useEmailService: B,
      emailServiceConfig: {
        type: S,
        apiKey: S,
        fromEmail: S,
        fromCompany: S,
        triggers: { 'comment.add': B },
      },
    }),
  },
  {
    operation: 'workspace.emailConfig',
    title: 'neither useEmailService nor emailServiceConfig',
    data: {},
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  {
    operation: 'workspace.emailConfig',
    title: 'an invalid configuration',
    data: { emailServiceConfig: { fromEmail: 'not an address' } },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  // 4. Email verification status
  {
    operation: 'workspace.emailStatus',
    title: 'an owner email not yet verified',
    data: { ownerEmail: 'fidelity-new@example.com' },
    httpStatus: 200,
    answer: success({ verified: B }),
  },
  {
    operation: 'workspace.emailStatus',
    title: 'an email that owns no workspace',
    data: { ownerEmail: 'nobody-here@example.com' },
    httpStatus: 404,
    answer: error('NOT_FOUND'),
  },
  // 5. Send login link
  {
    operation: 'workspace.loginLink',
    title: 'a link continuing to the service console',
    data: { email: 'fidelity-new@example.com', continueUrl: 'https://console.example.com/' },
    httpStatus: 200,
    answer: success(null),
  },
  {
    operation: 'workspace.loginLink',
    title: 'a continueUrl that is not a valid URL',
    data: { email: 'fidelity-new@example.com', continueUrl: 'not a url' },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  {
    operation: 'workspace.loginLink',
    title: 'a disposable email domain',
    data: { email: 'someone@mailinator.com', continueUrl: 'http://localhost/' },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  // 6. Get permissions
  {
    operation: 'permissions.get',
    title: 'access to a folder, a document and the organization',
    data: {
      organizationId: 'acme',
      userIds: ['alice'],
      folderIds: ['handbook'],
      documentIds: ['welcome'],
    },
    httpStatus: 200,
    answer: success({
      alice: {
        folders: { handbook: { accessRole: S, accessType: S } },
        documents: { welcome: { accessRole: S, accessType: S } },
        organization: { acme: { accessRole: S } },
      },
    }),
  },
  {
    operation: 'permissions.get',
    title: 'a restricted document the member may not open; no folders asked about',
    data: { organizationId: 'acme', userIds: ['bob'], documentIds: ['contract'] },
    httpStatus: 200,
    answer: success({
      bob: {
        documents: {
          contract: { error: S, errorCode: 'permission_denied', accessType: S },
        },
        organization: { acme: { accessRole: S } },
      },
    }),
  },
  {
    operation: 'permissions.get',
    title: 'a document that does not exist',
    data: { organizationId: 'acme', userIds: ['alice'], documentIds: ['ghost'] },
    httpStatus: 404,
    answer: envelope.error('NOT_FOUND', S, {
      alice: {
        documents: { ghost: { error: S, errorCode: 'does_not_exist' } },
        organization: { acme: { accessRole: S } },
      },
    }),
  },
  {
    operation: 'permissions.get',
    title: 'bad arguments',
    data: { organizationId: 'acme', userIds: 'alice' },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  // 7. Get folders
  {
    operation: 'folders.get',
    title: 'one folder and its subfolders',
    data: { organizationId: 'acme', folderId: 'handbook' },
    httpStatus: 200,
    answer: success([{ ...folderShape, subFolders: [folderShape] }]),
  },
  {
    operation: 'folders.get',
    title: 'bad arguments',
    data: { organizationId: 'acme', maxDepth: 'deep' },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  // 8. Add folders
  {
    operation: 'folders.add',
    title: 'a folder under an existing one',
    data: {
      organizationId: 'acme',
      folders: [{ folderId: 'guides', folderName: 'Guides', parentFolderId: 'handbook' }],
    },
    httpStatus: 200,
    answer: success({ guides: bulkItem }),
  },
  {
    operation: 'folders.add',
    title: 'without the advanced-queries option',
    data: {
      organizationId: 'acme',
      folders: [{ folderId: 'guides', folderName: 'Guides', parentFolderId: 'root' }],
    },
    as: 'fresh',
    httpStatus: 400,
    answer: error('FAILED_PRECONDITION'),
  },
  // 9. Get documents
  {
    operation: 'documents.get',
    title: 'documents by id',
    data: { organizationId: 'acme', documentIds: ['welcome'] },
    httpStatus: 200,
    answer: success([{ id: S, documentName: S, disabled: B, accessType: S }]),
  },
  // 10. Update documents
  {
    operation: 'documents.update',
    title: 'a rename, and a document that does not exist',
    data: {
      organizationId: 'acme',
      documents: [
        { documentId: 'notes', documentName: 'Meeting notes' },
        { documentId: 'ghost', documentName: 'Boo' },
      ],
    },
    httpStatus: 200,
    answer: success({
      notes: bulkItem,
      ghost: { success: false, id: S, code: 'not-found', message: S },
    }),
  },
  // 11. Update disabled state for documents
  {
    operation: 'documents.setDisabled',
    title: 'a document disabled',
    data: { organizationId: 'acme', documentIds: ['notes'], disabled: true },
    httpStatus: 200,
    answer: success({ notes: { success: true, disabled: B, message: S } }),
  },
  // 12. Update organizations
  {
    operation: 'organizations.update',
    title: 'an organization renamed',
    data: { organizations: [{ organizationId: 'acme', organizationName: 'Acme Inc.' }] },
    httpStatus: 200,
    answer: success({ acme: bulkItem }),
  },
  // 13. Update disabled state for organizations
  {
    operation: 'organizations.setDisabled',
    title: 'an organization enabled, and one that does not exist',
    data: { organizationIds: ['acme', 'nowhere'], disabled: false },
    httpStatus: 200,
    answer: success({ acme: bulkItem, nowhere: { success: false, id: S, message: S } }),
  },
  // 14. Add user groups
  {
    operation: 'groups.add',
    title: 'a user group',
    data: {
      organizationId: 'acme',
      organizationUserGroups: [{ groupId: 'design', groupName: 'Design' }],
    },
    httpStatus: 200,
    answer: success({ design: bulkItem }),
  },
  // 15. Delete users
  {
    operation: 'users.remove',
    title: 'a user removed from a document, and one that does not exist',
    data: { organizationId: 'acme', documentId: 'welcome', userIds: ['bob', 'nobody'] },
    httpStatus: 200,
    answer: success({
      bob: { success: true, message: S },
      nobody: { success: false, message: S },
    }),
  },
  // 16. Delete all user data
  {
    operation: 'users.purge',
    title: 'an asynchronous deletion job, answered at top level',
    data: { userIds: ['bob'], organizationIds: ['acme'] },
    httpStatus: 202,
    answer: envelope.topLevel({ jobId: S, tasksCount: N }, S),
  },
  // 17. Add activity logs
  {
    operation: 'activities.add',
    title: 'a comment activity',
    data: {
      organizationId: 'acme',
      documentId: 'welcome',
      activities: [
        {
          id: 'act-1',
          featureType: 'comment',
          actionType: 'comment.add',
          actionUser: { userId: 'alice', email: 'alice@example.com', name: 'Alice' },
          displayMessageTemplate: '{{user}} commented',
          displayMessageTemplateData: { user: { name: 'Alice' } },
        },
      ],
    },
    httpStatus: 200,
    answer: success({ success: true, message: S }),
  },
  {
    operation: 'activities.add',
    title: 'a custom activity without targetEntityId',
    data: {
      organizationId: 'acme',
      documentId: 'welcome',
      activities: [
        { featureType: 'custom', actionType: 'deploy', actionUser: { userId: 'alice' } },
      ],
    },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  {
    operation: 'activities.add',
    title: 'without the activity service',
    data: {
      organizationId: 'acme',
      documentId: 'welcome',
      activities: [
        { featureType: 'comment', actionType: 'comment.add', actionUser: { userId: 'alice' } },
      ],
    },
    as: 'fresh',
    httpStatus: 400,
    answer: error('FAILED_PRECONDITION'),
  },
  // 18. Delete activity logs
  {
    operation: 'activities.delete',
    title: 'activities by id, one of which does not exist',
    data: { organizationId: 'acme', activityIds: ['act-1', 'act-missing'] },
    httpStatus: 200,
    answer: success({
      'act-1': { success: true, message: S },
      'act-missing': { success: false, message: S },
    }),
  },
  {
    operation: 'activities.delete',
    title: 'no selector',
    data: { organizationId: 'acme' },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  // 19. Add presence
  {
    operation: 'presence.add',
    title: 'users on a document',
    data: {
      organizationId: 'acme',
      documentId: 'welcome',
      users: [{ userId: 'alice', name: 'Alice', email: 'alice@example.com', status: 'online' }],
    },
    httpStatus: 200,
    answer: success({ success: true }),
  },
  // 20. Broadcast live state
  {
    operation: 'livestate.broadcast',
    title: 'a live state object',
    data: {
      organizationId: 'acme',
      documentId: 'welcome',
      liveStateDataId: 'cursor',
      data: { x: 1, y: 2 },
      merge: false,
    },
    httpStatus: 200,
    answer: success({ success: true }),
  },
  // 21. Update CRDT data
  {
    operation: 'crdt.update',
    title: 'text replaced; status and message only',
    data: {
      organizationId: 'acme',
      documentId: 'welcome',
      editorId: 'title',
      type: 'text',
      data: 'Welcome aboard',
    },
    httpStatus: 200,
    answer: envelope.noData(S),
  },
  {
    operation: 'crdt.update',
    title: 'data that does not match the type',
    data: {
      organizationId: 'acme',
      documentId: 'welcome',
      editorId: 'title',
      type: 'text',
      data: 5,
    },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  {
    operation: 'crdt.update',
    title: 'an editor id with no CRDT data',
    data: {
      organizationId: 'acme',
      documentId: 'welcome',
      editorId: 'no-editor',
      type: 'text',
      data: 'x',
    },
    httpStatus: 404,
    answer: error('NOT_FOUND'),
  },
  // 22. Get notifications
  {
    operation: 'notifications.get',
    title: 'a page of a document’s notifications, with the next page’s token',
    data: { organizationId: 'acme', documentId: 'welcome', pageSize: 1 },
    httpStatus: 200,
    answer: envelope.standard(
      [
        {
          id: S,
          notificationSource: S,
          notificationSourceData: { commentId: S },
          actionUser: user,
          displayBodyMessage: S,
          displayHeadlineMessageTemplate: S,
          displayHeadlineMessageTemplateData: { actionUser: user, recipientUser: user },
          metadata: { apiKey: S, documentId: S, organizationId: S },
          notifyUsers: { [ANY_KEY]: B },
          notifyUsersByUserId: { [ANY_KEY]: B },
          timestamp: N,
        },
      ],
      { message: S, pageToken: S },
    ),
  },
  {
    operation: 'notifications.get',
    title: 'without the advanced-queries option',
    data: { organizationId: 'acme', documentId: 'welcome' },
    as: 'fresh',
    httpStatus: 400,
    answer: error('FAILED_PRECONDITION'),
  },
  // 23. Get notification config (v2)
  {
    operation: 'notifications.config.v2',
    title: 'a user’s organization-level config',
    data: { organizationId: 'acme', userId: 'alice', getOrganizationConfig: true },
    httpStatus: 200,
    answer: success([
      {
        config: { inbox: S, email: S },
        metadata: { organizationId: S, apiKey: S, userId: S },
      },
    ]),
  },
  // 24. Get notification config (v1)
  {
    operation: 'notifications.config.v1',
    title: 'a user’s config for documents',
    data: { organizationId: 'acme', userId: 'alice', documentIds: ['welcome'] },
    httpStatus: 200,
    answer: success([
      {
        config: { inbox: S, email: S },
        metadata: { organizationId: S, apiKey: S, documentId: S, userId: S },
      },
    ]),
  },
  {
    operation: 'notifications.config.v1',
    title: 'without the notification config feature',
    data: { organizationId: 'acme', userId: 'alice', documentIds: ['welcome'] },
    as: 'fresh',
    httpStatus: 400,
    answer: error('FAILED_PRECONDITION'),
  },
  // 25. AI text rewriting
  {
    operation: 'ai.rewrite',
    title: 'no key configured for the provider',
    data: { model: 'gpt-4o', prompt: 'Make it shorter', text: 'A long sentence.' },
    httpStatus: 200,
    answer: envelope.ai({ success: false, error: S }),
  },
  {
    operation: 'ai.rewrite',
    title: 'invalid arguments',
    data: { model: 'gpt-4o', prompt: 'Make it shorter' },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  // 26. Migrate document
  {
    operation: 'documents.migrate',
    title: 'a migration started',
    data: { organizationId: 'acme', documentId: 'welcome', newDocumentId: 'welcome-v2' },
    httpStatus: 200,
    answer: success({ migrationId: S }),
  },
  // 27. Migration status
  {
    operation: 'documents.migrationStatus',
    title: 'a migration not yet run',
    data: (ctx) => ({ organizationId: 'acme', migrationId: ctx.migrationId }),
    httpStatus: 200,
    answer: success({ migrationId: S, status: 'pending' }),
  }, // 29 to 37. Webhook configuration (advanced webhooks first answer FAILED_PRECONDITION).
  {
    operation: 'webhooks.config.get',
    title: 'the basic config of a fresh API key',
    data: {},
    httpStatus: 200,
    answer: success(basicWebhookConfig),
  },
  {
    operation: 'webhooks.config.update',
    title: 'the service switched on with a token and URLs; the state after the write',
    data: {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 'hook-token-1234',
        rawNotificationUrl: 'https://example.com/raw',
        processedNotificationUrl: 'https://example.com/processed',
      },
    },
    httpStatus: 200,
    answer: success(basicWebhookConfig),
  },
  {
    operation: 'webhooks.config.update',
    title: 'an empty update',
    data: {},
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  {
    operation: 'webhooks.advancedConfig.get',
    title: 'before advanced webhooks are enabled',
    data: {},
    httpStatus: 400,
    answer: error('FAILED_PRECONDITION'),
  },
  {
    operation: 'webhooks.endpoints.create',
    title: 'before advanced webhooks are enabled',
    data: { url: 'https://example.com/hooks' },
    httpStatus: 400,
    answer: error('FAILED_PRECONDITION'),
  },
  {
    operation: 'webhooks.advancedConfig.update',
    title: 'a first update without isEnabled: true',
    data: { encodeData: true },
    httpStatus: 400,
    answer: error('FAILED_PRECONDITION'),
  },
  {
    operation: 'webhooks.advancedConfig.update',
    title: 'the first update, which provisions advanced webhooks',
    data: { isEnabled: true },
    httpStatus: 200,
    answer: success(advancedWebhookConfig),
  },
  {
    operation: 'webhooks.advancedConfig.get',
    title: 'once enabled',
    data: {},
    httpStatus: 200,
    answer: success(advancedWebhookConfig),
  },
  {
    operation: 'webhooks.endpoints.create',
    title: 'an endpoint for some events, with a rate limit',
    data: {
      url: 'https://example.com/hooks',
      description: 'Comments',
      filterTypes: ['comment.add'],
      rateLimit: 10,
    },
    httpStatus: 200,
    answer: success(webhookEndpoint),
  },
  {
    operation: 'webhooks.endpoints.create',
    title: 'a URL that is not http(s)',
    data: { url: 'ftp://example.com/hooks' },
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  {
    operation: 'webhooks.endpoints.create',
    title: 'a second endpoint, with unset members answered as null',
    data: { url: 'https://example.com/all' },
    httpStatus: 200,
    answer: success({ ...webhookEndpoint, filterTypes: null, rateLimit: null }),
  },
  {
    operation: 'webhooks.endpoints.list',
    title: 'the first page of one, with the iterator of the next',
    data: { limit: 1 },
    httpStatus: 200,
    answer: success({ endpoints: [webhookEndpoint], iterator: S, prevIterator: null, done: false }),
  },
  {
    operation: 'webhooks.endpoints.update',
    title: 'a partial update',
    data: (ctx) => ({ endpointId: ctx.endpointId, disabled: true }),
    httpStatus: 200,
    answer: success(webhookEndpoint),
  },
  {
    operation: 'webhooks.endpoints.update',
    title: 'an endpoint id alone',
    data: (ctx) => ({ endpointId: ctx.endpointId }),
    httpStatus: 400,
    answer: error('INVALID_ARGUMENT'),
  },
  {
    operation: 'webhooks.endpoints.secret',
    title: "the endpoint's signing secret",
    data: (ctx) => ({ endpointId: ctx.endpointId }),
    httpStatus: 200,
    answer: success({ endpointId: S, secret: S }),
  },
  {
    operation: 'webhooks.endpoints.delete',
    title: 'the endpoint removed',
    data: (ctx) => ({ endpointId: ctx.endpointId }),
    httpStatus: 200,
    answer: success({ endpointId: S, deleted: true }),
  },
  {
    operation: 'webhooks.endpoints.secret',
    title: 'the secret of a deleted endpoint',
    data: (ctx) => ({ endpointId: ctx.endpointId }),
    httpStatus: 404,
    answer: error('NOT_FOUND'),
  },
];

/** The rate limits of the public operations, played against an emulator that allows one call. */
export const rateLimitExamples: DocumentedExample[] = [
  {
    operation: 'workspace.create',
    title: 'too many creations from one IP',
    data: { ownerEmail: 'burst@example.com' },
    httpStatus: 429,
    answer: error('RESOURCE_EXHAUSTED'),
  },
  {
    operation: 'workspace.emailStatus',
    title: 'a burst of status checks',
    data: { ownerEmail: 'burst@example.com' },
    httpStatus: 429,
    answer: error('RESOURCE_EXHAUSTED'),
  },
  {
    operation: 'workspace.loginLink',
    title: 'a burst of login links',
    data: { email: 'burst@example.com', continueUrl: 'http://localhost/' },
    httpStatus: 429,
    answer: error('RESOURCE_EXHAUSTED'),
  },
];
