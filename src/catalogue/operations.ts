import * as z from 'zod';
import { once } from './once.js';
import { MAX_ID_LENGTH, MAX_URL_LENGTH } from './limits.js';
import * as m from './resource-schemas.js';
import type { Operation, Paging, TableLayout } from './types.js';

/**
 * Every operation of the API, once, as data. The CLI's commands, the HTTP core, the
 * emulator's routes and validation, and the catalogue tests all read this list.
 */

const org = m.organizationId;
const bulkTable: TableLayout = {
  rows: 'map',
  columns: [
    { header: 'ID', path: 'key' },
    { header: 'SUCCESS', path: 'success' },
    { header: 'MESSAGE', path: 'message', wraps: true },
  ],
};
const successTable: TableLayout = {
  rows: 'record',
  columns: [{ header: 'SUCCESS', path: 'success' }],
};
const configTable: TableLayout = {
  rows: 'list',
  columns: [
    { header: 'USER', path: 'metadata.userId' },
    { header: 'DOCUMENT', path: 'metadata.documentId' },
    { header: 'INBOX', path: 'config.inbox' },
    { header: 'EMAIL', path: 'config.email' },
  ],
};
/** How an email configuration is shown, whether sent (3) or read (149). */
const emailConfigTable: TableLayout = {
  rows: 'record',
  columns: [
    { header: 'ENABLED', path: 'useEmailService' },
    { header: 'PROVIDER', path: 'emailServiceConfig.type' },
    { header: 'FROM', path: 'emailServiceConfig.fromEmail' },
    { header: 'COMPANY', path: 'emailServiceConfig.fromCompany' },
    // Added by the command: the key masked, and the triggers summed up in one line.
    { header: 'KEY', path: 'emailServiceConfig.apiKey' },
    { header: 'TRIGGERS', path: 'triggers' },
  ],
};

/** How each key-level service configuration (150 to 157) is shown, read or written. */
const apiKeyConfigTable: TableLayout = {
  rows: 'record',
  columns: [
    { header: 'DEFAULT ACCESS', path: 'defaultDocumentAccessType' },
    { header: 'PRIVATE COMMENTS', path: 'isPrivateCommentsEnabled' },
    { header: 'JWT REQUIRED', path: 'requireJwtToken' },
    { header: 'AUTO ORG USER', path: 'requireAutoOrgUser' },
    // Added by the command: the providers with a key, in one cell.
    { header: 'AI KEYS', path: 'aiKeys' },
  ],
};
const notificationServiceTable: TableLayout = {
  rows: 'record',
  columns: [
    { header: 'ENABLED', path: 'useNotificationService' },
    { header: 'DELAY', path: 'notificationServiceConfig.delayConfig.isEnabled' },
    { header: 'DELAY SECONDS', path: 'notificationServiceConfig.delayConfig.delaySeconds' },
    {
      header: 'BATCH BY DOCUMENT',
      path: 'notificationServiceConfig.batchConfig.document.isEnabled',
    },
    { header: 'BATCH BY USER', path: 'notificationServiceConfig.batchConfig.user.isEnabled' },
  ],
};
const activityServiceTable: TableLayout = {
  rows: 'record',
  columns: [
    { header: 'ENABLED', path: 'activityServiceConfig.isEnabled' },
    { header: 'IMMUTABLE', path: 'activityServiceConfig.immutable' },
    { header: 'ENABLED TIME', path: 'activityServiceConfig.enabledTime' },
  ],
};
const permissionProviderTable: TableLayout = {
  rows: 'record',
  columns: [
    { header: 'ENABLED', path: 'usePermissionProvider' },
    { header: 'URL', path: 'permissionProviderConfig.permissionProviderUrl' },
    // Masked by the command unless --show-token.
    { header: 'TOKEN', path: 'permissionProviderConfig.authToken' },
  ],
};

const webhookConfigTable: TableLayout = {
  rows: 'record',
  columns: [
    { header: 'ENABLED', path: 'useWebhookService' },
    { header: 'RAW URL', path: 'webhookServiceConfig.rawNotificationUrl' },
    { header: 'PROCESSED URL', path: 'webhookServiceConfig.processedNotificationUrl' },
  ],
};
const advancedConfigTable: TableLayout = {
  rows: 'record',
  columns: [
    { header: 'ENABLED', path: 'isEnabled' },
    { header: 'ENCODE', path: 'encodeData' },
    { header: 'ENCRYPT', path: 'encryptData' },
    { header: 'DATA PROTECTION', path: 'enableDataProtection' },
  ],
};
const endpointTable: TableLayout = {
  rows: 'record',
  columns: [
    { header: 'ID', path: 'id' },
    { header: 'URL', path: 'url' },
    { header: 'DISABLED', path: 'disabled' },
    { header: 'EVENTS', path: 'filterTypes' },
    { header: 'RATE LIMIT', path: 'rateLimit' },
    { header: 'DESCRIPTION', path: 'description' },
  ],
};
/** The longest endpoint description the emulator keeps; the docs give none. */
const MAX_DESCRIPTION = 1000;
/** Messages per second; the docs ask only for a positive whole number. */
const MAX_RATE_LIMIT = 1_000_000;
const nullData = once(() => z.null().optional());

// Described members that several requests take, so that their words are written once; each
// is called while a request schema is built (resource-schemas.ts has the common ids).
const byTime = () =>
  z
    .enum(['asc', 'desc'])
    .describe('By time: asc (oldest first) or desc (newest first, the default)');
const switchedOff = () => z.boolean().describe('Switched off (true) or on (false)');
const endpointId = () => m.nonEmptyId().describe('Endpoint id (ep_...) or its uid');
const endpointUrl = () => m.webhookUrl().describe('http(s) URL the messages are posted to');
const endpointDescription = () =>
  z.string().max(MAX_DESCRIPTION).describe('What the endpoint is for');
const rateLimit = () =>
  z
    .number()
    .int()
    .min(1)
    .max(MAX_RATE_LIMIT)
    .describe('At most this many messages a second; more are delayed, not dropped');

/**
 * Page sizes of the service's paged reads: 1000 when the request gives none, as documented.
 * The docs give no maximum (except for API keys, 100); svc and the emulator take the default
 * as the maximum too, so a page is never larger than one the service sends unasked.
 */
/** A resource a permission is on (operations 126, 127): an organization, folder or document. */
const resourceMembers = () => ({
  type: z
    .enum(['organization', 'folder', 'document'])
    .describe('What the resource is: organization, folder or document'),
  id: m.nonEmptyId().describe("The resource's id"),
  organizationId: org('Organization of the folder or document (required for those)').optional(),
});

/** A folder or document needs its organization; an organization is its own. */
function placedResource<T extends { type: string; id: string; organizationId?: string }>(
  resource: z.ZodType<T>,
) {
  return resource
    .refine((r) => r.type === 'organization' || r.organizationId !== undefined, {
      path: ['organizationId'],
      message: 'organizationId is required for a folder or document',
    })
    .refine(
      (r) =>
        r.type !== 'organization' || r.organizationId === undefined || r.organizationId === r.id,
      {
        path: ['organizationId'],
        message: "an organization's organizationId, when given, is its id",
      },
    );
}

const grantedResource = () =>
  placedResource(
    z.object({
      ...resourceMembers(),
      accessRole: m.accessRole().describe('editor (the default) or viewer').optional(),
      expiresAt: z
        .number()
        .int()
        .positive()
        .describe('When the access ends, in Unix seconds (left out: never)')
        .optional(),
    }),
  );

const permissionResources = <R extends z.ZodType>(resource: R, verb: 'grant' | 'revoke') =>
  z
    .object({
      resources: z
        .array(resource)
        .min(1)
        .max(DEFAULT_BATCH)
        .describe(`Resources to ${verb} access to (1 to 100)`),
    })
    .describe(`What to ${verb}`);

/** A user as operations 110 and 112 take them. */
const userInput = (what: string) =>
  z.strictObject({
    userId: m.userId(),
    name: m.name().describe(`${what} name`).optional(),
    email: m.email().describe(`${what} email`).optional(),
    accessRole: m.accessRole().describe('editor (read and write) or viewer (read only)').optional(),
  });

/** Where operations 110 and 112 act: the organization, or one folder or document in it. */
const userPlace = {
  organizationId: org(),
  documentId: m.documentId('Only at this document (not with folderId)').optional(),
  folderId: m.folderId('Only at this folder (not with documentId)').optional(),
};
const onePlace = (d: { documentId?: string | undefined; folderId?: string | undefined }) =>
  d.documentId === undefined || d.folderId === undefined;

const SERVICE_PAGE_SIZES = { defaultPageSize: 1000, maxPageSize: 1000 } as const;

/** The documented at-most-30 id lists (docs/wire-notes.md). */
const MAX_IDS = 30;
/**
 * The most items of a list whose limit the docs do not give: what the emulator accepts in
 * one request, and so the CLI's batch size for bulk writes.
 */
export const DEFAULT_BATCH = 100;
/**
 * The most a batch's items may take as JSON. Request bodies over 1 MiB are refused (413 in
 * the emulator; the spec gives no limit), and a full batch of items with long names passes
 * that. The 64 KiB left over hold the envelope and the members of `data` beside the items.
 */
export const MAX_BATCH_BYTES = 1024 * 1024 - 64 * 1024;

/**
 * The filter combinations of notifications get (spec op 22), as which of
 * document / location / user / notificationIds are present.
 */
const notificationFilters = new Set([
  'document',
  'document+ids',
  'document+location',
  'document+location+ids',
  'user',
  'user+ids',
  'document+user',
  'location+user',
  'document+location+user',
]);
function notificationFilterKey(d: {
  documentId?: string | undefined;
  locationId?: string | undefined;
  userId?: string | undefined;
  notificationIds?: string[] | undefined;
}): string {
  const parts: string[] = [];
  if (d.documentId !== undefined) parts.push('document');
  if (d.locationId !== undefined) parts.push('location');
  if (d.userId !== undefined) parts.push('user');
  if (d.notificationIds !== undefined) parts.push('ids');
  return parts.join('+');
}

/** The filter combinations the service takes, by their request members, for an error. */
function notificationFilterWords(): string {
  const member: Record<string, string> = {
    document: 'documentId',
    location: 'locationId',
    user: 'userId',
    ids: 'notificationIds',
  };
  return [...notificationFilters]
    .map((key) =>
      key
        .split('+')
        .map((part) => member[part] ?? part)
        .join(' + '),
    )
    .join('; ');
}

function crdtDataMatches(type: z.infer<ReturnType<typeof m.crdtType>>, data: unknown): boolean {
  if (type === 'text' || type === 'xml') return typeof data === 'string';
  if (type === 'array') return Array.isArray(data);
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}
const crdtShapeWord = { text: 'a string', xml: 'a string', map: 'an object', array: 'an array' };

/** A request that writes an editor's content (operations 21, 138): data that fits its type. */
function crdtWrite(text: { editor: string; data: string; contentKey: string }) {
  return z
    .object({
      organizationId: org(),
      documentId: m.documentId(),
      editorId: m.nonEmptyId().describe(text.editor),
      data: z.unknown().describe(text.data),
      type: m
        .crdtType()
        .describe('Kind of editor data: text, xml (a string), map (an object) or array'),
      contentKey: m.nonEmptyId().describe(text.contentKey).optional(),
    })
    .refine((d) => crdtDataMatches(d.type, d.data), {
      path: ['data'],
      error: (issue) => {
        const input = issue.input as { type?: keyof typeof crdtShapeWord } | undefined;
        const type = input?.type ?? 'text';
        return `data must be ${crdtShapeWord[type]} for type ${type}`;
      },
    });
}

/**
 * The traits an entry may leave out, and what they then are. An entry says only what differs
 * from what follows from the operation itself:
 * - `version`: the path's first segment (`/v2/…`); never written;
 * - `readOnly`: a path ending in `/get` or `/status` reads, any other writes;
 * - `idempotent`: true (an entry says `false` where resending could do a thing twice);
 * - `destructive`, `slow`: false;
 * - `auth`: `key`, the level of almost every operation;
 * - `envelope`: `standard`; `successStatus`: 200.
 */
type DefaultedTrait =
  | 'version'
  | 'readOnly'
  | 'idempotent'
  | 'destructive'
  | 'slow'
  | 'auth'
  | 'envelope'
  | 'successStatus';

/** An operation as written here: its schemas are functions that build them. */
type Declared = Omit<Operation, 'request' | 'response' | DefaultedTrait> &
  Partial<Omit<Pick<Operation, DefaultedTrait>, 'version'>> & {
    request: () => z.ZodType;
    response: () => z.ZodType;
  };

function readsByPath(path: string): boolean {
  return path.endsWith('/get') || path.endsWith('/status');
}

/** The version a path names: `/v2/users/get` is v2. */
type VersionOf<P> = P extends `/${infer V extends Operation['version']}/${string}` ? V : never;

function versionOf(path: string): Operation['version'] {
  const version = path.split('/')[1];
  if (version !== 'v1' && version !== 'v2') throw new Error(`${path}: no version in the path`);
  return version;
}

/** The value an entry gives for a trait, or the default. */
type Trait<D, K extends string, Default> = D extends { readonly [k in K]: infer V } ? V : Default;

const declared = [
  {
    number: 1,
    name: 'workspace.create',
    summary: 'Create a workspace',
    path: '/v2/workspace/create',
    auth: 'public',
    request: () =>
      z.object({
        ownerEmail: m.email().describe("The workspace owner's email address"),
        name: m.name().describe("The owner's name").optional(),
        workspaceName: m.name().describe('Name of the new workspace').optional(),
        avatar: m.url().describe("URL of the owner's avatar image").optional(),
      }),
    response: () => m.workspace(),
    idempotent: false,
    example: {
      summary: 'Create a workspace for a new owner',
      data: {
        ownerEmail: 'grace@example.com',
        name: 'Grace Hopper',
        workspaceName: "Grace's workspace",
      },
    },
    table: {
      rows: 'record',
      columns: [
        { header: 'ID', path: 'id' },
        { header: 'NAME', path: 'name' },
        { header: 'OWNER', path: 'owner.email' },
      ],
    },
  },
  {
    number: 2,
    name: 'workspace.authTokens',
    summary: 'List the auth tokens of an API key',
    path: '/v2/workspace/authtokens/get',
    auth: 'workspace',
    request: () =>
      z.object({ apiKey: m.nonEmptyId().describe('The API key whose auth tokens to list') }),
    response: () => z.looseObject({ apiKey: z.string(), authTokens: z.array(m.authTokenEntry()) }),
    example: {
      summary: 'List the auth tokens of your own API key',
      data: { apiKey: '<your apiKey>' },
      fill: { apiKey: { credential: 'apiKey' } },
    },
    table: {
      rows: 'list',
      at: 'authTokens',
      columns: [
        { header: 'NAME', path: 'name' },
        { header: 'TOKEN', path: 'token' },
        { header: 'DOMAINS', path: 'domains' },
      ],
    },
  },
  {
    number: 3,
    name: 'workspace.emailConfig',
    summary: 'Update the email service configuration',
    path: '/v2/workspace/emailconfig/update',
    request: () =>
      z
        .object({
          useEmailService: z
            .boolean()
            .describe('Send emails through the email service (true) or not (false)')
            .optional(),
          emailServiceConfig: m
            .emailServiceConfig()
            .describe('Email provider settings; members left out keep their stored values')
            .optional(),
        })
        .refine((d) => d.useEmailService !== undefined || d.emailServiceConfig !== undefined, {
          message: 'one of useEmailService or emailServiceConfig is required',
        }),
    // The spec says null; newer services echo the stored configuration.
    response: () => z.union([m.emailConfig(), z.null()]).optional(),
    example: {
      summary: 'Send emails through SendGrid, from Acme',
      data: {
        useEmailService: true,
        emailServiceConfig: {
          type: 'sendgrid',
          apiKey: 'SG.acme-sendgrid-key',
          fromEmail: 'noreply@example.com',
          fromCompany: 'Acme Inc.',
        },
      },
    },
    table: emailConfigTable,
  },
  {
    number: 4,
    name: 'workspace.emailStatus',
    summary: "Read the owner email's verification status",
    path: '/v2/workspace/email/status',
    auth: 'public',
    request: () =>
      z.object({ ownerEmail: m.email().describe("The owner's email address to check") }),
    response: () => z.looseObject({ verified: z.boolean() }),
    example: {
      summary: "Whether the seeded workspace's owner has verified their email",
      data: { ownerEmail: 'owner@example.com' },
    },
    table: { rows: 'record', columns: [{ header: 'VERIFIED', path: 'verified' }] },
  },
  {
    number: 5,
    name: 'workspace.loginLink',
    summary: 'Send a login link',
    path: '/v2/workspace/email/send-login-link',
    auth: 'public',
    request: () =>
      z.object({
        email: m.email().describe('Email address to send the login link to'),
        continueUrl: m.url().describe('URL the login link leads to once followed'),
      }),
    response: () => nullData(),
    // Resending would send a second email.
    idempotent: false,
    openWorld: true,
    example: {
      summary: 'Send the owner a login link that returns to a local app',
      data: { email: 'owner@example.com', continueUrl: 'http://localhost:3000/welcome' },
    },
    table: { rows: 'record', columns: [] },
  },
  {
    number: 6,
    name: 'permissions.get',
    summary: 'Read the permissions of users on resources',
    path: '/v2/auth/permissions/get',
    request: () =>
      z.object({
        organizationId: org(),
        userIds: m
          .ids()
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Users whose permissions to read (1 to 100)'),
        folderIds: m.ids().max(DEFAULT_BATCH).describe('Folders to read them on').optional(),
        documentIds: m.ids().max(DEFAULT_BATCH).describe('Documents to read them on').optional(),
      }),
    response: () => z.record(z.string(), m.userPermissions()),
    // The command flattens users × resources into these rows.
    example: {
      summary: "Alice's and Bob's access to the secret folder and two documents",
      data: {
        organizationId: 'acme',
        userIds: ['alice', 'bob'],
        folderIds: ['secret'],
        documentIds: ['plan', 'contract'],
      },
    },
    table: {
      rows: 'list',
      columns: [
        { header: 'USER', path: 'userId' },
        { header: 'KIND', path: 'kind' },
        { header: 'RESOURCE', path: 'resourceId' },
        { header: 'ROLE', path: 'accessRole' },
        { header: 'ACCESS', path: 'accessType' },
        { header: 'EXPIRES', path: 'expiresAt' },
        { header: 'ERROR', path: 'errorCode' },
      ],
    },
  },
  {
    number: 7,
    name: 'folders.get',
    summary: 'Read the folders of an organization',
    path: '/v2/organizations/folders/get',
    request: () =>
      z.object({
        organizationId: org(),
        folderId: m.folderId('Only this folder and its subfolders').optional(),
        maxDepth: z
          .number()
          .int()
          .min(0)
          .describe('How many levels of subfolders to nest under each folder (0: none)')
          .optional(),
      }),
    response: () => z.array(m.folder()),
    example: {
      summary: 'The handbook folder and two levels below it',
      data: { organizationId: 'acme', folderId: 'handbook', maxDepth: 2 },
    },
    table: {
      rows: 'list',
      columns: [
        { header: 'ID', path: 'folderId' },
        { header: 'NAME', path: 'folderName' },
        { header: 'PARENT', path: 'parentFolderId' },
        { header: 'ACCESS', path: 'accessType' },
      ],
    },
  },
  {
    number: 8,
    name: 'folders.add',
    summary: 'Add folders to an organization',
    path: '/v1/organizations/folders/add',
    request: () =>
      z.object({
        organizationId: org(),
        folders: z
          .array(
            z.object({
              folderId: m.folderId('Id of the new folder'),
              folderName: m.name().describe('Name of the new folder'),
              parentFolderId: m.folderId('Id of the parent folder (absent: top level)').optional(),
            }),
          )
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Folders to add, parents before their children'),
      }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'folders', idField: 'folderId', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Add an onboarding folder inside the handbook',
      data: {
        organizationId: 'acme',
        folders: [{ folderId: 'onboarding', folderName: 'Onboarding', parentFolderId: 'handbook' }],
      },
    },
    table: bulkTable,
  },
  {
    number: 9,
    name: 'documents.get',
    summary: 'Read the documents of an organization',
    path: '/v1/organizations/documents/get',
    request: () =>
      z.object({
        organizationId: org(),
        documentIds: m.ids().max(MAX_IDS).describe('Only these documents (at most 30)').optional(),
      }),
    response: () => z.array(m.document()),
    bulk: { itemsField: 'documentIds', maxBatch: MAX_IDS },
    example: {
      summary: 'Read two documents by id',
      data: { organizationId: 'acme', documentIds: ['welcome', 'plan'] },
    },
    table: {
      rows: 'list',
      columns: [
        { header: 'ID', path: 'id' },
        { header: 'NAME', path: 'documentName' },
        { header: 'DISABLED', path: 'disabled' },
        { header: 'ACCESS', path: 'accessType' },
      ],
    },
  },
  {
    number: 10,
    name: 'documents.update',
    summary: 'Rename documents',
    path: '/v1/organizations/documents/update',
    request: () =>
      z.object({
        organizationId: org(),
        documents: z
          .array(
            z.object({
              documentId: m.documentId(),
              documentName: m.name().describe('New name of the document'),
            }),
          )
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Documents to rename'),
      }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'documents', idField: 'documentId', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Rename the notes',
      data: {
        organizationId: 'acme',
        documents: [{ documentId: 'notes', documentName: 'Meeting notes' }],
      },
    },
    table: bulkTable,
  },
  {
    number: 11,
    name: 'documents.setDisabled',
    summary: 'Disable or enable documents',
    path: '/v1/organizations/documents/access/disablestate/update',
    request: () =>
      z.object({
        organizationId: org(),
        documentIds: m.ids().min(1).max(DEFAULT_BATCH).describe('Documents to act on (1 to 100)'),
        disabled: switchedOff(),
      }),
    response: () => m.bulkResult(),
    destructive: true,
    destructiveWhen: { disabled: true },
    bulk: { itemsField: 'documentIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Disable the notes',
      data: { organizationId: 'acme', documentIds: ['notes'], disabled: true },
    },
    table: {
      rows: 'map',
      columns: [
        { header: 'ID', path: 'key' },
        { header: 'SUCCESS', path: 'success' },
        { header: 'DISABLED', path: 'disabled' },
        { header: 'MESSAGE', path: 'message', wraps: true },
      ],
    },
  },
  {
    number: 12,
    name: 'organizations.update',
    summary: 'Rename organizations',
    path: '/v2/organizations/update',
    request: () =>
      z.object({
        organizations: z
          .array(
            z.object({
              organizationId: org(),
              organizationName: m.name().describe('New name of the organization'),
            }),
          )
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Organizations to rename'),
      }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'organizations', idField: 'organizationId', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Rename Acme',
      data: { organizations: [{ organizationId: 'acme', organizationName: 'Acme Corporation' }] },
    },
    table: bulkTable,
  },
  {
    number: 13,
    name: 'organizations.setDisabled',
    summary: 'Disable or enable organizations',
    path: '/v1/organizations/access/disablestate/update',
    request: () =>
      z.object({
        organizationIds: m
          .ids()
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Organizations to act on (1 to 100)'),
        disabled: switchedOff(),
      }),
    response: () => m.bulkResult(),
    destructive: true,
    destructiveWhen: { disabled: true },
    bulk: { itemsField: 'organizationIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Enable Globex again',
      data: { organizationIds: ['globex'], disabled: false },
    },
    table: bulkTable,
  },
  {
    number: 14,
    name: 'groups.add',
    summary: 'Add user groups to an organization',
    path: '/v1/organizations/usergroups/add',
    request: () =>
      z.object({
        organizationId: org(),
        organizationUserGroups: z
          .array(
            z.object({
              groupId: m.nonEmptyId().describe('Id of the new group'),
              groupName: m.name().describe('Name of the new group'),
            }),
          )
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('User groups to add'),
      }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'organizationUserGroups', idField: 'groupId', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Add a design group to Acme',
      data: {
        organizationId: 'acme',
        organizationUserGroups: [{ groupId: 'design', groupName: 'Design' }],
      },
    },
    table: bulkTable,
  },
  {
    number: 15,
    name: 'users.remove',
    summary: 'Remove users from an organization, folder or document',
    path: '/v1/users/delete',
    request: () =>
      z
        .object({
          organizationId: org(),
          documentId: m.documentId('Only from this document').optional(),
          folderId: m.folderId('Only from this folder').optional(),
          userIds: m.ids().min(1).max(DEFAULT_BATCH).describe('Users to remove (1 to 100)'),
        })
        .refine((d) => d.documentId === undefined || d.folderId === undefined, {
          message: 'give documentId or folderId, not both',
        }),
    response: () => m.bulkResult(),
    destructive: true,
    bulk: { itemsField: 'userIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Take Carol off the contract',
      data: { organizationId: 'acme', documentId: 'contract', userIds: ['carol'] },
    },
    table: bulkTable,
  },
  {
    number: 16,
    name: 'users.purge',
    summary: 'Delete all data of users',
    path: '/v1/users/data/delete',
    envelope: 'top-level',
    successStatus: 202,
    request: () =>
      z.object({
        userIds: m
          .ids()
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Users whose data to delete (1 to 100)'),
        organizationIds: m
          .ids()
          .max(DEFAULT_BATCH)
          .describe('Only in these organizations (speeds the job up)')
          .optional(),
      }),
    response: () => z.looseObject({ jobId: z.string(), tasksCount: z.number() }),
    idempotent: false,
    destructive: true,
    slow: true,
    bulk: { itemsField: 'userIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: "Delete Carol's data in Acme",
      data: { userIds: ['carol'], organizationIds: ['acme'] },
    },
    table: {
      rows: 'record',
      columns: [
        { header: 'JOB', path: 'jobId' },
        { header: 'TASKS', path: 'tasksCount' },
      ],
    },
  },
  {
    number: 17,
    name: 'activities.add',
    summary: 'Add activity logs to a document',
    path: '/v2/activities/add',
    request: () =>
      z.object({
        organizationId: org(),
        documentId: m.documentId('Document the entries belong to'),
        activities: z
          .array(m.activity())
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Activity log entries to add'),
      }),
    response: () => z.looseObject({ success: z.boolean(), message: z.string().optional() }),
    // Only activities that carry an id are idempotent; the command says so per call.
    idempotent: false,
    // An activity with the id of an existing one replaces it.
    overwrites: true,
    overwritesWhen: { itemCarries: 'id' },
    bulk: { itemsField: 'activities', idField: 'id', maxBatch: DEFAULT_BATCH },
    example: {
      summary: "Log Alice's comment on the plan",
      data: {
        organizationId: 'acme',
        documentId: 'plan',
        activities: [
          {
            id: 'plan-comment-1',
            featureType: 'comment',
            actionType: 'comment.add',
            actionUser: { userId: 'alice', name: 'Alice' },
            displayMessageTemplate: '{actionUser} commented on the goals',
            displayMessageTemplateData: { actionUser: { name: 'Alice' } },
          },
        ],
      },
    },
    table: {
      rows: 'record',
      columns: [
        { header: 'SUCCESS', path: 'success' },
        { header: 'MESSAGE', path: 'message', wraps: true },
      ],
    },
  },
  {
    number: 18,
    name: 'activities.delete',
    summary: 'Delete activity logs',
    path: '/v2/activities/delete',
    request: () =>
      z
        .object({
          organizationId: org(),
          documentId: m.documentId('Delete the entries of this document').optional(),
          activityIds: m
            .ids()
            .min(1)
            .max(DEFAULT_BATCH)
            .describe('Ids of the activity entries to delete')
            .optional(),
          targetEntityId: m
            .nonEmptyId()
            .describe('Delete the entries about this entity')
            .optional(),
        })
        .refine(
          (d) =>
            d.documentId !== undefined ||
            d.activityIds !== undefined ||
            d.targetEntityId !== undefined,
          { message: 'one of documentId, activityIds or targetEntityId is required' },
        ),
    response: () => m.bulkResult(),
    destructive: true,
    example: {
      summary: 'Delete the comment activity that activitiesAdd logged',
      data: { organizationId: 'acme', activityIds: ['plan-comment-1'] },
      after: 'activities.add',
    },
    table: bulkTable,
  },
  {
    number: 19,
    name: 'presence.add',
    summary: "Add users to a document's presence list",
    path: '/v2/presence/add',
    request: () =>
      z.object({
        organizationId: org(),
        documentId: m.documentId(),
        users: z
          .array(m.presenceUser())
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Users to add to the presence list'),
      }),
    response: () => z.looseObject({ success: z.boolean() }),
    bulk: { itemsField: 'users', idField: 'userId', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Show Alice as online in the plan',
      data: {
        organizationId: 'acme',
        documentId: 'plan',
        users: [{ userId: 'alice', name: 'Alice', status: 'online' }],
      },
    },
    table: successTable,
  },
  {
    number: 20,
    name: 'livestate.broadcast',
    summary: "Broadcast data to a document's live state",
    path: '/v2/livestate/broadcast',
    request: () =>
      z.object({
        organizationId: org(),
        documentId: m.documentId(),
        liveStateDataId: m.nonEmptyId().describe('Id of the live state to broadcast to'),
        data: z.record(z.string(), z.unknown()).describe('The live state: a JSON object'),
        merge: z
          .boolean()
          .describe('Merge into the current live state (true) instead of replacing it')
          .optional(),
      }),
    response: () => z.looseObject({ success: z.boolean() }),
    // Each call is one more event to connected clients.
    idempotent: false,
    // Without merge: true the data replaces the whole live state.
    overwrites: true,
    overwritesWhen: { unlessTrue: 'merge' },
    example: {
      summary: "Merge Alice's cursor into the plan's live state",
      data: {
        organizationId: 'acme',
        documentId: 'plan',
        liveStateDataId: 'cursors',
        data: { alice: { x: 120, y: 48 } },
        merge: true,
      },
    },
    table: successTable,
  },
  {
    number: 21,
    name: 'crdt.update',
    summary: "Replace a collaborative editor's data",
    path: '/v2/crdt/update',
    envelope: 'no-data',
    request: () =>
      crdtWrite({
        editor: 'Id of the collaborative editor',
        data: 'The new editor data: a string for text and xml, else JSON',
        contentKey: 'Key of the content inside the editor',
      }),
    response: () => z.undefined(),
    // The data replaces the editor's whole content.
    overwrites: true,
    example: {
      summary: "Replace the plan's title",
      data: {
        organizationId: 'acme',
        documentId: 'plan',
        editorId: 'title',
        type: 'text',
        data: 'Q4 plan',
      },
    },
    table: { rows: 'record', columns: [] },
  },
  {
    number: 22,
    name: 'notifications.get',
    summary: 'Read notifications',
    path: '/v2/notifications/get',
    request: () =>
      z
        .object({
          organizationId: org(),
          documentId: m.documentId('Notifications of this document').optional(),
          locationId: m.nonEmptyId().describe('Location id inside the document').optional(),
          userId: m.userId('Notifications for this user').optional(),
          notificationIds: m
            .ids()
            .min(1)
            .max(MAX_IDS)
            .describe('Only these notifications (at most 30)')
            .optional(),
          order: byTime().optional(),
        })
        .refine((d) => notificationFilters.has(notificationFilterKey(d)), {
          message: `unsupported filter combination: give one of ${notificationFilterWords()}`,
        }),
    response: () => z.array(m.notification()),
    paging: { next: 'pageToken', ...SERVICE_PAGE_SIZES },
    example: {
      summary: "Alice's ten newest notifications",
      data: { organizationId: 'acme', userId: 'alice', pageSize: 10, order: 'desc' },
    },
    table: {
      rows: 'list',
      columns: [
        // `time` and `headline` are added by the command: the ISO time, and the template
        // with its placeholders filled in.
        { header: 'TIME', path: 'time' },
        { header: 'SOURCE', path: 'notificationSource' },
        { header: 'HEADLINE', path: 'headline', wraps: true },
        { header: 'DOCUMENT', path: 'metadata.documentId' },
      ],
    },
  },
  {
    number: 23,
    name: 'notifications.config.v2',
    summary: "Read a user's notification settings (v2)",
    path: '/v2/notifications/config/get',
    request: () =>
      z
        .object({
          organizationId: org(),
          documentIds: m
            .ids()
            .min(1)
            .max(DEFAULT_BATCH)
            .describe('Documents to read the settings of')
            .optional(),
          userId: m.userId(),
          getOrganizationConfig: z
            .boolean()
            .describe("Read the user's organization-level settings instead of documents'")
            .optional(),
        })
        .refine((d) => d.getOrganizationConfig === true || d.documentIds !== undefined, {
          message: 'documentIds is required unless getOrganizationConfig is true',
          path: ['documentIds'],
        }),
    response: () => z.array(m.notificationConfig()),
    example: {
      summary: "Bob's notification settings on the roadmap",
      data: { organizationId: 'acme', userId: 'bob', documentIds: ['roadmap'] },
    },
    table: configTable,
  },
  {
    number: 24,
    name: 'notifications.config.v1',
    summary: "Read a user's notification settings (v1)",
    path: '/v1/notifications/config/get',
    request: () =>
      z.object({
        organizationId: org(),
        documentIds: m
          .ids()
          .min(1)
          .max(MAX_IDS)
          .describe('Documents to read the settings of (at most 30)'),
        userId: m.userId(),
      }),
    response: () => z.array(m.notificationConfig()),
    bulk: { itemsField: 'documentIds', maxBatch: MAX_IDS },
    example: {
      summary: "Bob's notification settings on the roadmap",
      data: { organizationId: 'acme', userId: 'bob', documentIds: ['roadmap'] },
    },
    table: configTable,
  },
  {
    number: 25,
    name: 'ai.rewrite',
    summary: 'Rewrite text with an AI model',
    path: '/v2/rewriter/ask-ai',
    envelope: 'ai',
    request: () =>
      z.object({
        model: m.nonEmptyId().describe('Model id, e.g. gpt-4o-mini'),
        prompt: z.string().min(1).describe('What to do with the text'),
        text: z.string().describe('The text to rewrite'),
      }),
    response: () =>
      z.looseObject({
        success: z.boolean(),
        text: z.string().optional(),
        error: z.string().optional(),
      }),
    // Each call costs the customer a model request.
    idempotent: false,
    openWorld: true,
    example: {
      summary: 'Make a sentence friendlier',
      unsuccessful:
        'The fixture holds no OpenAI key: give one (fixture `aiKeys`, or POST /_emulator/ai-keys) for the emulator to ask OpenAI.',
      data: {
        model: 'gpt-4o-mini',
        prompt: 'Make this sound friendlier',
        text: 'Ship the beta by Friday.',
      },
    },
    table: { rows: 'record', columns: [{ header: 'TEXT', path: 'text', wraps: true }] },
  },
  {
    number: 26,
    name: 'documents.migrate',
    summary: 'Start migrating a document to a new id',
    path: '/v2/organizations/documents/migrate',
    request: () =>
      z.object({
        organizationId: org(),
        documentId: m.documentId('The document to migrate'),
        newDocumentId: m.documentId('The id the document moves to'),
      }),
    response: () => z.looseObject({ migrationId: z.string() }),
    idempotent: false,
    example: {
      summary: 'Move the welcome document to a new id',
      data: { organizationId: 'acme', documentId: 'welcome', newDocumentId: 'welcome-2027' },
    },
    table: { rows: 'record', columns: [{ header: 'MIGRATION', path: 'migrationId' }] },
  },
  {
    number: 27,
    name: 'documents.migrationStatus',
    summary: 'Read the status of a document migration',
    path: '/v2/organizations/documents/migrate/status',
    request: () =>
      z.object({
        organizationId: org(),
        migrationId: m.nonEmptyId().describe('Migration id returned by docs_migrate'),
      }),
    response: () => z.looseObject({ migrationId: z.string(), status: m.migrationStatus() }),
    example: {
      summary: 'Follow the migration that documentsMigrate started',
      data: { organizationId: 'acme', migrationId: '<migrationId from documentsMigrate>' },
      after: 'documents.migrate',
      fill: { migrationId: { answer: 'migrationId' } },
    },
    table: {
      rows: 'record',
      columns: [
        { header: 'MIGRATION', path: 'migrationId' },
        { header: 'STATUS', path: 'status' },
      ],
    },
  },
  {
    number: 28,
    name: 'users.purgeStatus',
    summary: 'Read the status of a user-data deletion',
    path: '/v2/users/data/delete/status',
    request: () =>
      z.object({ jobId: m.nonEmptyId().describe('Deletion job id returned by users_purge') }),
    response: () =>
      z.looseObject({
        isDeleteCompleted: z.boolean(),
        tasksLeft: z.number(),
        lastTaskCompletedTime: z.number().nullable().optional(),
      }),
    example: {
      summary: 'Follow the deletion that usersPurge started',
      data: { jobId: '<jobId from usersPurge>' },
      after: 'users.purge',
      fill: { jobId: { answer: 'jobId' } },
    },
    table: {
      rows: 'record',
      columns: [
        { header: 'COMPLETED', path: 'isDeleteCompleted' },
        { header: 'TASKS LEFT', path: 'tasksLeft' },
      ],
    },
  },
  // Operations 29 to 37: the webhook configuration (docs/webhooks.md). Advanced webhooks
  // answer FAILED_PRECONDITION until their first update switches them on.
  {
    number: 29,
    name: 'webhooks.config.get',
    summary: 'Read the basic webhook configuration',
    path: '/v2/workspace/webhookconfig/get',
    request: () => z.strictObject({}),
    response: () => m.webhookConfig(),
    example: { summary: 'Read the basic webhook configuration', data: {} },
    table: webhookConfigTable,
  },
  {
    number: 30,
    name: 'webhooks.config.update',
    summary: 'Update the basic webhook configuration',
    path: '/v2/workspace/webhookconfig/update',
    // Where webhooks go, and with what credential: an agent must not change that unseen.
    overwrites: true,
    overwritesWhen: {
      changes: [
        'webhookServiceConfig.rawNotificationUrl',
        'webhookServiceConfig.processedNotificationUrl',
        'webhookServiceConfig.authToken',
      ],
      switchesOff: ['webhookServiceConfig.encryptData'],
      currentFrom: 'webhooks.config.get',
    },
    request: () =>
      z
        .strictObject({
          useWebhookService: z
            .boolean()
            .describe('Send basic webhooks (true) or not (false)')
            .optional(),
          webhookServiceConfig: m
            .webhookServiceConfig()
            .describe('Basic webhook settings; members left out keep their stored values')
            .optional(),
        })
        .refine((d) => d.useWebhookService !== undefined || d.webhookServiceConfig !== undefined, {
          message: 'one of useWebhookService or webhookServiceConfig is required',
        }),
    response: () => m.webhookConfig(),
    example: {
      summary: 'Send raw notifications to a URL, with a shared token',
      data: {
        useWebhookService: true,
        webhookServiceConfig: {
          authToken: 'acme-hook-token',
          rawNotificationUrl: 'https://example.com/hooks/raw',
        },
      },
    },
    table: webhookConfigTable,
  },
  {
    number: 31,
    name: 'webhooks.advancedConfig.get',
    summary: 'Read the advanced webhook configuration',
    path: '/v2/workspace/advancedwebhookconfig/get',
    request: () => z.strictObject({}),
    response: () => m.advancedWebhookConfig(),
    example: {
      summary: 'Read the advanced configuration that webhooksAdvancedConfigUpdate switched on',
      data: {},
      after: 'webhooks.advancedConfig.update',
    },
    table: advancedConfigTable,
  },
  {
    number: 32,
    name: 'webhooks.advancedConfig.update',
    summary: 'Update the advanced webhook configuration',
    path: '/v2/workspace/advancedwebhookconfig/update',
    // Switching encryption off sends every later payload readable.
    overwrites: true,
    overwritesWhen: {
      changes: [],
      switchesOff: ['encryptData'],
      currentFrom: 'webhooks.advancedConfig.get',
    },
    request: () =>
      z
        .strictObject({
          isEnabled: z
            .boolean()
            .describe('Switch advanced webhooks on (the first update must) or off')
            .optional(),
          encryptData: m.encryptData().optional(),
          encodeData: m.encodeData().optional(),
          publicKey: m.publicKey().optional(),
          enableDataProtection: z.boolean().describe('Data protection on or off').optional(),
        })
        .refine((d) => Object.keys(d).length > 0, {
          message:
            'give at least one of isEnabled, encryptData, encodeData, publicKey, enableDataProtection',
        }),
    response: () => m.advancedWebhookConfig(),
    example: { summary: 'Switch advanced webhooks on', data: { isEnabled: true } },
    table: advancedConfigTable,
  },
  {
    number: 33,
    name: 'webhooks.endpoints.create',
    summary: 'Add an advanced webhook endpoint',
    path: '/v2/workspace/advancedwebhook/endpoints/create',
    // A new receiver of every event it takes: each one is confirmed.
    overwrites: true,
    request: () =>
      z.strictObject({
        url: endpointUrl(),
        description: endpointDescription().optional(),
        filterTypes: m.filterTypes().optional(),
        channels: m.channels().optional(),
        disabled: switchedOff().optional(),
        rateLimit: rateLimit().optional(),
        uid: m
          .nonEmptyId()
          .describe('Your own unique id for the endpoint; it may stand for endpointId')
          .optional(),
        metadata: m.endpointMetadata().optional(),
      }),
    response: () => m.webhookEndpoint(),
    // A second call adds a second endpoint.
    idempotent: false,
    example: {
      summary: 'Deliver comment events to a URL',
      data: {
        url: 'https://example.com/hooks/comments',
        description: 'Comments for the Acme app',
        filterTypes: ['comment.add', 'comment.update'],
        rateLimit: 10,
      },
      after: 'webhooks.advancedConfig.update',
    },
    table: endpointTable,
  },
  {
    number: 34,
    name: 'webhooks.endpoints.list',
    summary: 'List the advanced webhook endpoints, a page at a time',
    path: '/v2/workspace/advancedwebhook/endpoints/get',
    request: () =>
      z.strictObject({
        limit: z
          .number()
          .int()
          .min(1)
          .max(250)
          .describe('Endpoints per page (1 to 250)')
          .optional(),
        iterator: z
          .string()
          .min(1)
          .max(MAX_URL_LENGTH)
          .describe('The iterator of the previous page, to read the next')
          .optional(),
      }),
    response: () =>
      z.looseObject({
        endpoints: z.array(m.webhookEndpoint()),
        iterator: z.string().nullable(),
        prevIterator: z.string().nullable(),
        done: z.boolean(),
      }),
    example: {
      summary: 'The first ten endpoints',
      data: { limit: 10 },
      after: 'webhooks.endpoints.create',
    },
    table: { ...endpointTable, rows: 'list', at: 'endpoints' },
  },
  {
    number: 35,
    name: 'webhooks.endpoints.update',
    summary: 'Change an advanced webhook endpoint',
    path: '/v2/workspace/advancedwebhook/endpoints/update',
    overwrites: true,
    overwritesWhen: {
      changes: ['url'],
      currentFrom: 'webhooks.endpoints.list',
      currentItem: { list: 'endpoints', key: 'id', matches: 'endpointId' },
    },
    request: () =>
      z
        .strictObject({
          endpointId: endpointId(),
          url: endpointUrl().optional(),
          description: endpointDescription().optional(),
          filterTypes: m.filterTypes().optional(),
          channels: m.channels().optional(),
          disabled: switchedOff().optional(),
          rateLimit: rateLimit().optional(),
          metadata: m.endpointMetadata().optional(),
        })
        .refine((d) => Object.keys(d).length > 1, {
          message:
            'give at least one of url, description, filterTypes, channels, disabled, rateLimit, metadata',
        }),
    response: () => m.webhookEndpoint(),
    example: {
      summary: 'Describe the endpoint that webhooksEndpointsCreate added',
      data: {
        endpointId: '<id from webhooksEndpointsCreate>',
        description: 'Comments for the Acme app, staging',
      },
      after: 'webhooks.endpoints.create',
      fill: { endpointId: { answer: 'id' } },
    },
    table: endpointTable,
  },
  {
    number: 36,
    name: 'webhooks.endpoints.delete',
    summary: 'Remove an advanced webhook endpoint and invalidate its secret',
    path: '/v2/workspace/advancedwebhook/endpoints/delete',
    request: () => z.strictObject({ endpointId: endpointId() }),
    response: () => z.looseObject({ endpointId: z.string(), deleted: z.boolean() }),
    destructive: true,
    example: {
      summary: 'Remove the endpoint that webhooksEndpointsCreate added',
      data: { endpointId: '<id from webhooksEndpointsCreate>' },
      after: 'webhooks.endpoints.create',
      fill: { endpointId: { answer: 'id' } },
    },
    table: {
      rows: 'record',
      columns: [
        { header: 'ENDPOINT', path: 'endpointId' },
        { header: 'DELETED', path: 'deleted' },
      ],
    },
  },
  {
    number: 37,
    name: 'webhooks.endpoints.secret',
    summary: "Read an advanced webhook endpoint's signing secret",
    path: '/v2/workspace/advancedwebhook/endpoints/secret/get',
    request: () => z.strictObject({ endpointId: endpointId() }),
    response: () => z.looseObject({ endpointId: z.string(), secret: z.string() }),
    example: {
      summary: 'The signing secret of the endpoint that webhooksEndpointsCreate added',
      data: { endpointId: '<id from webhooksEndpointsCreate>' },
      after: 'webhooks.endpoints.create',
      fill: { endpointId: { answer: 'id' } },
    },
    table: {
      rows: 'record',
      columns: [
        { header: 'ENDPOINT', path: 'endpointId' },
        { header: 'SECRET', path: 'secret' },
      ],
    },
  },
  {
    number: 113,
    name: 'users.export',
    summary: "Export a user's data in an organization (GDPR)",
    path: '/v2/users/data/get',
    request: () =>
      z.object({
        organizationId: org(),
        userId: m.userId('The user whose data to export'),
      }),
    response: () =>
      z.looseObject({
        comments: z.array(z.unknown()).describe('Comments the user wrote or is in'),
        reactions: z.array(z.unknown()).describe("The user's reactions"),
        recordings: z.array(z.unknown()).describe("The user's recordings"),
        notifications: z.array(m.notification()).describe('Notifications involving the user'),
        profile: z
          .array(m.userProfileEntry())
          .describe("The user's entries in the organization (the emulator's name for them)")
          .optional(),
        activities: z
          .array(m.storedActivity())
          .describe('Activity logs of what the user did (the emulator adds them)')
          .optional(),
      }),
    slow: true,
    paging: { next: 'nextPageToken', defaultPageSize: 100, maxPageSize: 100, fixedPageSize: true },
    example: {
      summary: "Export Alice's data in Acme, once she has logged a comment",
      data: { organizationId: 'acme', userId: 'alice' },
      after: 'activities.add',
      emptyLists: {
        names: ['comments', 'reactions', 'recordings'],
        why: 'the emulator keeps no comments, reactions or recordings.',
      },
    },
    table: { rows: 'record', columns: [] },
  },
  {
    number: 110,
    name: 'users.add',
    summary: 'Add users to an organization, or give them one folder or document',
    path: '/v2/users/add',
    request: () =>
      z
        .object({
          ...userPlace,
          createOrganization: z
            .boolean()
            .describe('Create the organization if it does not exist (true)')
            .optional(),
          createDocument: z
            .boolean()
            .describe('Create the document, at the top level, if it does not exist (true)')
            .optional(),
          createFolder: z
            .boolean()
            .describe('Create the folder, at the top level, if it does not exist (true)')
            .optional(),
          users: z
            .array(userInput("The user's"))
            .min(1)
            .max(DEFAULT_BATCH)
            .describe('Users to add (1 to 100)'),
        })
        .refine(onePlace, { message: 'give documentId or folderId, not both' }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'users', idField: 'userId', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Add Dana to Acme as a viewer',
      data: {
        organizationId: 'acme',
        users: [{ userId: 'dana', name: 'Dana', email: 'dana@example.com', accessRole: 'viewer' }],
      },
    },
    table: bulkTable,
  },
  {
    number: 112,
    name: 'users.update',
    summary: "Change users' name, email or access role",
    path: '/v2/users/update',
    request: () =>
      z
        .object({
          ...userPlace,
          users: z
            .array(userInput("The user's new"))
            .min(1)
            .max(DEFAULT_BATCH)
            .describe('Users to change (1 to 100): each member given replaces the stored one'),
        })
        .refine(onePlace, { message: 'give documentId or folderId, not both' }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'users', idField: 'userId', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Make Bob an editor of Acme',
      data: { organizationId: 'acme', users: [{ userId: 'bob', accessRole: 'editor' }] },
    },
    table: bulkTable,
  },
  {
    number: 111,
    name: 'users.get',
    summary: 'List the users of an organization, a document, a folder or a group',
    path: '/v2/users/get',
    request: () =>
      z
        .object({
          organizationId: org(),
          documentId: m.documentId('Only the users with access to this document').optional(),
          folderId: m.folderId('Only the users with access to this folder').optional(),
          userIds: m.ids().min(1).max(MAX_IDS).describe('Only these users (at most 30)').optional(),
          organizationUserGroupIds: m
            .ids()
            .min(1)
            .max(MAX_IDS)
            .describe('Only the members of these user groups (at most 30)')
            .optional(),
          allDocuments: z
            .boolean()
            .describe(
              'Only the users with access to some document of the organization (not with documentId or folderId)',
            )
            .optional(),
        })
        .refine((d) => d.documentId === undefined || d.folderId === undefined, {
          message: 'give documentId or folderId, not both',
        })
        .refine((d) => !d.allDocuments || (d.documentId ?? d.folderId) === undefined, {
          message: 'allDocuments reads every document: give no documentId or folderId with it',
        }),
    response: () => z.array(m.user()),
    paging: { next: 'nextPageToken', ...SERVICE_PAGE_SIZES },
    example: {
      summary: "The first two users of Acme; the answer's nextPageToken reads the next two",
      data: { organizationId: 'acme', pageSize: 2 },
    },
    table: {
      rows: 'list',
      columns: [
        { header: 'USER', path: 'userId' },
        { header: 'NAME', path: 'name' },
        { header: 'EMAIL', path: 'email' },
      ],
    },
  },
  {
    number: 115,
    name: 'organizations.get',
    summary: 'List organizations',
    path: '/v2/organizations/get',
    request: () =>
      z.object({
        organizationIds: m
          .ids()
          .min(1)
          .max(MAX_IDS)
          .describe('Only these organizations (at most 30; left out: every one)')
          .optional(),
      }),
    response: () => z.array(m.organization()),
    paging: { next: 'nextPageToken', ...SERVICE_PAGE_SIZES },
    example: { summary: 'Read Acme', data: { organizationIds: ['acme'] } },
    table: {
      rows: 'list',
      columns: [
        { header: 'ID', path: 'id' },
        { header: 'NAME', path: 'organizationName' },
        { header: 'DISABLED', path: 'disabled' },
      ],
    },
  },
  {
    number: 114,
    name: 'organizations.add',
    summary: 'Add organizations',
    path: '/v2/organizations/add',
    request: () =>
      z.object({
        organizations: z
          .array(
            z.object({
              organizationId: org(),
              organizationName: m.name().describe('Name of the new organization'),
            }),
          )
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Organizations to add'),
      }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'organizations', idField: 'organizationId', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Add Initech',
      data: { organizations: [{ organizationId: 'initech', organizationName: 'Initech' }] },
    },
    table: bulkTable,
  },
  {
    number: 116,
    name: 'organizations.delete',
    summary: 'Delete organizations, with everything in them',
    path: '/v2/organizations/delete',
    request: () =>
      z.object({
        organizationIds: m
          .ids()
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Organizations to delete (1 to 100)'),
      }),
    response: () => m.bulkResult(),
    destructive: true,
    bulk: { itemsField: 'organizationIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Delete Globex',
      data: { organizationIds: ['globex'] },
    },
    table: bulkTable,
  },
  {
    number: 117,
    name: 'folders.update',
    summary: 'Rename folders, or move them with everything in them',
    path: '/v2/organizations/folders/update',
    request: () =>
      z.object({
        organizationId: org(),
        folders: z
          .array(
            z
              .object({
                folderId: m.folderId('The folder to change'),
                folderName: m.name().describe('Its new name').optional(),
                parentFolderId: m
                  .folderId('Its new parent folder; root for the top level')
                  .optional(),
              })
              .refine((f) => f.folderName !== undefined || f.parentFolderId !== undefined, {
                message: 'give folderName or parentFolderId',
              }),
          )
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Folders to change (1 to 100), parents before their children'),
      }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'folders', idField: 'folderId', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Move HR to the top level, with everything in it',
      data: { organizationId: 'acme', folders: [{ folderId: 'hr', parentFolderId: 'root' }] },
    },
    table: bulkTable,
  },
  {
    number: 118,
    name: 'folders.delete',
    summary: 'Start deleting a folder with its subfolders and documents',
    path: '/v2/organizations/folders/delete',
    request: () =>
      z.object({
        organizationId: org(),
        folderId: m.folderId('The folder to delete, with everything in it'),
      }),
    response: () => z.null(),
    destructive: true,
    example: {
      summary: 'Delete the press kit',
      data: { organizationId: 'acme', folderId: 'secret-press' },
    },
    table: { rows: 'record', columns: [] },
  },
  {
    number: 119,
    name: 'folders.setAccess',
    summary: "Set folders' access type, or let them inherit their parent's",
    path: '/v2/organizations/folders/access/update',
    request: () =>
      z
        .object({
          organizationId: org(),
          folderIds: m.ids().min(1).max(DEFAULT_BATCH).describe('Folders to change (1 to 100)'),
          accessType: m
            .accessType()
            .describe('public, organizationPrivate or restricted; not with inheritFromParent')
            .optional(),
          inheritFromParent: z
            .literal(true)
            .describe("Take the parent folder's access from now on (true)")
            .optional(),
        })
        .refine((d) => (d.accessType === undefined) !== (d.inheritFromParent === undefined), {
          message: 'give accessType or inheritFromParent: true, one of them',
        }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'folderIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Make the handbook private to Acme',
      data: { organizationId: 'acme', folderIds: ['handbook'], accessType: 'organizationPrivate' },
    },
    table: bulkTable,
  },
  {
    number: 120,
    name: 'documents.add',
    summary: 'Add documents to an organization, at its top level or in a folder',
    path: '/v2/organizations/documents/add',
    request: () =>
      z.object({
        organizationId: org(),
        createOrganization: z
          .boolean()
          .describe('Create the organization if it does not exist (true)')
          .optional(),
        folderId: m.folderId('The folder the documents go in (left out: the top level)').optional(),
        createFolder: z
          .boolean()
          .describe('Create the folder, at the top level, if it does not exist (true)')
          .optional(),
        documents: z
          .array(
            z.object({
              documentId: m.documentId('Id of the new document'),
              documentName: m.name().describe('Name of the new document').optional(),
            }),
          )
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Documents to add (1 to 100)'),
      }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'documents', idField: 'documentId', maxBatch: DEFAULT_BATCH },
    itemResultsOnFailure: true,
    example: {
      summary: 'Add a budget document to the handbook',
      data: {
        organizationId: 'acme',
        folderId: 'handbook',
        documents: [{ documentId: 'budget', documentName: 'Budget' }],
      },
    },
    table: bulkTable,
  },
  {
    number: 121,
    name: 'documents.delete',
    summary: 'Delete documents with everything stored for them',
    path: '/v2/organizations/documents/delete',
    request: () =>
      z.object({
        organizationId: org(),
        documentIds: m.ids().min(1).max(DEFAULT_BATCH).describe('Documents to delete (1 to 100)'),
      }),
    response: () => m.bulkResult(),
    destructive: true,
    bulk: { itemsField: 'documentIds', maxBatch: DEFAULT_BATCH },
    itemResultsOnFailure: true,
    example: {
      summary: 'Delete the notes',
      data: { organizationId: 'acme', documentIds: ['notes'] },
    },
    table: bulkTable,
  },
  {
    number: 122,
    name: 'documents.move',
    summary: 'Move documents into a folder',
    path: '/v2/organizations/documents/move',
    envelope: 'no-data',
    request: () =>
      z.object({
        organizationId: org(),
        documentIds: m.ids().min(1).max(MAX_IDS).describe('Documents to move (1 to 30)'),
        folderId: m.folderId('The folder they go in; root for the top level'),
      }),
    response: () => z.undefined(),
    bulk: { itemsField: 'documentIds', maxBatch: MAX_IDS },
    example: {
      summary: 'Move the roadmap into the handbook',
      data: { organizationId: 'acme', documentIds: ['roadmap'], folderId: 'handbook' },
    },
    table: bulkTable,
  },
  {
    number: 123,
    name: 'documents.setAccess',
    summary: "Set documents' access type",
    path: '/v2/organizations/documents/access/update',
    request: () =>
      z.object({
        organizationId: org(),
        documentIds: m.ids().min(1).max(DEFAULT_BATCH).describe('Documents to change (1 to 100)'),
        accessType: m
          .accessType()
          .describe('public, organizationPrivate or restricted; it overrides any inherited'),
      }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'documentIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Make the welcome page private to Acme',
      data: { organizationId: 'acme', documentIds: ['welcome'], accessType: 'organizationPrivate' },
    },
    table: bulkTable,
  },
  {
    number: 124,
    name: 'groups.members.add',
    summary: 'Add users of an organization to one of its user groups',
    path: '/v2/organizations/usergroups/users/add',
    request: () =>
      z.object({
        organizationId: org(),
        organizationUserGroupId: m.nonEmptyId().describe('The user group'),
        userIds: m.ids().min(1).max(DEFAULT_BATCH).describe('Users to add (1 to 100)'),
      }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'userIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Put Alice and Bob in Engineering',
      data: {
        organizationId: 'acme',
        organizationUserGroupId: 'engineering',
        userIds: ['alice', 'bob'],
      },
    },
    table: bulkTable,
  },
  {
    number: 125,
    name: 'groups.members.remove',
    summary: 'Remove users from a user group, or every member',
    path: '/v2/organizations/usergroups/users/delete',
    request: () =>
      z
        .object({
          organizationId: org(),
          organizationUserGroupId: m.nonEmptyId().describe('The user group'),
          userIds: m
            .ids()
            .min(1)
            .max(DEFAULT_BATCH)
            .describe('Users to remove (1 to 100); not with deleteAll')
            .optional(),
          deleteAll: z
            .boolean()
            .describe('Remove every member (true, without userIds) or those of userIds (false)'),
        })
        .refine((d) => d.deleteAll === (d.userIds === undefined), {
          message: 'give userIds with deleteAll: false, or deleteAll: true alone',
        }),
    response: () => m.bulkResult(),
    destructive: true,
    bulk: { itemsField: 'userIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Take Bob out of Engineering',
      data: {
        organizationId: 'acme',
        organizationUserGroupId: 'engineering',
        userIds: ['bob'],
        deleteAll: false,
      },
      after: 'groups.members.add',
    },
    table: bulkTable,
  },
  {
    number: 126,
    name: 'permissions.add',
    summary: 'Grant a user access to organizations, folders or documents',
    path: '/v2/auth/permissions/add',
    envelope: 'no-data',
    request: () =>
      z.object({
        user: z.object({ userId: m.userId('The user granted access') }).describe('The user'),
        permissions: permissionResources(grantedResource(), 'grant'),
      }),
    response: () => z.undefined(),
    example: {
      summary: 'Let Carol edit the plan until the end of 2030',
      data: {
        user: { userId: 'carol' },
        permissions: {
          resources: [
            {
              type: 'document',
              id: 'plan',
              organizationId: 'acme',
              accessRole: 'editor',
              expiresAt: 1924905600,
            },
          ],
        },
      },
    },
    table: successTable,
  },
  {
    number: 127,
    name: 'permissions.remove',
    summary: "Revoke a user's access to organizations, folders or documents",
    path: '/v2/auth/permissions/remove',
    envelope: 'no-data',
    request: () =>
      z.object({
        userId: m.userId('The user whose access is revoked'),
        permissions: permissionResources(placedResource(z.object(resourceMembers())), 'revoke'),
      }),
    response: () => z.undefined(),
    destructive: true,
    example: {
      summary: "Revoke Alice's access to the plan",
      data: {
        userId: 'alice',
        permissions: { resources: [{ type: 'document', id: 'plan', organizationId: 'acme' }] },
      },
    },
    table: successTable,
  },
  {
    number: 128,
    name: 'auth.userToken',
    summary: "Mint a user's token carrying their access, for a client SDK",
    path: '/v2/auth/generate_token',
    request: () =>
      z.object({
        userId: m.userId('The user the token is for'),
        userProperties: z
          .strictObject({
            isAdmin: z.boolean().describe('An administrator (true); default false').optional(),
            name: m.name().describe("The user's name"),
            email: m.email().describe("The user's email"),
          })
          .describe("The user's name and email (not their organization: that is a resource)"),
        permissions: permissionResources(grantedResource(), 'grant'),
      }),
    response: () => z.looseObject({ token: z.string() }),
    example: {
      summary: 'A token for Carol: viewer of Acme, editor of the plan',
      data: {
        userId: 'carol',
        userProperties: { name: 'Carol', email: 'carol@example.com' },
        permissions: {
          resources: [
            { type: 'organization', id: 'acme', accessRole: 'viewer' },
            { type: 'document', id: 'plan', organizationId: 'acme', accessRole: 'editor' },
          ],
        },
      },
    },
    table: { rows: 'record', columns: [{ header: 'TOKEN', path: 'token' }] },
  },
  {
    number: 129,
    name: 'auth.signature',
    summary: "Sign a permission provider's answer",
    path: '/v2/auth/generate_signature',
    request: () =>
      z.object({
        permissions: z
          .array(
            z.strictObject({
              userId: m.userId(),
              resourceId: m.nonEmptyId().describe('The resource'),
              type: z
                .enum(['organization', 'folder', 'document'])
                .describe('What the resource is: organization, folder or document'),
              hasAccess: z.boolean().describe('Whether the user may open it'),
              accessRole: m
                .accessRole()
                .describe('viewer (view and comment) or editor; documents only')
                .optional(),
              expiresAt: z
                .number()
                .int()
                .positive()
                .describe('When to check again, in epoch milliseconds')
                .optional(),
            }),
          )
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('The answers to sign (1 to 100)'),
      }),
    response: () => z.looseObject({ signature: z.string() }),
    example: {
      summary: 'Sign that Carol may view the plan',
      data: {
        permissions: [
          {
            userId: 'carol',
            resourceId: 'plan',
            type: 'document',
            hasAccess: true,
            accessRole: 'viewer',
          },
        ],
      },
    },
    table: { rows: 'record', columns: [{ header: 'SIGNATURE', path: 'signature' }] },
  },
  {
    number: 130,
    name: 'notifications.add',
    summary: "Send a notification to a document's users",
    path: '/v2/notifications/add',
    request: () =>
      z
        .object({
          organizationId: org(),
          createOrganization: z
            .boolean()
            .describe('Create the organization if it does not exist (true)')
            .optional(),
          documentId: m.documentId('The document it is about'),
          createDocument: z
            .boolean()
            .describe('Create the document, at the top level, if it does not exist (true)')
            .optional(),
          actionUser: m.actionUser().describe('Who caused it'),
          notificationId: z
            .string()
            .min(1)
            .max(MAX_ID_LENGTH)
            .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
            .describe('Its id (letters, digits, _ and -); the same id again adds nothing')
            .optional(),
          verifyUserPermissions: z
            .boolean()
            .describe('Notify only the users who may open the document (true)')
            .optional(),
          isNotificationResolverUsed: z
            .boolean()
            .describe('The client resolves its content when it reads it (true)')
            .optional(),
          displayHeadlineMessageTemplate: z
            .string()
            .max(MAX_DESCRIPTION)
            .describe('Headline, with {placeholders} (required without the resolver)')
            .optional(),
          displayHeadlineMessageTemplateData: z
            .record(z.string(), z.unknown())
            .describe('Values of the headline placeholders')
            .optional(),
          displayBodyMessage: z
            .string()
            .max(MAX_DESCRIPTION)
            .describe('Body text (required without the resolver)')
            .optional(),
          notifyUsers: z
            .array(m.actionUser())
            .max(DEFAULT_BATCH)
            .describe('Users to notify (also when notifyAll is left true)'),
          notifyAll: z
            .boolean()
            .describe('Notify every user of the organization as well (true, the default)')
            .optional(),
          notificationSource: m.name().describe('custom, comment, huddle or crdt').optional(),
          notificationSourceData: z
            .record(z.string(), z.unknown())
            .describe('Data given back to the client when the notification is opened')
            .optional(),
          context: z
            .object({
              access: z
                .record(z.string(), z.union([z.string(), z.number()]))
                .describe('Access fields: name to a string or number'),
            })
            .describe('Who may see it, by access fields')
            .optional(),
        })
        .refine(
          (d) =>
            d.isNotificationResolverUsed === true ||
            (d.displayHeadlineMessageTemplate !== undefined && d.displayBodyMessage !== undefined),
          {
            message:
              'displayHeadlineMessageTemplate and displayBodyMessage are required unless isNotificationResolverUsed is true',
          },
        ),
    response: () => z.looseObject({ success: z.boolean(), message: z.string().optional() }),
    // Without a notificationId, sent again it notifies twice.
    idempotent: false,
    example: {
      summary: 'Tell Bob that Alice mentioned him in the plan',
      data: {
        organizationId: 'acme',
        documentId: 'plan',
        notificationId: 'plan-mention-1',
        actionUser: { userId: 'alice', name: 'Alice' },
        displayHeadlineMessageTemplate: '{actionUser} mentioned you',
        displayHeadlineMessageTemplateData: { actionUser: { userId: 'alice', name: 'Alice' } },
        displayBodyMessage: 'Can you check the goals?',
        notifyUsers: [{ userId: 'bob' }],
        notifyAll: false,
      },
    },
    table: successTable,
  },
  {
    number: 131,
    name: 'notifications.update',
    summary: 'Change notifications, or mark them read for users',
    path: '/v2/notifications/update',
    request: () =>
      z.object({
        organizationId: org(),
        documentId: m.documentId('Only notifications of this document').optional(),
        locationId: m.nonEmptyId().describe('Only notifications of this location').optional(),
        userId: m.userId('Only notifications for this user').optional(),
        notifications: z
          .array(
            z.strictObject({
              id: m.nonEmptyId().describe('The notification to change'),
              actionUser: m.actionUser().describe('Who caused it').optional(),
              displayHeadlineMessageTemplate: z
                .string()
                .max(MAX_DESCRIPTION)
                .describe('New headline')
                .optional(),
              displayHeadlineMessageTemplateData: z
                .record(z.string(), z.unknown())
                .describe('New values of the headline placeholders')
                .optional(),
              displayBodyMessage: z
                .string()
                .max(MAX_DESCRIPTION)
                .describe('New body text')
                .optional(),
              notificationSourceData: z
                .record(z.string(), z.unknown())
                .describe('New data given back when it is opened')
                .optional(),
              readByUserIds: m
                .ids()
                .max(DEFAULT_BATCH)
                .describe('Users who have read it')
                .optional(),
              persistReadForUsers: z
                .boolean()
                .describe("Keep it in the users' For You tab once read (true)")
                .optional(),
            }),
          )
          .min(1)
          .max(DEFAULT_BATCH)
          .describe(
            'Notifications to change (1 to 100): each member given replaces the stored one',
          ),
      }),
    response: () => m.bulkResult(),
    overwrites: true,
    bulk: { itemsField: 'notifications', idField: 'id', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Mark the welcome mention read for Alice',
      data: {
        organizationId: 'acme',
        notifications: [{ id: 'welcome-mention', readByUserIds: ['alice'] }],
      },
    },
    table: bulkTable,
  },
  {
    number: 132,
    name: 'notifications.delete',
    summary: 'Delete the notifications of a document, a location or a user, or the ones named',
    path: '/v2/notifications/delete',
    request: () =>
      z
        .object({
          organizationId: org(),
          documentId: m.documentId('Notifications of this document').optional(),
          locationId: m.nonEmptyId().describe('Notifications of this location').optional(),
          userId: m.userId('Notifications for this user').optional(),
          notificationIds: m
            .ids()
            .min(1)
            .max(DEFAULT_BATCH)
            .describe('Only these notifications (1 to 100)')
            .optional(),
        })
        .refine((d) => (d.documentId ?? d.locationId ?? d.userId) !== undefined, {
          message: 'give documentId, locationId or userId, with notificationIds or without',
        }),
    response: () => m.bulkResult(),
    destructive: true,
    example: {
      summary: "Delete the welcome page's notifications",
      data: { organizationId: 'acme', documentId: 'welcome' },
    },
    table: bulkTable,
  },
  {
    number: 133,
    name: 'notifications.config.set',
    summary: "Set users' notification settings for documents, or their organization default",
    path: '/v2/notifications/config/set',
    request: () =>
      z.object({
        organizationId: org(),
        documentIds: m
          .ids()
          .min(1)
          .max(DEFAULT_BATCH)
          .describe("These documents' settings (left out: the users' default for all)")
          .optional(),
        userIds: m.ids().min(1).max(DEFAULT_BATCH).describe('The users (1 to 100)'),
        config: z
          .strictObject({
            inbox: m.notificationLevel().describe('In-app: ALL, MINE or NONE').optional(),
            email: m.notificationLevel().describe('Email: ALL, MINE or NONE').optional(),
            slack: m.notificationLevel().describe('Slack: ALL, MINE or NONE').optional(),
          })
          .refine((c) => Object.keys(c).length > 0, { message: 'give inbox, email or slack' })
          .describe('The settings to change; those left out are kept'),
      }),
    response: () => m.bulkResult(),
    bulk: { itemsField: 'userIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Email Bob about everything on the roadmap',
      data: {
        organizationId: 'acme',
        documentIds: ['roadmap'],
        userIds: ['bob'],
        config: { email: 'ALL' },
      },
    },
    table: bulkTable,
  },
  {
    number: 134,
    name: 'activities.get',
    summary: 'List activity logs',
    path: '/v2/activities/get',
    request: () =>
      z.object({
        organizationId: org(),
        documentId: m.documentId('Only the entries of this document').optional(),
        targetEntityId: m.nonEmptyId().describe('Only the entries about this entity').optional(),
        featureTypes: z
          .array(m.featureType())
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Only these kinds of feature: comment, reaction, recorder, crdt or custom')
          .optional(),
        actionTypes: m
          .ids()
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Only these actions, e.g. added or deleted')
          .optional(),
        userId: m.userId('Only what this user did (the actionUser of the entries)').optional(),
        activityIds: m.ids().min(1).max(DEFAULT_BATCH).describe('Only these entries').optional(),
        order: byTime().optional(),
      }),
    response: () => z.array(m.storedActivity()),
    // The one read of these that names its next page `pageToken`, as documented.
    paging: { next: 'pageToken', ...SERVICE_PAGE_SIZES },
    example: {
      summary: 'The newest activity logs of the plan, with the one activitiesAdd wrote',
      data: { organizationId: 'acme', documentId: 'plan', order: 'desc', pageSize: 50 },
      after: 'activities.add',
    },
    table: {
      rows: 'list',
      columns: [
        { header: 'ID', path: 'id' },
        { header: 'TIME', path: 'timestamp' },
        { header: 'FEATURE', path: 'featureType' },
        { header: 'ACTION', path: 'actionType' },
        { header: 'USER', path: 'actionUser.userId' },
        { header: 'TARGET', path: 'targetEntityId' },
        { header: 'DOCUMENT', path: 'metadata.documentId' },
      ],
    },
  },
  {
    number: 135,
    name: 'activities.update',
    summary: 'Change activity logs: their messages, data and icon',
    path: '/v2/activities/update',
    request: () =>
      z.object({
        organizationId: org(),
        activities: z
          .array(
            z.strictObject({
              id: m.nonEmptyId().describe('Id of the entry to change'),
              ...m.activityContent(),
            }),
          )
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Entries to change (1 to 100): each member given replaces the stored one'),
      }),
    response: () => m.bulkResult(),
    // A member given replaces the entry's stored value.
    overwrites: true,
    bulk: { itemsField: 'activities', idField: 'id', maxBatch: DEFAULT_BATCH },
    example: {
      summary: "Reword the entry of Alice's comment",
      data: {
        organizationId: 'acme',
        activities: [{ id: 'plan-comment-1', displayMessageTemplate: '{{user}} commented' }],
      },
      after: 'activities.add',
    },
    table: bulkTable,
  },
  {
    number: 136,
    name: 'presence.update',
    summary: "Change users' entries on a document's presence list",
    path: '/v2/presence/update',
    request: () =>
      z.object({
        organizationId: org(),
        documentId: m.documentId(),
        users: z
          .array(m.presenceUser())
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Users present, each with the members to change'),
      }),
    response: () => z.looseObject({ success: z.boolean() }),
    bulk: { itemsField: 'users', idField: 'userId', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Show Alice as away in the plan',
      data: {
        organizationId: 'acme',
        documentId: 'plan',
        users: [{ userId: 'alice', status: 'away' }],
      },
      after: 'presence.add',
    },
    table: successTable,
  },
  {
    number: 137,
    name: 'presence.remove',
    summary: "Take users off a document's presence list",
    path: '/v2/presence/delete',
    request: () =>
      z.object({
        organizationId: org(),
        documentId: m.documentId(),
        userIds: m.ids().min(1).max(DEFAULT_BATCH).describe('Users to take off (1 to 100)'),
      }),
    response: () => z.looseObject({ success: z.boolean() }),
    bulk: { itemsField: 'userIds', maxBatch: DEFAULT_BATCH },
    example: {
      summary: 'Take Alice off the plan',
      data: { organizationId: 'acme', documentId: 'plan', userIds: ['alice'] },
      after: 'presence.add',
    },
    table: successTable,
  },
  {
    number: 138,
    name: 'crdt.add',
    summary: 'Create a collaborative editor with its first data',
    path: '/v2/crdt/add',
    envelope: 'no-data',
    // Sent again after it worked, it is refused: ALREADY_EXISTS.
    idempotent: false,
    request: () =>
      crdtWrite({
        editor: 'Id of the new collaborative editor',
        data: 'Its data: a string for text and xml, else JSON',
        contentKey: 'Key of the content inside the editor (default: content)',
      }),
    response: () => z.undefined(),
    example: {
      summary: 'Start a notes editor on the plan',
      data: {
        organizationId: 'acme',
        documentId: 'plan',
        editorId: 'notes',
        type: 'text',
        data: 'First notes',
      },
    },
    table: { rows: 'record', columns: [] },
  },
  {
    number: 139,
    name: 'crdt.get',
    summary: "Read a document's CRDT editor data",
    path: '/v2/crdt/get',
    request: () =>
      z.object({
        organizationId: org(),
        documentId: m.documentId(),
        editorId: m
          .nonEmptyId()
          .describe('Only this collaborative editor (left out: every editor of the document)')
          .optional(),
      }),
    response: () => z.array(m.crdtRecord()),
    example: {
      summary: "The plan's title editor",
      data: { organizationId: 'acme', documentId: 'plan', editorId: 'title' },
    },
    table: {
      rows: 'list',
      columns: [
        { header: 'EDITOR', path: 'id' },
        { header: 'UPDATED', path: 'lastUpdate' },
        { header: 'BY', path: 'lastUpdatedBy' },
        { header: 'DATA', path: 'data', wraps: true },
      ],
    },
  },
  {
    number: 140,
    name: 'recordings.get',
    summary: 'List recordings',
    path: '/v2/recordings/get',
    request: () =>
      z.object({
        organizationId: org(),
        documentId: m.documentId('Only the recordings of this document').optional(),
        recordingIds: m
          .ids()
          .min(1)
          .max(DEFAULT_BATCH)
          .describe('Only these recordings, by annotation id')
          .optional(),
      }),
    response: () => z.array(m.recording()),
    // Documented with `result.pageToken`, as activity logs are; sizes are not documented.
    paging: { next: 'pageToken', ...SERVICE_PAGE_SIZES },
    example: {
      summary: "The plan's recordings",
      data: { organizationId: 'acme', documentId: 'plan' },
    },
    table: {
      rows: 'list',
      columns: [
        { header: 'ID', path: 'annotationId' },
        { header: 'KIND', path: 'recordingType' },
        { header: 'DURATION', path: 'recordedTime.display' },
        { header: 'DOCUMENT', path: 'metadata.documentId' },
        { header: 'NAME', path: 'displayName' },
      ],
    },
  },
  {
    number: 141,
    name: 'workspace.get',
    summary: 'Read the workspace',
    path: '/v2/workspace/get',
    auth: 'workspace',
    request: () => z.strictObject({}),
    response: () => m.workspace(),
    example: { summary: 'Read your own workspace', data: {} },
    table: {
      rows: 'record',
      columns: [
        { header: 'ID', path: 'id' },
        { header: 'NAME', path: 'name' },
        { header: 'OWNER', path: 'owner.email' },
        // Added by the command: the token masked, and the API key ids in one cell.
        { header: 'TOKEN', path: 'authToken' },
        { header: 'API KEYS', path: 'apiKeys' },
      ],
    },
  },
  {
    number: 149,
    name: 'workspace.emailConfigGet',
    summary: 'Read the email service configuration',
    path: '/v2/workspace/emailconfig/get',
    request: () => z.strictObject({}),
    // The service answers every member, its defaults where nothing is stored; whether it
    // masks the provider key is not documented, so svc masks what it shows itself.
    response: () => m.storedEmailConfig(),
    example: { summary: 'Read how the workspace sends its emails', data: {} },
    table: emailConfigTable,
  },
  // The key-level service configurations (150 to 157): each update merges into what is
  // stored, and may switch a service off or change who decides access, so it is confirmed.
  {
    number: 150,
    name: 'workspace.apiKeyConfigGet',
    summary: "Read the API key's application configuration",
    path: '/v2/workspace/apikeyconfig/get',
    request: () => z.strictObject({}),
    response: () => m.apiKeyConfig(),
    example: { summary: "Read the API key's settings", data: {} },
    table: apiKeyConfigTable,
  },
  {
    number: 151,
    name: 'workspace.apiKeyConfigUpdate',
    summary: "Update the API key's application configuration",
    path: '/v2/workspace/apikeyconfig/update',
    destructive: true,
    overwrites: true,
    request: () =>
      z
        .strictObject({
          enablePrivateComments: z.boolean().describe('Allow private comments').optional(),
          requireJwtToken: z
            .boolean()
            .describe('Client SDKs must authenticate with a signed JWT')
            .optional(),
          requireAutoOrgUser: z
            .boolean()
            .describe('Add users to the organization on their first access')
            .optional(),
          defaultDocumentAccessType: m
            .accessType()
            .describe('Access type of a new document')
            .optional(),
          aiModelApiKey: z
            .array(
              z.strictObject({
                provider: m.aiModelProvider(),
                customerApiKey: z
                  .string()
                  .min(1)
                  .max(MAX_URL_LENGTH)
                  .describe("The provider's API key (a secret; stored, answered masked)"),
              }),
            )
            .min(1)
            .max(3)
            .describe('AI provider keys to store, one per provider')
            .optional(),
        })
        .refine((d) => Object.keys(d).length > 0, {
          message: 'At least one field must be provided for update',
        }),
    response: () => m.apiKeyConfigEcho(),
    example: {
      summary: 'Make new documents restricted and allow private comments',
      data: { defaultDocumentAccessType: 'restricted', enablePrivateComments: true },
    },
    table: apiKeyConfigTable,
  },
  {
    number: 152,
    name: 'workspace.notificationServiceGet',
    summary: 'Read the in-app notification service configuration',
    path: '/v2/workspace/notificationconfig/get',
    request: () => z.strictObject({}),
    response: () => m.storedNotificationServiceConfig(),
    example: { summary: 'Read how in-app notifications are sent', data: {} },
    table: notificationServiceTable,
  },
  {
    number: 153,
    name: 'workspace.notificationServiceUpdate',
    summary: 'Update the in-app notification service configuration',
    path: '/v2/workspace/notificationconfig/update',
    destructive: true,
    overwrites: true,
    request: () =>
      z
        .strictObject({
          useNotificationService: z
            .boolean()
            .describe('Switch the notification service on (true) or off')
            .optional(),
          notificationServiceConfig: m
            .notificationServiceConfig()
            .describe('Settings; members left out keep their stored values')
            .optional(),
        })
        .refine(
          (d) =>
            d.useNotificationService !== undefined || d.notificationServiceConfig !== undefined,
          {
            message:
              'At least one of useNotificationService or notificationServiceConfig must be provided',
          },
        ),
    response: () => m.storedNotificationServiceConfig(),
    example: {
      summary: 'Switch notifications on, each one sent after 30 seconds',
      data: {
        useNotificationService: true,
        notificationServiceConfig: { delayConfig: { isEnabled: true, delaySeconds: 30 } },
      },
    },
    table: notificationServiceTable,
  },
  {
    number: 154,
    name: 'workspace.activityServiceGet',
    summary: 'Read the activity log service configuration',
    path: '/v2/workspace/activityconfig/get',
    request: () => z.strictObject({}),
    response: () => m.storedActivityServiceConfig(),
    example: { summary: 'Read whether activity logs are kept', data: {} },
    table: activityServiceTable,
  },
  {
    number: 155,
    name: 'workspace.activityServiceUpdate',
    summary: 'Update the activity log service configuration',
    path: '/v2/workspace/activityconfig/update',
    destructive: true,
    overwrites: true,
    request: () =>
      z.strictObject({
        activityServiceConfig: m
          .activityServiceConfig()
          .refine((c) => Object.keys(c).length > 0, {
            message: 'At least one field must be provided for update',
          })
          .describe('Settings; members left out keep their stored values'),
      }),
    response: () => m.storedActivityServiceConfig(),
    example: {
      summary: 'Keep activity logs, and let them be changed',
      data: { activityServiceConfig: { isEnabled: true, immutable: false } },
    },
    table: activityServiceTable,
  },
  {
    number: 156,
    name: 'workspace.permissionProviderGet',
    summary: 'Read the permission provider configuration',
    path: '/v2/workspace/permissionproviderconfig/get',
    request: () => z.strictObject({}),
    response: () => m.storedPermissionProviderConfig(),
    example: { summary: 'Read where access decisions are asked', data: {} },
    table: permissionProviderTable,
  },
  {
    number: 157,
    name: 'workspace.permissionProviderUpdate',
    summary: 'Update the permission provider configuration',
    path: '/v2/workspace/permissionproviderconfig/update',
    destructive: true,
    overwrites: true,
    request: () =>
      z
        .strictObject({
          usePermissionProvider: z
            .boolean()
            .describe('Ask the provider for access decisions (true) or not')
            .optional(),
          permissionProviderConfig: m
            .permissionProviderConfig()
            .describe('Settings; members left out keep their stored values')
            .optional(),
        })
        .refine(
          (d) => d.usePermissionProvider !== undefined || d.permissionProviderConfig !== undefined,
          {
            message:
              'At least one of usePermissionProvider or permissionProviderConfig must be provided',
          },
        ),
    // The documented answer has no `data`; the emulator answers what is stored.
    response: () => m.storedPermissionProviderConfig().optional(),
    example: {
      summary: 'Ask a provider for access decisions',
      data: {
        usePermissionProvider: true,
        permissionProviderConfig: { permissionProviderUrl: 'https://example.com/permissions' },
      },
    },
    table: permissionProviderTable,
  },
] as const satisfies readonly Declared[];

/** An operation as the rest of svc reads it: its traits resolved, its schemas built. */
type Built<D> = D extends Declared
  ? Omit<D, 'request' | 'response' | DefaultedTrait> & {
      readonly version: VersionOf<D['path']>;
      readonly auth: Trait<D, 'auth', 'key'>;
      readonly envelope: Trait<D, 'envelope', 'standard'>;
      readonly successStatus: Trait<D, 'successStatus', 200>;
      readonly readOnly: boolean;
      readonly idempotent: boolean;
      readonly destructive: boolean;
      readonly slow: boolean;
      readonly paging?: Paging;
      readonly request: D extends { readonly paging: { readonly fixedPageSize: true } }
        ? PagedRequest<ReturnType<D['request']>, TokenShape>
        : D extends { readonly paging: Paging }
          ? PagedRequest<ReturnType<D['request']>, PageShape>
          : ReturnType<D['request']>;
      readonly response: ReturnType<D['response']>;
    }
  : never;

/** The request members `pagedRequest` adds. */
type TokenShape = { pageToken: z.ZodOptional<z.ZodString> };
type PageShape = TokenShape & { pageSize: z.ZodOptional<z.ZodNumber> };
type PagedRequest<R, Added> =
  R extends z.ZodObject<infer Shape, infer Config> ? z.ZodObject<Shape & Added, Config> : never;

/**
 * The request schema of a paged read: the entry's own members, and `pageSize` and
 * `pageToken` as its paging says.
 */
function pagedRequest(request: () => z.ZodType, paging: Paging): () => z.ZodType {
  return () =>
    (request() as z.ZodObject).extend({
      ...(!paging.fixedPageSize && { pageSize: pageSizeMember(paging) }),
      pageToken: z
        .string()
        .max(MAX_URL_LENGTH)
        .optional()
        .describe('The token the previous page answered, to read the page after it'),
    });
}

function pageSizeMember(paging: Paging) {
  return z
    .number()
    .int()
    .min(1)
    .max(paging.maxPageSize)
    .optional()
    .describe(`Items per page (default ${paging.defaultPageSize}, at most ${paging.maxPageSize})`);
}

/**
 * The operation with its traits resolved, and its schemas built the first time they are
 * read, then kept: a command builds those of the operations it sends, while the emulator,
 * `svc schema` and `svc mcp`, reading them all, build them all.
 */
function build<D extends Declared>(op: D): Built<D> {
  const reads = op.readOnly ?? readsByPath(op.path);
  const traits = {
    version: versionOf(op.path),
    auth: op.auth ?? 'key',
    envelope: op.envelope ?? 'standard',
    successStatus: op.successStatus ?? 200,
    readOnly: reads,
    idempotent: op.idempotent ?? true,
    destructive: op.destructive ?? false,
    slow: op.slow ?? false,
  };
  const request = op.paging ? pagedRequest(op.request, op.paging) : op.request;
  const built = {};
  for (const [key, value] of Object.entries({ ...op, ...traits, request })) {
    Object.defineProperty(
      built,
      key,
      key === 'request' || key === 'response'
        ? { enumerable: true, get: once(value as () => z.ZodType) }
        : { enumerable: true, writable: true, configurable: true, value },
    );
  }
  return built as Built<D>;
}

export type Operations = readonly Built<(typeof declared)[number]>[];
export const operations: Operations = declared.map(build) satisfies readonly Operation[];
export type OperationName = Operations[number]['name'];
export type OperationByName<N extends OperationName> = Extract<Operations[number], { name: N }>;
export type RequestOf<N extends OperationName> = z.input<OperationByName<N>['request']>;
export type ResponseOf<N extends OperationName> = z.output<OperationByName<N>['response']>;

const byName = new Map<string, Operations[number]>(operations.map((op) => [op.name, op]));
const byPath = new Map<string, Operations[number]>(operations.map((op) => [op.path, op]));

export function operation<N extends OperationName>(name: N): OperationByName<N> {
  return byName.get(name) as OperationByName<N>;
}

export function operationForPath(path: string): Operations[number] | undefined {
  return byPath.get(path);
}
