/** What the emulator's UI calls answer (src/emulator/ui/snapshot.ts, request-log.ts). */

export interface ConsoleOptions {
  advancedQueries: boolean;
  activityService: boolean;
  notificationConfig: boolean;
}

export interface Workspace {
  id: string;
  name: string;
  ownerEmail: string;
  ownerName: string;
  emailVerified: boolean;
  workspaceToken: string;
  consoleOptions: ConsoleOptions;
  apiKeys: {
    id: string;
    name: string;
    type: string;
    authTokens: { name: string; token: string }[];
  }[];
}

export interface Folder {
  id: string;
  name: string;
  parentId: string;
  accessType: string;
  inheritAccess: boolean;
}

export interface Document {
  id: string;
  name: string | null;
  folderId: string | null;
  /** The access type in effect, as the API answers it. */
  accessType: string;
  /** It has none of its own: its folder's, or the default, is in effect. */
  inheritsAccess: boolean;
  disabled: boolean;
}

export interface Organization {
  workspaceId: string;
  apiKeyId: string;
  id: string;
  name: string;
  disabled: boolean;
  folders: Folder[];
  documents: Document[];
  users: { id: string; name: string | null; email: string | null }[];
  groups: { id: string; name: string }[];
  grants: {
    userId: string;
    resource: string;
    role: string;
    expiresAt: number | null;
    accessFields: unknown;
  }[];
  notifications: {
    id: string;
    documentId: string | null;
    actionUserId: string | null;
    sentAt: number | null;
    recipients: string[];
    content: unknown;
  }[];
  liveStates: { documentId: string; id: string; state: unknown }[];
  presence: { documentId: string; userId: string; user: unknown }[];
  crdt: { documentId: string; editorId: string; type: string; value: unknown }[];
}

export interface Snapshot {
  workspaces: Workspace[];
  organizations: Organization[];
  faults: unknown;
}

export interface Decision {
  check: 'permission' | 'console-option';
  subject: string;
  allowed: boolean;
  reason: string;
}

export interface Exchange {
  seq: number;
  time: number;
  method: string;
  path: string;
  httpStatus: number;
  errorStatus?: string;
  operation?: string;
  workspaceId?: string;
  auth?: string;
  latencyMs: number;
  fault?: string;
  request?: unknown;
  response?: unknown;
  decisions: Decision[];
}

export interface Job {
  id: string;
  kind: string;
  status: string;
  stepsDone: number;
  stepsTotal: number;
  reason: string | null;
  workspaceId: string;
  spec: unknown;
}

export interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  link: string | null;
  createdAt: number;
}

/** A webhook delivery as `/_emulator/webhooks/deliveries` shows it. */
export interface WebhookDelivery {
  id: string;
  webhookId: string;
  kind: string;
  endpointId: string | null;
  url: string;
  event: string;
  status: string;
  attempts: {
    attempt: number;
    at: number;
    statusCode: number | null;
    error: string | null;
    durationMs: number;
  }[];
  nextAttemptAt: number | null;
  createdAt: number;
  payload: unknown;
}
