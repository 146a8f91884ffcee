import { webhookEvents } from '../../catalogue/webhook-events.js';
import type { ProviderId } from '../ai/providers.js';
import { EmulatorError } from '../errors.js';
import type { SecretBox } from '../secrets.js';
import type { ConsoleOptionName } from '../store/console-options.js';
import type { Scope } from '../store/scope.js';
import type { ServiceConfigKind } from '../store/service-configs.js';
import type { HandlerDeps, Handlers } from './types.js';

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `update` merged into `current` member by member, objects recursively (the spec's deep merge). */
function deepMerge(current: Json, update: Json): Json {
  const merged: Json = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    const before = merged[key];
    merged[key] = isJson(before) && isJson(value) ? deepMerge(before, value) : value;
  }
  return merged;
}

/**
 * The AI key providers as operations 150 and 151 name them, and as the emulator's AI keys
 * (operation 25, the fixture's `aiKeys`) store them.
 */
const AI_PROVIDERS = { openai: 'openai', anthropic: 'anthropic', gemini: 'google' } as const;
type AiProvider = keyof typeof AI_PROVIDERS;
const AI_PROVIDER_OF = Object.fromEntries(
  Object.entries(AI_PROVIDERS).map(([name, id]) => [id, name]),
) as Record<ProviderId, AiProvider>;

/**
 * The service's masked form of an AI key (its `displayText`): the first characters of a
 * long key, then x's; nothing of its end, which is the part that is secret.
 */
function displayText(key: string): string {
  const shown = key.length >= 16 ? key.slice(0, 4) : '';
  return `${shown}...${'x'.repeat(Math.max(4, Math.min(key.length - shown.length, 24)))}`;
}

/** The standard triggers of a first enable: comment events (less the opt-in ones), huddles. */
function firstEnableTriggers(source: 'comment' | 'huddle', all = false): Record<string, boolean> {
  return Object.fromEntries(
    webhookEvents
      .filter((e) => e.source === source && (all || e.offByDefault !== true))
      .map((e) => [e.name, true]),
  );
}

const NOTIFICATION_DEFAULTS: Json = {
  triggers: { comment: {}, huddle: {} },
  delayConfig: { isEnabled: false, delaySeconds: 10 },
  batchConfig: {
    document: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
    user: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
  },
};

/**
 * Operations 150 to 157: each configuration is kept per API key and each update merged into
 * it. Whether the activity (155) and notification (153) services are on is the workspace's
 * console option of the same name (`--console-option`), which gates their operations: an
 * update switches it, and a read answers it.
 */
export function serviceConfigHandlers(
  deps: HandlerDeps,
): Handlers<
  | 'workspace.apiKeyConfigGet'
  | 'workspace.apiKeyConfigUpdate'
  | 'workspace.notificationServiceGet'
  | 'workspace.notificationServiceUpdate'
  | 'workspace.activityServiceGet'
  | 'workspace.activityServiceUpdate'
  | 'workspace.permissionProviderGet'
  | 'workspace.permissionProviderUpdate'
> {
  const { store, secrets } = deps;
  const stored = (scope: Scope, kind: ServiceConfigKind) => store.serviceConfigs.get(scope, kind);
  const config = (scope: Scope, kind: ServiceConfigKind): Json => stored(scope, kind)?.config ?? {};
  const option = (scope: Scope, name: ConsoleOptionName) =>
    store.consoleOptions.get(scope.workspaceId)[name];

  function aiModelsConfig(workspaceId: string, box: SecretBox): Json | undefined {
    const keys = store.aiKeys.list(workspaceId);
    if (keys.length === 0) return undefined;
    return Object.fromEntries(
      keys.map((k) => [
        AI_PROVIDER_OF[k.provider],
        { displayText: displayText(box.open(k.sealedKey)) },
      ]),
    );
  }

  function notificationView(scope: Scope): Json {
    return {
      useNotificationService: option(scope, 'notificationConfig'),
      notificationServiceConfig: config(scope, 'notification'),
    };
  }

  function activityView(scope: Scope): Json {
    return {
      activityServiceConfig: {
        ...config(scope, 'activity'),
        isEnabled: option(scope, 'activityService'),
      },
    };
  }

  function permissionView(scope: Scope): Json {
    const found = stored(scope, 'permissionProvider');
    const { usePermissionProvider = false, permissionProviderUrl = '' } = (found?.config ?? {}) as {
      usePermissionProvider?: boolean;
      permissionProviderUrl?: string;
    };
    const authToken = found?.sealedSecret === undefined ? '' : secrets.open(found.sealedSecret);
    return {
      usePermissionProvider,
      permissionProviderConfig: { permissionProviderUrl, authToken },
    };
  }

  return {
    // Operation 150: the documented defaults where nothing is stored; the AI keys are the
    // workspace's, masked.
    'workspace.apiKeyConfigGet': (_data, { scope }) => {
      const workspace = store.workspaces.findById(scope.workspaceId);
      if (!workspace) throw new EmulatorError('PERMISSION_DENIED', 'Invalid API key.');
      const key = store.apiKeys.findKey(scope.apiKeyId);
      const own = config(scope, 'apiKey') as {
        enablePrivateComments?: boolean;
        requireJwtToken?: boolean;
        requireAutoOrgUser?: boolean;
        defaultDocumentAccessType?: 'public' | 'restricted' | 'organizationPrivate';
      };
      const ai = aiModelsConfig(scope.workspaceId, secrets);
      return {
        message: 'API key metadata retrieved successfully.',
        data: {
          ownerEmail: workspace.ownerEmail,
          planInfo: { type: key?.type === 'production' ? 'sdk production' : 'sdk test' },
          defaultDocumentAccessType: own.defaultDocumentAccessType ?? 'public',
          isPrivateCommentsEnabled: own.enablePrivateComments ?? false,
          requireJwtToken: own.requireJwtToken ?? false,
          requireAutoOrgUser: own.requireAutoOrgUser ?? false,
          ...(ai && { aiModelsConfig: ai }),
        },
      };
    },

    // Operation 151: the settings merged into what is stored, the AI keys sealed into the
    // workspace's keys (those the AI rewrite uses); the answer echoes what was written.
    'workspace.apiKeyConfigUpdate': (data, { scope }) => {
      const { aiModelApiKey, ...settings } = data;
      const now = deps.now();
      store.transaction(() => {
        if (Object.keys(settings).length > 0) {
          const merged = deepMerge(config(scope, 'apiKey'), settings);
          store.serviceConfigs.put(scope, 'apiKey', { config: merged }, now);
        }
        for (const { provider, customerApiKey } of aiModelApiKey ?? []) {
          store.aiKeys.put(
            scope.workspaceId,
            AI_PROVIDERS[provider],
            secrets.seal(customerApiKey),
            now,
          );
        }
      });
      const ai = aiModelApiKey?.map(({ provider, customerApiKey }) => [
        provider,
        { displayText: displayText(customerApiKey) },
      ]);
      return {
        message: 'API key configuration updated successfully.',
        data: { ...settings, ...(ai && { aiModelsConfig: Object.fromEntries(ai) }) },
      };
    },

    // Operation 152: every member, the documented defaults where nothing is stored.
    'workspace.notificationServiceGet': (_data, { scope }) => {
      const view = notificationView(scope);
      return {
        message: 'Notification configuration retrieved successfully.',
        data: {
          useNotificationService: view.useNotificationService as boolean,
          notificationServiceConfig: deepMerge(
            NOTIFICATION_DEFAULTS,
            view.notificationServiceConfig as Json,
          ),
        },
      };
    },

    // Operation 153: merged into what is stored; the first enable with no triggers stored
    // seeds the standard comment triggers and every huddle trigger, the request on top.
    'workspace.notificationServiceUpdate': (data, { scope }) => {
      store.transaction(() => {
        let current = config(scope, 'notification');
        if (data.useNotificationService === true && current.triggers === undefined) {
          current = {
            ...current,
            triggers: {
              comment: firstEnableTriggers('comment'),
              huddle: firstEnableTriggers('huddle', true),
            },
          };
        }
        const merged = deepMerge(current, data.notificationServiceConfig ?? {});
        store.serviceConfigs.put(scope, 'notification', { config: merged }, deps.now());
        if (data.useNotificationService !== undefined) {
          store.consoleOptions.set(scope.workspaceId, {
            notificationConfig: data.useNotificationService,
          });
        }
      });
      return {
        message: 'Notification configuration updated successfully.',
        data: notificationView(scope) as {
          useNotificationService: boolean;
          notificationServiceConfig: Json;
        },
      };
    },

    // Operation 154: `isEnabled` is the activity service console option.
    'workspace.activityServiceGet': (_data, { scope }) => ({
      message: 'Activity logs configuration retrieved successfully.',
      data: activityView(scope) as { activityServiceConfig: { isEnabled: boolean } },
    }),

    // Operation 155: merged into what is stored; the first enable with nothing stored seeds
    // every comment trigger, `immutable: true` and `enabledTime` now, the request on top.
    'workspace.activityServiceUpdate': (data, { scope }) => {
      const update: Json = { ...data.activityServiceConfig };
      store.transaction(() => {
        let current = config(scope, 'activity');
        // Nothing stored: a switch alone stores no member (it is the console option's).
        if (update.isEnabled === true && Object.keys(current).length === 0) {
          current = {
            immutable: true,
            enabledTime: deps.now(),
            triggers: { comment: firstEnableTriggers('comment', true) },
          };
        }
        const { isEnabled, ...rest } = update;
        store.serviceConfigs.put(
          scope,
          'activity',
          { config: deepMerge(current, rest) },
          deps.now(),
        );
        if (typeof isEnabled === 'boolean') {
          store.consoleOptions.set(scope.workspaceId, { activityService: isEnabled });
        }
      });
      return {
        message: 'Activity logs configuration updated successfully.',
        data: activityView(scope) as { activityServiceConfig: { isEnabled: boolean } },
      };
    },

    // Operation 156: the defaults (false, "", "") where nothing is stored.
    'workspace.permissionProviderGet': (_data, { scope }) => ({
      message: 'Permission provider configuration retrieved successfully.',
      data: permissionView(scope) as {
        usePermissionProvider: boolean;
        permissionProviderConfig: { permissionProviderUrl: string; authToken: string };
      },
    }),

    // Operation 157: merged into what is stored (the token kept when only the URL changes),
    // the token sealed; the answer is what is stored, as the read gives it.
    'workspace.permissionProviderUpdate': (data, { scope }) => {
      store.transaction(() => {
        const found = stored(scope, 'permissionProvider');
        const { authToken, ...provider } = data.permissionProviderConfig ?? {};
        const merged = deepMerge(found?.config ?? {}, {
          ...provider,
          usePermissionProvider: data.usePermissionProvider,
        });
        const sealedSecret =
          authToken === undefined ? found?.sealedSecret : secrets.seal(authToken);
        store.serviceConfigs.put(
          scope,
          'permissionProvider',
          { config: merged, ...(sealedSecret !== undefined && { sealedSecret }) },
          deps.now(),
        );
      });
      return {
        message: 'Permission provider configuration updated successfully.',
        data: permissionView(scope) as {
          usePermissionProvider: boolean;
          permissionProviderConfig: { permissionProviderUrl: string; authToken: string };
        },
      };
    },
  };
}
