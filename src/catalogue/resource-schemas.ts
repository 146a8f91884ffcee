import * as z from 'zod';
import { emailTriggerNames } from './email-triggers.js';
import { triggerKeys, webhookEventNames } from './webhook-events.js';
import { MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_URL_LENGTH } from './limits.js';
import { once } from './once.js';

/**
 * The resources of the spec's "Resources and their fields", as zod schemas. Response
 * shapes are loose objects: a newer service may add members, and the CLI must not break.
 *
 * Each is built the first time it is asked for, and that one instance is kept: building
 * every schema costs a command that sends one request more than loading zod does.
 */

const id = once(() => z.string().min(1, 'must not be empty').max(MAX_ID_LENGTH));
export const ids = once(() => z.array(id()));

// What a member of a request means is said on its schema (`.describe()`), and read from there
// by the MCP tools' input schemas, the OpenAPI document and `svc schema`. The ids most requests
// take are described here, so that their words are written once; where a member means more in
// one operation (only this document, the users to remove), that operation gives its own words.
// Each call makes a described copy of the one id schema, while a request schema is built.
export const organizationId = (text = 'Organization id') => id().describe(text);
export const documentId = (text = 'Document id') => id().describe(text);
export const folderId = (text = 'Folder id') => id().describe(text);
export const userId = (text = 'User id') => id().describe(text);

/** A name of something the request creates or renames: a folder, document, group, …. */
export const name = once(() => z.string().min(1).max(MAX_NAME_LENGTH));
/** Text about a user that the service only stores and shows: a name, an email, a status. */
const shortText = once(() => z.string().max(MAX_NAME_LENGTH));
const userName = () => shortText().describe("User's display name");
const userEmail = () => shortText().describe("User's email address");
export const email = once(() => z.email().max(MAX_NAME_LENGTH));
/**
 * Checked before URL parsing, which drops tabs and newlines and percent-encodes other
 * control characters: a URL holding one is refused, never silently changed.
 */
export const url = once(() =>
  z
    .string()
    .refine((u) => !/\p{Cc}/u.test(u), 'must not contain control characters')
    .pipe(z.url().max(MAX_URL_LENGTH)),
);

export const workspace = once(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    owner: z.looseObject({
      email: z.string(),
      id: z.string(),
      name: z.string(),
      avatar: z.string(),
    }),
    authToken: z.string(),
    apiKeyList: z.record(
      z.string(),
      z.looseObject({ apiKeyName: z.string(), id: z.string(), type: z.string() }),
    ),
  }),
);

export const authTokenEntry = once(() =>
  z.looseObject({
    token: z.string(),
    name: z.string(),
    domains: z.array(z.unknown()),
  }),
);

export const accessRole = once(() => z.enum(['editor', 'viewer']));
export const accessType = once(() => z.enum(['public', 'restricted', 'organizationPrivate']));

export const permissionEntry = once(() =>
  z.looseObject({
    accessRole: accessRole().optional(),
    accessType: accessType().optional(),
    expiresAt: z.number().optional(),
    error: z.string().optional(),
    errorCode: z.string().optional(),
  }),
);

export const userPermissions = once(() =>
  z.looseObject({
    folders: z.record(z.string(), permissionEntry()).optional(),
    documents: z.record(z.string(), permissionEntry()).optional(),
    organization: z.record(z.string(), permissionEntry()).optional(),
    context: z.looseObject({ accessFields: z.array(z.string()) }).optional(),
  }),
);

export interface Folder {
  folderId: string;
  folderName: string;
  parentFolderId: string;
  apiKey?: string;
  organizationId?: string;
  createdAt?: number;
  lastUpdated?: number;
  ancestors?: string[];
  accessType?: string;
  inheritAccessFromParent?: boolean;
  subFolders?: Folder[];
}
export const folder = once((): z.ZodType<Folder> =>
  z.looseObject({
    folderId: z.string(),
    folderName: z.string(),
    parentFolderId: z.string(),
    apiKey: z.string().optional(),
    organizationId: z.string().optional(),
    createdAt: z.number().optional(),
    lastUpdated: z.number().optional(),
    ancestors: z.array(z.string()).optional(),
    accessType: z.string().optional(),
    inheritAccessFromParent: z.boolean().optional(),
    get subFolders() {
      return z.array(folder()).optional();
    },
  }),
);

export const document = once(() =>
  z.looseObject({
    id: z.string(),
    documentName: z.string().optional(),
    disabled: z.boolean().optional(),
    accessType: z.string().optional(),
  }),
);

/** One member of a bulk operation's per-item result map. */
export const bulkItemResult = once(() =>
  z.looseObject({
    success: z.boolean(),
    message: z.string().optional(),
    id: z.string().optional(),
    disabled: z.boolean().optional(),
  }),
);
export const bulkResult = once(() => z.record(z.string(), bulkItemResult()));

export const actionUser = once(() =>
  z.looseObject({
    userId: userId(),
    email: userEmail().optional(),
    name: userName().optional(),
  }),
);

export const featureType = once(() =>
  z.enum(['comment', 'reaction', 'recorder', 'crdt', 'custom']),
);

/**
 * What an activity log entry says of what happened, beyond who and what: the members that
 * adding an entry (17) sets and changing one (135) replaces.
 */
export const activityContent = () => ({
  changes: z
    .record(
      z.string(),
      z.looseObject({
        from: z.unknown().describe('Value before'),
        to: z.unknown().describe('Value after'),
      }),
    )
    .describe('Changed fields: field name to its old and new value')
    .optional(),
  entityData: z.unknown().describe('Data of what it happened to, stored as given').optional(),
  entityTargetData: z.unknown().describe('Data of the target, stored as given').optional(),
  displayMessageTemplate: z
    .string()
    .describe('Message template shown to users, with {placeholders}')
    .optional(),
  displayMessageTemplateData: z
    .record(z.string(), z.unknown())
    .describe('Values of the template placeholders')
    .optional(),
  actionIcon: z.string().describe('Icon URL or name shown with the entry').optional(),
});

export const activity = once(() =>
  z
    .looseObject({
      id: id()
        .describe('Id of the entry; with one, sending it again does not add it twice')
        .optional(),
      featureType: featureType().describe(
        'Kind of feature: comment, reaction, recorder, crdt or custom',
      ),
      actionType: id().describe('What happened, e.g. added or deleted'),
      actionUser: actionUser().describe('Who did it'),
      targetEntityId: id().describe('Id of what it happened to (required for custom)').optional(),
      targetSubEntityId: z
        .string()
        .max(MAX_ID_LENGTH)
        .describe('Id of the part of it that it happened to')
        .optional(),
      ...activityContent(),
      isActivityResolverUsed: z
        .boolean()
        .describe('Whether the client resolves the entry itself')
        .optional(),
    })
    .refine((a) => a.featureType !== 'custom' || a.targetEntityId !== undefined, {
      message: 'targetEntityId is required when featureType is custom',
      path: ['targetEntityId'],
    }),
);

const notificationUser = once(() =>
  z.looseObject({
    email: z.string().optional(),
    name: z.string().optional(),
    userId: z.string().optional(),
  }),
);

/**
 * What a notification says, as members of its object. Answers read them loosely and the
 * emulator's fixtures strictly, so each gives the schema of its action user.
 */
export function notificationMessage<User extends z.ZodType>(actionUser: User) {
  return {
    notificationSource: z.string().optional(),
    notificationSourceData: z.unknown().optional(),
    actionUser: actionUser.optional(),
    displayBodyMessage: z.string().optional(),
    displayHeadlineMessageTemplate: z.string().optional(),
    displayHeadlineMessageTemplateData: z.record(z.string(), z.unknown()).optional(),
  };
}

/** Whom a notification notifies, by email and by user id. */
export const notificationRecipients = once(() => ({
  notifyUsers: z.record(z.string(), z.boolean()).optional(),
  notifyUsersByUserId: z.record(z.string(), z.boolean()).optional(),
}));

export const notification = once(() =>
  z.looseObject({
    id: z.string(),
    ...notificationMessage(notificationUser()),
    metadata: z
      .looseObject({
        apiKey: z.string().optional(),
        documentId: z.string().optional(),
        organizationId: z.string().optional(),
      })
      .optional(),
    ...notificationRecipients(),
    timestamp: z.number(),
  }),
);

export const notificationLevel = once(() => z.enum(['ALL', 'MINE', 'NONE']));
export const notificationConfig = once(() =>
  z.looseObject({
    config: z.looseObject({
      inbox: z.string(),
      email: z.string(),
      slack: z.string().optional(),
    }),
    metadata: z.looseObject({
      organizationId: z.string(),
      apiKey: z.string().optional(),
      documentId: z.string().optional(),
      userId: z.string(),
    }),
  }),
);

export const presenceStatus = once(() => z.enum(['online', 'away', 'offline']));
export const presenceUser = once(() =>
  z.looseObject({
    userId: userId(),
    name: userName().optional(),
    email: userEmail().optional(),
    status: shortText().describe('Presence status, e.g. online, away or offline').optional(),
  }),
);

export const emailProviderType = once(() => z.enum(['default', 'sendgrid', 'custom']));
export const emailServiceConfig = once(() =>
  z.strictObject({
    type: z
      .string()
      .min(1)
      .max(MAX_ID_LENGTH)
      .describe('Provider: default, sendgrid or custom')
      .optional(),
    // A provider's secret, whose length is the provider's business: the request limits bound it.
    apiKey: z
      .string()
      .min(1)
      .describe("The provider's API key (a secret; never echoed back in clear)")
      .optional(),
    fromEmail: email().describe('Sender address of the emails').optional(),
    fromCompany: shortText().describe('Sender company name shown in the emails').optional(),
    triggers: z
      .partialRecord(z.enum(emailTriggerNames), z.boolean())
      .describe('Which events send an email: event name to true (send) or false (do not)')
      .optional(),
  }),
);
export const emailConfig = once(() =>
  z.looseObject({
    useEmailService: z.boolean().optional(),
    emailServiceConfig: emailServiceConfig().optional(),
  }),
);

/**
 * The email configuration as operation 149 reads it: every member, an empty string where
 * nothing is set (so not the update's checked values), and the template ids the update
 * cannot set.
 */
export const storedEmailConfig = once(() =>
  z.looseObject({
    useEmailService: z.boolean(),
    emailServiceConfig: z.looseObject({
      type: z.string().describe('Provider: default, sendgrid or custom'),
      apiKey: z.string().describe("The provider's API key, masked (empty when none is set)"),
      fromEmail: z.string().describe('Sender address (empty when none is set)'),
      fromCompany: z.string().describe('Sender company name (empty when none is set)'),
      commentTemplateId: z.string().optional(),
      tagTemplateId: z.string().optional(),
      triggers: z.partialRecord(z.enum(emailTriggerNames), z.boolean()).optional(),
    }),
  }),
);

export const crdtType = once(() => z.enum(['text', 'map', 'array', 'xml']));
export const migrationStatus = once(() =>
  z.enum(['pending', 'in_progress', 'completed', 'failed']),
);

/** Whether `u` parses as an http(s) URL; zod may run this after the URL check failed. */
function isHttpUrl(u: string): boolean {
  try {
    return /^https?:$/.test(new URL(u).protocol);
  } catch {
    return false;
  }
}
/** An http(s) URL: where the service may deliver webhooks (docs/webhooks.md). */
export const webhookUrl = once(() => url().refine(isHttpUrl, 'url must be a valid http(s) URL.'));
/** An RSA public key as the console takes it: bare Base64 of the DER, no PEM lines. */
export const publicKey = once(() =>
  z
    .string()
    .max(8192)
    .regex(
      /^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
      'must be Base64 (no PEM lines)',
    )
    .describe('RSA public key, Base64 of the key without PEM lines'),
);
/** The two ways of sending a webhook's payload, as the basic and advanced settings take them. */
export const encodeData = () =>
  z.boolean().describe('Send the payload Base64-encoded as {encodedPayload}');
export const encryptData = () => z.boolean().describe('Send the payload encrypted with publicKey');
export const webhookServiceConfig = once(() =>
  z.strictObject({
    // A shared secret the receiver checks; its length is the customer's business. It goes
    // out in a header, so only what a header can carry: a CR or LF would end the header and
    // start another of the caller's choosing in every delivery.
    authToken: z
      .string()
      .max(MAX_URL_LENGTH)
      .regex(/^[\x21-\x7e]*$/, 'must be printable ASCII without spaces, as a header carries it')
      .describe('Token sent as "Authorization: Basic <token>" (a secret; echoed back masked)')
      .optional(),
    // Empty clears a URL.
    rawNotificationUrl: z
      .union([z.literal(''), webhookUrl()])
      .describe('URL the notifications are posted to')
      .optional(),
    processedNotificationUrl: z
      .union([z.literal(''), webhookUrl()])
      .describe('URL for processed notifications (stored)')
      .optional(),
    encodeData: encodeData().optional(),
    encryptData: encryptData().optional(),
    publicKey: publicKey().optional(),
    triggers: z
      .partialRecord(z.enum(triggerKeys), z.boolean())
      .describe('Which events are sent: event name to true (send) or false')
      .optional(),
  }),
);
export const webhookConfig = once(() =>
  z.looseObject({
    useWebhookService: z.boolean(),
    webhookServiceConfig: z.looseObject({
      authToken: z.string().optional(),
      rawNotificationUrl: z.string().optional(),
      processedNotificationUrl: z.string().optional(),
      encodeData: z.boolean().optional(),
      encryptData: z.boolean().optional(),
      publicKey: z.string().optional(),
      triggers: z.record(z.string(), z.boolean()).optional(),
    }),
  }),
);
export const advancedWebhookConfig = once(() =>
  z.looseObject({
    isEnabled: z.boolean(),
    encryptData: z.boolean(),
    encodeData: z.boolean(),
    publicKey: z.string(),
    enableDataProtection: z.boolean(),
  }),
);
/** Event names an endpoint receives; omitted for all, never empty when sent. */
export const filterTypes = once(() =>
  z
    .array(z.enum(webhookEventNames))
    .min(1)
    .max(100)
    .describe('Only these event types (left out: every event)'),
);
export const channels = once(() =>
  z.array(id()).min(1).max(100).describe('Only these channels (left out: every channel)'),
);
export const endpointMetadata = once(() =>
  z.record(id(), shortText()).describe('Key-value strings kept with the endpoint'),
);
export const webhookEndpoint = once(() =>
  z.looseObject({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    filterTypes: z.array(z.string()).nullable(),
    channels: z.array(z.string()).nullable(),
    disabled: z.boolean(),
    rateLimit: z.number().nullable(),
    uid: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);

/** A user as the reads of users answer it (more-operations.md, 111). */
export const user = once(() =>
  z.looseObject({
    userId: z.string(),
    name: z.string().optional(),
    email: z.string().optional(),
  }),
);

/** An organization as its read answers it (more-operations.md, 115). */
export const organization = once(() =>
  z.looseObject({
    id: z.string(),
    organizationName: z.string().optional(),
    disabled: z.boolean().optional(),
  }),
);

/** An activity log as the read answers it: as written, with where and when (134). */
export const storedActivity = once(() =>
  z.looseObject({
    id: z.string(),
    featureType: z.string(),
    actionType: z.string(),
    actionUser: z.looseObject({ userId: z.string() }),
    timestamp: z.number(),
    metadata: z.looseObject({ documentId: z.string(), organizationId: z.string() }),
  }),
);

/** One editor's content as the CRDT read answers it (139). */
export const crdtRecord = once(() =>
  z.looseObject({
    id: z.string(),
    data: z.unknown(),
    lastUpdate: z.string(),
    lastUpdatedBy: z.string().optional(),
    sessionId: z.string().optional(),
  }),
);

/**
 * One of a user's entries in an organization that the export (113) lists under `profile`:
 * their contact entry, a group membership, an access grant, a notification setting or their
 * presence on a document; the members beside `type` are those of the read that shows it.
 */
export const userProfileEntry = once(() =>
  z.looseObject({
    type: z.enum([
      'organizationUser',
      'groupMember',
      'permission',
      'notificationConfig',
      'presence',
    ]),
  }),
);

export const nonEmptyId = id;

// The key-level service configurations (operations 150 to 157) and recordings (140).

/** The AI providers the API key configuration (151) takes a key for. */
const aiModelProviders = ['openai', 'anthropic', 'gemini'] as const;
export const aiModelProvider = once(() =>
  z.enum(aiModelProviders).describe('openai, anthropic or gemini'),
);

/** What the API key configuration read (150) answers: a masked AI key per provider. */
const aiModelsConfig = once(() =>
  z
    .partialRecord(
      z.enum(aiModelProviders),
      z.looseObject({ displayText: z.string().describe('The key, masked by the service') }),
    )
    .describe('AI provider keys, masked; absent when none is set'),
);

/** The API key's application settings as the read (150) answers them. */
export const apiKeyConfig = once(() =>
  z.looseObject({
    ownerEmail: z.string().describe("The workspace owner's email"),
    planInfo: z.looseObject({ type: z.string().describe('The plan, e.g. "sdk test"') }),
    defaultDocumentAccessType: accessType().describe('Access type of a new document'),
    isPrivateCommentsEnabled: z.boolean(),
    requireJwtToken: z.boolean(),
    requireAutoOrgUser: z.boolean(),
    aiModelsConfig: aiModelsConfig().optional(),
  }),
);

/** What the update (151) echoes: the fields it wrote, AI keys masked. */
export const apiKeyConfigEcho = once(() =>
  z.looseObject({
    enablePrivateComments: z.boolean().optional(),
    requireJwtToken: z.boolean().optional(),
    requireAutoOrgUser: z.boolean().optional(),
    defaultDocumentAccessType: accessType().optional(),
    aiModelsConfig: aiModelsConfig().optional(),
  }),
);

const seconds = (min: number, max: number, text: string) =>
  z.number().int().min(min).max(max).describe(`${text} (${min} to ${max})`);
const triggerSwitches = (text: string) => z.record(z.string(), z.boolean()).describe(text);

/** How often notifications of one kind are batched (153). */
const notificationBatch = once(() =>
  z.strictObject({
    isEnabled: z.boolean().describe('Batch notifications').optional(),
    batchWindowSeconds: seconds(10, 604800, 'Seconds a batch collects').optional(),
    maxActivities: z
      .number()
      .int()
      .min(2)
      .max(50)
      .describe('Most activities in one batch (2 to 50)')
      .optional(),
  }),
);

/** The notification service's settings as an update (153) gives them; each member merged. */
export const notificationServiceConfig = once(() =>
  z.strictObject({
    triggers: z
      .strictObject({
        comment: triggerSwitches('Comment event type to on (true) or off').optional(),
        huddle: triggerSwitches('Huddle event type to on (true) or off').optional(),
      })
      .describe('Which events notify')
      .optional(),
    delayConfig: z
      .strictObject({
        isEnabled: z.boolean().describe('Delay notifications').optional(),
        delaySeconds: seconds(10, 15552000, 'Seconds a notification waits').optional(),
      })
      .describe('Whether and how long notifications wait before they are sent')
      .optional(),
    batchConfig: z
      .strictObject({
        document: notificationBatch().describe('Batching per document').optional(),
        user: notificationBatch().describe('Batching per user').optional(),
      })
      .describe('Whether and how notifications are batched')
      .optional(),
  }),
);

/** The notification service configuration as the read (152) and the update (153) answer it. */
export const storedNotificationServiceConfig = once(() =>
  z.looseObject({
    useNotificationService: z.boolean(),
    notificationServiceConfig: z.looseObject({}),
  }),
);

/** The activity service's settings as an update (155) gives them; each member merged. */
export const activityServiceConfig = once(() =>
  z.strictObject({
    isEnabled: z.boolean().describe('Keep activity logs (true) or not').optional(),
    enabledTime: z
      .number()
      .int()
      .nonnegative()
      .describe('When the service was switched on, epoch ms (kept when left out)')
      .optional(),
    immutable: z.boolean().describe('Activity logs cannot be changed or deleted').optional(),
    triggers: z
      .strictObject({
        comment: triggerSwitches('Comment event type to logged (true) or not').optional(),
      })
      .describe('Which events are logged')
      .optional(),
  }),
);

/** The activity service configuration as the read (154) and the update (155) answer it. */
export const storedActivityServiceConfig = once(() =>
  z.looseObject({
    activityServiceConfig: z.looseObject({
      isEnabled: z.boolean(),
      immutable: z.boolean().optional(),
      enabledTime: z.number().optional(),
      triggers: z.looseObject({}).optional(),
    }),
  }),
);

/** A permission provider's URL: empty to clear it, else http(s) (157). */
const providerUrl = once(() =>
  z
    .string()
    .max(MAX_URL_LENGTH)
    .refine((u) => u === '' || isHttpUrl(u), 'Please enter a valid URL')
    .describe('Where the service asks for access decisions; "" clears it'),
);

/** The permission provider's settings as an update (157) gives them; each member merged. */
export const permissionProviderConfig = once(() =>
  z.strictObject({
    permissionProviderUrl: providerUrl().optional(),
    authToken: z
      .string()
      .max(MAX_URL_LENGTH)
      .describe('Token the service sends to the provider (a secret)')
      .optional(),
  }),
);

/** The permission provider configuration as the read (156) answers it. */
export const storedPermissionProviderConfig = once(() =>
  z.looseObject({
    usePermissionProvider: z.boolean(),
    permissionProviderConfig: z.looseObject({
      permissionProviderUrl: z.string(),
      authToken: z.string().describe('Token the service sends to the provider (a secret)'),
    }),
  }),
);

/** A recording annotation (140): a screen or audio recording made by a client SDK. */
export const recording = once(() =>
  z.looseObject({
    annotationId: z.string(),
    type: z.string(),
    recordingType: z.string().optional(),
    mode: z.string().optional(),
    metadata: z.looseObject({}).optional(),
    recordedTime: z
      .looseObject({ duration: z.number().optional(), display: z.string().optional() })
      .optional(),
    displayName: z.string().optional(),
    attachments: z.array(z.looseObject({})).optional(),
    latestVersion: z.number().optional(),
  }),
);
