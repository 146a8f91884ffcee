import type { OperationName } from '../../../src/catalogue/operations.js';

/**
 * Two workspaces holding the same ids, and what workspace A's credentials try on them:
 * the data of the auth matrix's cross-workspace part.
 *
 * Everything of B's carries MARKER (names, bodies, access fields, provider keys), so that
 * any of it showing up in an answer to A is found by a plain text search.
 */
export const MARKER = 'B-SECRET';
const TAG_A = 'Aardvark';

/** B's generated ids, which A asks about; before B existed, ids that never did. */
export interface BIds {
  apiKey: string;
  migrationId: string;
  purgeJobId: string;
  endpointId: string;
}
export const unknownIds: BIds = {
  apiKey: 'never-issued-api-key',
  migrationId: 'never-started-migration',
  purgeJobId: 'never-started-deletion',
  endpointId: 'ep_never-created',
};

type Data = Record<string, unknown>;
type Requests = (ids: BIds) => Data[];

export type CrossCase =
  /** Answers to A must be what they were before B had any data, and hold none of B's. */
  | { kind: 'read'; requests: Requests }
  /** B's rows must be untouched; the first request targets ids A has, and succeeds. */
  | { kind: 'write'; requests: Requests }
  /** Takes no credentials, so there is no "own workspace" to stay in; `request` is a valid one. */
  | { kind: 'public'; why: string; request: Data };

/** The organization both workspaces hold; B's also holds ids A never had (`bu`, `bd`…). */
function sharedOrganization(tag: string, withOwnIds: boolean): Data {
  const own = (items: Data[], extra: Data[]) => (withOwnIds ? [...items, ...extra] : items);
  return {
    id: 'shared',
    name: `${tag} shared`,
    users: own(
      [
        { id: 'u1', name: `${tag} one`, email: `one.${tag.toLowerCase()}@example.com` },
        { id: 'u2', name: `${tag} two` },
        { id: 'leaver', name: `${tag} leaver` },
      ],
      [{ id: 'bu', name: `${tag} own user` }],
    ),
    groups: own([{ id: 'g1', name: `${tag} group` }], [{ id: 'bg', name: `${tag} own group` }]),
    folders: own(
      [
        { id: 'f1', name: `${tag} folder`, accessType: 'restricted' },
        { id: 'f2', name: `${tag} subfolder`, parentId: 'f1' },
      ],
      [{ id: 'bf', name: `${tag} own folder` }],
    ),
    documents: own(
      [
        { id: 'd1', name: `${tag} doc`, folderId: 'f1' },
        { id: 'd2', name: `${tag} doc two`, accessType: 'organizationPrivate' },
        { id: 'mig-src', name: `${tag} to migrate` },
      ],
      [{ id: 'bd', name: `${tag} own doc`, folderId: 'bf' }],
    ),
    // The same users hold different grants in each, with different access fields.
    grants:
      tag === MARKER
        ? [
            { userId: 'u1', document: 'd1', role: 'editor', accessFields: [`${tag}:d1`] },
            { userId: 'u2', folder: 'f1', accessFields: [`${tag}:f1`] },
            { userId: 'bu', document: 'bd' },
          ]
        : [{ userId: 'u1', folder: 'f1', role: 'viewer', accessFields: [`${tag}:f1`] }],
    crdt: own(
      [{ documentId: 'd1', editorId: 'e1', type: 'text', data: `${tag} text` }],
      [{ documentId: 'bd', editorId: 'be', type: 'text', data: `${tag} own text` }],
    ),
    notifications: own(
      [
        {
          id: 'n1',
          timestamp: 1_700_000_000_000,
          documentId: 'd1',
          locationId: 'loc1',
          actionUser: { userId: 'u2', name: `${tag} two` },
          displayBodyMessage: `${tag} mentioned you`,
          notifyUsersByUserId: { u1: true },
        },
      ],
      [
        {
          id: 'bn',
          timestamp: 1_700_000_000_001,
          documentId: 'd1',
          displayBodyMessage: `${tag} own notification`,
          notifyUsersByUserId: { u1: true, bu: true },
        },
      ],
    ),
    notificationConfigs: own(
      [
        { userId: 'u1', inbox: tag === MARKER ? 'NONE' : 'MINE', email: 'NONE' },
        { userId: 'u1', documentId: 'd1', email: tag === MARKER ? 'MINE' : 'ALL' },
      ],
      [{ userId: 'u1', documentId: 'bd', slack: 'ALL' }],
    ),
    recordings: own(
      [{ id: 'r1', documentId: 'd1', displayName: `${tag} recording` }],
      [{ id: 'br', documentId: 'bd', displayName: `${tag} own recording` }],
    ),
  };
}

/** An organization only B has. */
const bOnlyOrganization: Data = {
  id: 'b-only',
  name: `${MARKER} only`,
  users: [{ id: 'bu', name: `${MARKER} user` }],
  folders: [{ id: 'bf', name: `${MARKER} folder` }],
  documents: [{ id: 'bd', name: `${MARKER} doc`, folderId: 'bf' }],
  crdt: [{ documentId: 'bd', editorId: 'be', type: 'text', data: `${MARKER} text` }],
  notifications: [
    { id: 'bn', documentId: 'bd', displayBodyMessage: MARKER, notifyUsersByUserId: { bu: true } },
  ],
  notificationConfigs: [{ userId: 'bu', documentId: 'bd', email: 'ALL' }],
  recordings: [{ id: 'br', documentId: 'bd', displayName: MARKER }],
};

const allOptions = { advancedQueries: true, activityService: true, notificationConfig: true };

export function fixtureA(ownerEmail: string): Data {
  return {
    workspaces: [
      {
        ownerEmail,
        consoleOptions: allOptions,
        organizations: [sharedOrganization(TAG_A, false)],
      },
    ],
  };
}

export function fixtureB(ownerEmail: string): Data {
  return {
    workspaces: [
      {
        ownerEmail,
        consoleOptions: allOptions,
        organizations: [sharedOrganization(MARKER, true), bOnlyOrganization],
      },
    ],
  };
}

const comment = (id: string, tag: string): Data => ({
  id,
  featureType: 'comment',
  actionType: 'comment.add',
  actionUser: { userId: 'u1', name: `${tag} commenter` },
  displayMessageTemplate: `${tag} commented`,
});

/**
 * What each workspace writes through the API after its fixture, under the same ids: the
 * activities, presence, live state, CRDT edits, email config and jobs the fixture cannot
 * hold. Migration and deletion are last: their ids are the answers A later asks about.
 */
export function runtimeWrites(isB: boolean): [OperationName, Data][] {
  const tag = isB ? MARKER : TAG_A;
  return [
    [
      'activities.add',
      {
        organizationId: 'shared',
        documentId: 'd1',
        activities: [comment('act-1', tag), ...(isB ? [comment('b-act', tag)] : [])],
      },
    ],
    [
      'presence.add',
      { organizationId: 'shared', documentId: 'd1', users: [{ userId: 'u1', name: tag }] },
    ],
    [
      'groups.members.add',
      { organizationId: 'shared', organizationUserGroupId: 'g1', userIds: ['u1', 'u2'] },
    ],
    // On d2, by a user no case purges: data that outlives the cases that migrate, delete and
    // purge, for the cases that change it.
    [
      'presence.add',
      { organizationId: 'shared', documentId: 'd2', users: [{ userId: 'p1', name: tag }] },
    ],
    [
      'activities.add',
      {
        organizationId: 'shared',
        documentId: 'd2',
        activities: [
          {
            id: 'act-2',
            featureType: 'custom',
            actionType: 'kept',
            actionUser: { userId: 'p1' },
            targetEntityId: 't',
            displayMessageTemplate: tag,
          },
        ],
      },
    ],
    [
      'livestate.broadcast',
      { organizationId: 'shared', documentId: 'd1', liveStateDataId: 'live-1', data: { by: tag } },
    ],
    [
      'crdt.update',
      {
        organizationId: 'shared',
        documentId: 'd1',
        editorId: 'e1',
        type: 'text',
        data: `${tag} edited`,
      },
    ],
    [
      'workspace.emailConfig',
      {
        useEmailService: true,
        emailServiceConfig: {
          type: 'sendgrid',
          apiKey: `${tag}-provider-key`,
          fromEmail: 'noreply@example.com',
          fromCompany: tag,
        },
      },
    ],
    [
      'documents.migrate',
      { organizationId: 'shared', documentId: 'mig-src', newDocumentId: 'mig-dst' },
    ],
    ['users.purge', { userIds: ['leaver'] }],
    [
      'webhooks.config.update',
      {
        useWebhookService: true,
        webhookServiceConfig: {
          authToken: `${tag}-hook-token`,
          rawNotificationUrl: `https://example.com/${tag}`,
        },
      },
    ],
    ['webhooks.advancedConfig.update', { isEnabled: true, encodeData: isB }],
    // The key-level service configurations, each holding the tag where it can.
    [
      'workspace.apiKeyConfigUpdate',
      { requireJwtToken: isB, defaultDocumentAccessType: 'restricted' },
    ],
    [
      'workspace.notificationServiceUpdate',
      { notificationServiceConfig: { triggers: { comment: { [tag]: true } } } },
    ],
    [
      'workspace.activityServiceUpdate',
      { activityServiceConfig: { triggers: { comment: { [tag]: true } } } },
    ],
    [
      'workspace.permissionProviderUpdate',
      {
        usePermissionProvider: true,
        permissionProviderConfig: {
          permissionProviderUrl: `https://example.com/${tag}`,
          authToken: `${tag}-provider-token`,
        },
      },
    ],
    // The same uid in both: A reaches its own endpoint by it, never B's.
    [
      'webhooks.endpoints.create',
      { url: `https://example.com/${tag}`, description: tag, uid: 'shared-endpoint' },
    ],
  ];
}

/** One entry per operation of the catalogue: the type, and a test, refuse a missing one. */
export const crossWorkspaceCases: Record<OperationName, CrossCase> = {
  'workspace.create': {
    kind: 'public',
    why: 'creates a new workspace',
    request: { ownerEmail: 'fuzz-owner@example.com' },
  },
  'workspace.emailStatus': {
    kind: 'public',
    why: "answers for any address, as the spec's does",
    request: { ownerEmail: 'fuzz@example.com' },
  },
  'workspace.loginLink': {
    kind: 'public',
    why: 'mails the address given, whoever asks',
    request: { email: 'fuzz@example.com', continueUrl: 'http://localhost/' },
  },
  // Workspace level: A's workspace credentials, B's API key.
  'workspace.authTokens': { kind: 'read', requests: (ids) => [{ apiKey: ids.apiKey }] },
  'workspace.emailConfig': {
    kind: 'write',
    requests: () => [
      { useEmailService: false, emailServiceConfig: { apiKey: 'another-key', fromCompany: 'A' } },
    ],
  },
  'permissions.get': {
    kind: 'read',
    requests: () => [
      {
        organizationId: 'shared',
        userIds: ['u1', 'u2', 'bu'],
        documentIds: ['d1', 'd2'],
        folderIds: ['f1', 'f2'],
      },
      { organizationId: 'shared', userIds: ['u1'], documentIds: ['bd'] },
      { organizationId: 'shared', userIds: ['bu'], folderIds: ['bf'] },
      { organizationId: 'b-only', userIds: ['bu'] },
    ],
  },
  'folders.get': {
    kind: 'read',
    requests: () => [
      { organizationId: 'shared' },
      { organizationId: 'shared', folderId: 'f1', maxDepth: 3 },
      { organizationId: 'shared', folderId: 'bf' },
      { organizationId: 'b-only' },
    ],
  },
  'folders.add': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        folders: [
          { folderId: 'f1', folderName: 'A renamed' },
          { folderId: 'bf', folderName: 'A new' },
        ],
      },
      { organizationId: 'b-only', folders: [{ folderId: 'bf', folderName: 'A' }] },
    ],
  },
  // f2 goes to the top level and back under f1: A's folders end as they were.
  'folders.update': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', folders: [{ folderId: 'f2', parentFolderId: 'root' }] },
      {
        organizationId: 'shared',
        folders: [
          { folderId: 'f2', folderName: 'A sub', parentFolderId: 'f1' },
          { folderId: 'bf', folderName: 'A' },
        ],
      },
    ],
  },
  // bf is A's own, made by the folders.add case; the folders later cases use stay.
  'folders.delete': {
    kind: 'write',
    requests: () => [{ organizationId: 'shared', folderId: 'bf' }],
  },
  'folders.setAccess': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', folderIds: ['f2', 'bf'], accessType: 'organizationPrivate' },
      { organizationId: 'shared', folderIds: ['f2'], inheritFromParent: true },
    ],
  },
  'documents.get': {
    kind: 'read',
    requests: () => [
      { organizationId: 'shared' },
      { organizationId: 'shared', documentIds: ['d1', 'bd', 'mig-dst'] },
      { organizationId: 'b-only' },
    ],
  },
  'documents.update': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        documents: [
          { documentId: 'd1', documentName: 'A renamed' },
          { documentId: 'bd', documentName: 'A' },
        ],
      },
      { organizationId: 'b-only', documents: [{ documentId: 'bd', documentName: 'A' }] },
    ],
  },
  'documents.setDisabled': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', documentIds: ['d2', 'bd'], disabled: true },
      { organizationId: 'b-only', documentIds: ['bd'], disabled: true },
    ],
  },
  'organizations.update': {
    kind: 'write',
    requests: () => [
      {
        organizations: [
          { organizationId: 'shared', organizationName: 'A renamed' },
          { organizationId: 'b-only', organizationName: 'A' },
        ],
      },
    ],
  },
  'organizations.add': {
    kind: 'write',
    requests: () => [
      {
        organizations: [
          { organizationId: 'a-new', organizationName: 'A new' },
          { organizationId: 'b-only', organizationName: 'A' },
        ],
      },
    ],
  },
  // After the case above, A holds a-new and a b-only of its own; B's b-only must stay. The
  // shared organization is left for the cases that follow.
  'organizations.delete': {
    kind: 'write',
    requests: () => [{ organizationIds: ['a-new', 'b-only'] }],
  },
  // By now d1 of A's has been migrated (operation 23 comes first); d2 is still there.
  // Documents of A's own, made by the first case and used by the next: d2 stays for later.
  'documents.add': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        folderId: 'f1',
        documents: [{ documentId: 'a-doc', documentName: 'A' }, { documentId: 'a-doc-2' }],
      },
      { organizationId: 'shared', documents: [{ documentId: 'bd' }] },
    ],
  },
  'documents.delete': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', documentIds: ['a-doc-2'] },
      { organizationId: 'shared', documentIds: ['bd', 'mig-dst'] },
    ],
  },
  'documents.move': {
    kind: 'write',
    requests: () => [{ organizationId: 'shared', documentIds: ['a-doc'], folderId: 'f2' }],
  },
  'documents.setAccess': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', documentIds: ['a-doc', 'd2'], accessType: 'restricted' },
    ],
  },
  'groups.members.add': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', organizationUserGroupId: 'g1', userIds: ['leaver', 'bu'] },
      { organizationId: 'shared', organizationUserGroupId: 'bg', userIds: ['u1'] },
    ],
  },
  'groups.members.remove': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        organizationUserGroupId: 'g1',
        userIds: ['u2', 'bu'],
        deleteAll: false,
      },
      { organizationId: 'shared', organizationUserGroupId: 'g1', deleteAll: true },
    ],
  },
  'activities.update': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        activities: [
          { id: 'act-2', displayMessageTemplate: 'A changed' },
          { id: 'b-act', actionIcon: 'A' },
        ],
      },
    ],
  },
  'presence.update': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', documentId: 'd2', users: [{ userId: 'p1', status: 'away' }] },
      { organizationId: 'shared', documentId: 'd2', users: [{ userId: 'bu', status: 'away' }] },
    ],
  },
  'presence.remove': {
    kind: 'write',
    requests: () => [{ organizationId: 'shared', documentId: 'd2', userIds: ['p1', 'bu'] }],
  },
  'crdt.add': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', documentId: 'd2', editorId: 'a-new', type: 'text', data: 'A' },
      { organizationId: 'shared', documentId: 'd2', editorId: 'a-new', type: 'text', data: 'A' },
    ],
  },
  'users.add': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        users: [
          { userId: 'a-user', name: 'A user', accessRole: 'viewer' },
          { userId: 'bu', name: 'A' },
        ],
      },
      { organizationId: 'shared', documentId: 'bd', users: [{ userId: 'u2' }] },
    ],
  },
  'users.update': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        users: [
          { userId: 'a-user', email: 'a@example.com', accessRole: 'editor' },
          { userId: 'b-never', name: 'A' },
        ],
      },
    ],
  },
  'notifications.add': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        documentId: 'd2',
        notificationId: 'a-note',
        actionUser: { userId: 'u1' },
        displayHeadlineMessageTemplate: 'A',
        displayBodyMessage: 'A',
        notifyUsers: [{ userId: 'u1' }, { userId: 'bu' }],
      },
    ],
  },
  'notifications.update': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        notifications: [
          { id: 'a-note', displayBodyMessage: 'A changed', readByUserIds: ['u1'] },
          { id: 'b-never', displayBodyMessage: 'A' },
        ],
      },
    ],
  },
  'notifications.delete': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', documentId: 'd2', notificationIds: ['a-note', 'b-never'] },
      { organizationId: 'shared', userId: 'bu' },
    ],
  },
  'notifications.config.set': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        documentIds: ['d2'],
        userIds: ['u1', 'bu'],
        config: { email: 'NONE' },
      },
      { organizationId: 'shared', userIds: ['u1'], config: { inbox: 'MINE' } },
    ],
  },
  // Made from the caller's own workspace alone: the same before and after B existed.
  'auth.userToken': {
    kind: 'read',
    requests: () => [
      {
        userId: 'u1',
        userProperties: { name: 'A', email: 'a@example.com' },
        permissions: { resources: [{ type: 'organization', id: 'shared' }] },
      },
    ],
  },
  'auth.signature': {
    kind: 'read',
    requests: () => [
      { permissions: [{ userId: 'u1', resourceId: 'd1', type: 'document', hasAccess: true }] },
    ],
  },
  'permissions.add': {
    kind: 'write',
    requests: () => [
      {
        user: { userId: 'u1' },
        permissions: {
          resources: [
            { type: 'document', id: 'd2', organizationId: 'shared', accessRole: 'viewer' },
            { type: 'organization', id: 'shared' },
          ],
        },
      },
      {
        user: { userId: 'bu' },
        permissions: { resources: [{ type: 'document', id: 'bd', organizationId: 'shared' }] },
      },
    ],
  },
  'permissions.remove': {
    kind: 'write',
    requests: () => [
      {
        userId: 'u1',
        permissions: {
          resources: [
            { type: 'folder', id: 'f1', organizationId: 'shared' },
            { type: 'document', id: 'bd', organizationId: 'shared' },
          ],
        },
      },
    ],
  },
  'organizations.setDisabled': {
    kind: 'write',
    requests: () => [
      { organizationIds: ['shared', 'b-only'], disabled: true },
      { organizationIds: ['shared', 'b-only'], disabled: false },
    ],
  },
  'groups.add': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        organizationUserGroups: [
          { groupId: 'g1', groupName: 'A renamed' },
          { groupId: 'bg', groupName: 'A' },
        ],
      },
    ],
  },
  'users.remove': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', documentId: 'd1', userIds: ['u1'] },
      { organizationId: 'shared', userIds: ['u1', 'bu'] },
      { organizationId: 'b-only', userIds: ['bu'] },
    ],
  },
  'users.purge': {
    kind: 'write',
    requests: () => [
      { userIds: ['u1', 'u2', 'bu'] },
      { userIds: ['bu'], organizationIds: ['b-only'] },
    ],
  },
  'activities.add': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        documentId: 'd2',
        activities: [comment('act-1', 'A'), comment('b-act', 'A')],
      },
    ],
  },
  'activities.delete': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', activityIds: ['act-1', 'b-act'] },
      { organizationId: 'shared', documentId: 'd1' },
      { organizationId: 'b-only', documentId: 'bd' },
    ],
  },
  'presence.add': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', documentId: 'd1', users: [{ userId: 'u1', name: 'A again' }] },
      { organizationId: 'b-only', documentId: 'bd', users: [{ userId: 'bu' }] },
    ],
  },
  'livestate.broadcast': {
    kind: 'write',
    requests: () => [
      {
        organizationId: 'shared',
        documentId: 'd1',
        liveStateDataId: 'live-1',
        data: { by: null, again: true },
        merge: true,
      },
      { organizationId: 'b-only', documentId: 'bd', liveStateDataId: 'live-1', data: {} },
    ],
  },
  'crdt.update': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', documentId: 'd1', editorId: 'e1', type: 'text', data: 'A' },
      { organizationId: 'shared', documentId: 'bd', editorId: 'be', type: 'text', data: 'A' },
      { organizationId: 'b-only', documentId: 'bd', editorId: 'be', type: 'text', data: 'A' },
    ],
  },
  'notifications.get': {
    kind: 'read',
    requests: () => [
      { organizationId: 'shared', documentId: 'd1' },
      { organizationId: 'shared', userId: 'u1' },
      { organizationId: 'shared', userId: 'bu' },
      { organizationId: 'shared', documentId: 'd1', notificationIds: ['n1', 'bn'] },
      { organizationId: 'b-only', documentId: 'bd' },
    ],
  },
  'notifications.config.v2': {
    kind: 'read',
    requests: () => [
      { organizationId: 'shared', userId: 'u1', documentIds: ['d1', 'bd'] },
      { organizationId: 'shared', userId: 'u1', getOrganizationConfig: true },
      { organizationId: 'b-only', userId: 'bu', documentIds: ['bd'] },
    ],
  },
  'notifications.config.v1': {
    kind: 'read',
    requests: () => [
      { organizationId: 'shared', userId: 'u1', documentIds: ['d1', 'bd'] },
      { organizationId: 'b-only', userId: 'bu', documentIds: ['bd'] },
    ],
  },
  // B has an AI provider key and A none: A's call must not find B's.
  'ai.rewrite': {
    kind: 'read',
    requests: () => [{ model: 'gpt-4o', prompt: 'p', text: 't' }],
  },
  'documents.migrate': {
    kind: 'write',
    requests: () => [
      { organizationId: 'shared', documentId: 'd1', newDocumentId: 'bd' },
      { organizationId: 'b-only', documentId: 'bd', newDocumentId: 'bd2' },
    ],
  },
  'documents.migrationStatus': {
    kind: 'read',
    requests: (ids) => [
      { organizationId: 'shared', migrationId: ids.migrationId },
      { organizationId: 'b-only', migrationId: ids.migrationId },
    ],
  },
  'users.purgeStatus': {
    kind: 'read',
    requests: (ids) => [{ jobId: ids.purgeJobId }],
  },
  'webhooks.config.get': { kind: 'read', requests: () => [{}] },
  'webhooks.config.update': {
    kind: 'write',
    requests: () => [{ webhookServiceConfig: { authToken: 'another-token', encodeData: true } }],
  },
  'webhooks.advancedConfig.get': { kind: 'read', requests: () => [{}] },
  'webhooks.advancedConfig.update': { kind: 'write', requests: () => [{ encryptData: false }] },
  'webhooks.endpoints.create': {
    kind: 'write',
    requests: () => [{ url: 'https://example.com/another', uid: 'another-endpoint' }],
  },
  'webhooks.endpoints.list': { kind: 'read', requests: () => [{}, { limit: 1 }] },
  'webhooks.endpoints.update': {
    kind: 'write',
    requests: (ids) => [
      { endpointId: 'shared-endpoint', description: 'A again' },
      { endpointId: ids.endpointId, disabled: true },
    ],
  },
  'webhooks.endpoints.delete': {
    kind: 'write',
    requests: (ids) => [{ endpointId: 'another-endpoint' }, { endpointId: ids.endpointId }],
  },
  'webhooks.endpoints.secret': {
    kind: 'read',
    requests: (ids) => [{ endpointId: 'shared-endpoint' }, { endpointId: ids.endpointId }],
  },
  // B grants u2 the folder and u1 the document, and has users and groups A lacks: none of
  // them may be listed to A, nor change its page tokens.
  'users.get': {
    kind: 'read',
    requests: () => [
      { organizationId: 'shared' },
      { organizationId: 'shared', pageSize: 1 },
      { organizationId: 'shared', documentId: 'd1' },
      { organizationId: 'shared', folderId: 'f2' },
      { organizationId: 'shared', allDocuments: true },
      { organizationId: 'shared', userIds: ['u1', 'bu'] },
      { organizationId: 'shared', documentId: 'bd' },
      { organizationId: 'shared', folderId: 'bf' },
      { organizationId: 'shared', organizationUserGroupIds: ['g1'] },
      { organizationId: 'shared', organizationUserGroupIds: ['bg'] },
      { organizationId: 'b-only' },
    ],
  },
  // B's u1 has other grants, settings, notifications, presence and activities under the same
  // ids, and B's own user bu has data in the shared organization: none of it may be exported
  // to A. p1 holds presence and activities on d2 in both.
  'users.export': {
    kind: 'read',
    requests: () => [
      { organizationId: 'shared', userId: 'u1' },
      { organizationId: 'shared', userId: 'p1' },
      { organizationId: 'shared', userId: 'bu' },
      { organizationId: 'b-only', userId: 'bu' },
    ],
  },
  'organizations.get': {
    kind: 'read',
    requests: () => [{}, { organizationIds: ['shared', 'b-only'] }, { pageSize: 1 }],
  },
  'activities.get': {
    kind: 'read',
    requests: () => [
      { organizationId: 'shared' },
      { organizationId: 'shared', documentId: 'd1', activityIds: ['act-1', 'b-act'] },
      { organizationId: 'shared', userId: 'u1', featureTypes: ['comment'], order: 'asc' },
      { organizationId: 'b-only', documentId: 'bd' },
    ],
  },
  'crdt.get': {
    kind: 'read',
    requests: () => [
      { organizationId: 'shared', documentId: 'd1' },
      { organizationId: 'shared', documentId: 'd1', editorId: 'e1' },
      { organizationId: 'shared', documentId: 'bd' },
      { organizationId: 'shared', documentId: 'bd', editorId: 'be' },
      { organizationId: 'b-only', documentId: 'bd' },
    ],
  },
  'recordings.get': {
    kind: 'read',
    requests: () => [
      { organizationId: 'shared' },
      { organizationId: 'shared', documentId: 'd1' },
      { organizationId: 'shared', recordingIds: ['r1', 'br'] },
      { organizationId: 'shared', documentId: 'bd' },
      { organizationId: 'b-only' },
    ],
  },
  // Workspace level: A's own workspace, whose key list B's key must not join.
  'workspace.get': { kind: 'read', requests: () => [{}] },
  'workspace.emailConfigGet': { kind: 'read', requests: () => [{}] },
  // The key-level service configurations: A's own, never B's, though both keys wrote theirs.
  'workspace.apiKeyConfigGet': { kind: 'read', requests: () => [{}] },
  'workspace.apiKeyConfigUpdate': {
    kind: 'write',
    requests: () => [{ enablePrivateComments: true, requireAutoOrgUser: true }],
  },
  'workspace.notificationServiceGet': { kind: 'read', requests: () => [{}] },
  'workspace.notificationServiceUpdate': {
    kind: 'write',
    requests: () => [{ notificationServiceConfig: { delayConfig: { delaySeconds: 60 } } }],
  },
  'workspace.activityServiceGet': { kind: 'read', requests: () => [{}] },
  'workspace.activityServiceUpdate': {
    kind: 'write',
    requests: () => [{ activityServiceConfig: { immutable: false } }],
  },
  'workspace.permissionProviderGet': { kind: 'read', requests: () => [{}] },
  'workspace.permissionProviderUpdate': {
    kind: 'write',
    requests: () => [{ permissionProviderConfig: { permissionProviderUrl: '' } }],
  },
};
