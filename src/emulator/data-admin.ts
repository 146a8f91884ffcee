import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { mask } from '../http/redact.js';
import { PROVIDER_IDS } from './ai/providers.js';
import { EmulatorError } from './errors.js';
import { checkNotificationIds, fixtureNotification } from './fixtures/schema.js';
import { type AdminRoutes, type Answer, readJsonAs } from './http.js';
import type { SecretBox } from './secrets.js';
import { notificationRecord } from './store/notifications.js';
import type { Scope } from './store/scope.js';
import type { Store } from './store/store.js';

/**
 * Admin calls that put data into a workspace while the emulator runs, beside the seed
 * fixture: notifications, which only client SDKs create in the real service, and AI
 * provider keys, which customers set in the console.
 */

interface DataDeps {
  store: Store;
  now: () => number;
  secrets: SecretBox;
}

const id = z.string().min(1, 'must not be empty');

const addNotifications = z
  .strictObject({
    workspaceId: id,
    /** The API key whose data they are; the workspace's first key when left out. */
    apiKey: id.optional(),
    organizationId: id,
    notifications: z.array(fixtureNotification).min(1),
  })
  .superRefine((body, ctx) => checkNotificationIds(body.notifications, 'notifications', ctx));

const setAiKey = z.strictObject({
  workspaceId: id,
  provider: z.enum(PROVIDER_IDS),
  apiKey: id,
});

function knownWorkspace(store: Store, workspaceId: string): void {
  if (!store.workspaces.findById(workspaceId)) {
    throw new EmulatorError('NOT_FOUND', `Workspace ${workspaceId} not found.`);
  }
}

function scopeFor(store: Store, workspaceId: string, apiKey: string | undefined): Scope {
  knownWorkspace(store, workspaceId);
  const keys = store.apiKeys.keysOf(workspaceId);
  const key = apiKey === undefined ? keys[0] : keys.find((k) => k.id === apiKey);
  if (!key)
    throw new EmulatorError(
      'NOT_FOUND',
      `API key ${apiKey ?? ''} not found in workspace ${workspaceId}.`,
    );
  return { workspaceId, apiKeyId: key.id };
}

/**
 * Adds notifications to an organization (created when it does not exist, as the service
 * creates organizations on first use), each replacing any of the same id, all in one
 * transaction. Answers their ids in the order given.
 */
async function notifications(
  req: IncomingMessage,
  _query: URLSearchParams,
  { store, now }: DataDeps,
): Promise<Answer> {
  const added = await readJsonAs(req, addNotifications);
  const scope = scopeFor(store, added.workspaceId, added.apiKey);
  const at = now();
  const records = added.notifications.map((n) => notificationRecord(added.organizationId, n, at));
  store.transaction(() => {
    store.organizations.ensure(scope, added.organizationId);
    store.notifications.insert(scope, records);
  });
  return { status: 200, json: { ids: records.map((r) => r.id) } };
}

/** Sets the workspace's key for one provider, sealed before it is stored. */
async function setKey(
  req: IncomingMessage,
  _query: URLSearchParams,
  { store, now, secrets }: DataDeps,
): Promise<Answer> {
  const { workspaceId, provider, apiKey } = await readJsonAs(req, setAiKey);
  knownWorkspace(store, workspaceId);
  store.aiKeys.put(workspaceId, provider, secrets.seal(apiKey), now());
  return { status: 200, json: { provider, apiKey: mask(apiKey) } };
}

/** The workspace's AI provider keys, masked: which are set, never what they are. */
function listKeys(
  _req: IncomingMessage,
  query: URLSearchParams,
  { store, secrets }: DataDeps,
): Answer {
  const workspaceId = query.get('workspaceId');
  if (!workspaceId) {
    throw new EmulatorError('INVALID_ARGUMENT', 'Give the workspaceId query parameter.');
  }
  knownWorkspace(store, workspaceId);
  const keys = store.aiKeys.list(workspaceId).map((k) => {
    let apiKey: string;
    try {
      apiKey = mask(secrets.open(k.sealedKey));
    } catch {
      apiKey = '(cannot be decrypted)';
    }
    return { provider: k.provider, apiKey, updatedAt: k.updatedAt };
  });
  return { status: 200, json: { keys } };
}

export const dataRoutes: AdminRoutes<DataDeps> = {
  notifications: { method: 'POST', route: notifications },
  'ai-keys': { method: 'POST', route: setKey },
  'ai-keys/list': { method: 'GET', route: listKeys },
};
