import { randomBytes } from 'node:crypto';
import { defaultTriggers } from '../../catalogue/webhook-events.js';
import { EmulatorError } from '../errors.js';
import { newId } from '../ids.js';
import { WebhookHosts } from '../webhooks/hosts.js';
import type { Scope } from '../store/scope.js';
import type { EndpointFields, StoredAdvancedConfig, StoredBasicConfig } from '../store/webhooks.js';
import type { HandlerDeps, Handlers } from './types.js';

type Names =
  | 'webhooks.config.get'
  | 'webhooks.config.update'
  | 'webhooks.advancedConfig.get'
  | 'webhooks.advancedConfig.update'
  | 'webhooks.endpoints.create'
  | 'webhooks.endpoints.list'
  | 'webhooks.endpoints.update'
  | 'webhooks.endpoints.delete'
  | 'webhooks.endpoints.secret';

/**
 * The most endpoints one API key may have. The docs give none; each endpoint gets its own
 * delivery of every event it takes, so without a bound one trigger could fan out without end.
 */
export const MAX_ENDPOINTS_PER_KEY = 50;

/** The page size of the endpoint list when `limit` is not given. */
const DEFAULT_PAGE = 50;

const ADVANCED_DEFAULTS: StoredAdvancedConfig = {
  isEnabled: false,
  encryptData: false,
  encodeData: false,
  publicKey: '',
  enableDataProtection: false,
};

const notEnabled = () =>
  new EmulatorError(
    'FAILED_PRECONDITION',
    'Advanced webhooks are not enabled for this API key. Enable them first by updating the advanced webhook config with isEnabled: true (svc webhooks config update --advanced --enable).',
  );

/** A secret in the Standard Webhooks form: `whsec_` and 24 random bytes in Base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The shown form of a stored auth token: its length, and its last four characters. */
function maskedToken(token: string): string {
  return token.length < 12
    ? '*'.repeat(token.length)
    : `${'*'.repeat(token.length - 4)}${token.slice(-4)}`;
}

/** An endpoint as answers show it: metadata is kept but not shown, as in the docs' samples. */
function endpointView(endpoint: EndpointFields): Omit<EndpointFields, 'metadata'> {
  const { metadata: _metadata, ...shown } = endpoint;
  return shown;
}

/** The list's iterator: the position after the last endpoint of a page, opaque to callers. */
const encodeIterator = (seq: number) => `iter_${Buffer.from(String(seq)).toString('base64url')}`;
function decodeIterator(iterator: string): number {
  const seq = Number(Buffer.from(iterator.replace(/^iter_/, ''), 'base64url').toString('utf8'));
  if (!iterator.startsWith('iter_') || !Number.isSafeInteger(seq) || seq < 0) {
    throw new EmulatorError('INVALID_ARGUMENT', 'iterator is not one this list gave.');
  }
  return seq;
}

/** Operations 29 to 37: the basic and advanced webhook configuration of an API key. */
export function webhookConfigHandlers(deps: HandlerDeps): Handlers<Names> {
  const { store, secrets } = deps;
  const iso = () => new Date(deps.now()).toISOString();

  /**
   * The documented shape of get and of update's echo: the switch, the token (masked) and the
   * two URLs. The encoding, encryption and trigger settings are kept but not echoed, as the
   * documented answers do not show them.
   */
  function basicView(stored: StoredBasicConfig) {
    return {
      useWebhookService: stored.useWebhookService ?? false,
      webhookServiceConfig: {
        authToken:
          stored.sealedAuthToken === undefined
            ? ''
            : maskedToken(secrets.open(stored.sealedAuthToken)),
        rawNotificationUrl: stored.rawNotificationUrl ?? '',
        processedNotificationUrl: stored.processedNotificationUrl ?? '',
      },
    };
  }

  function enabledAdvanced(scope: Scope): StoredAdvancedConfig {
    const advanced = store.webhooks.advanced(scope);
    if (!advanced?.isEnabled) throw notEnabled();
    return advanced;
  }

  /** By its id, or by the uid its creator gave it, as Svix-style services take either. */
  function ownEndpoint(scope: Scope, id: string) {
    const found =
      store.webhooks.endpoint(scope, id) ??
      store.webhooks.endpoints(scope).find((record) => record.endpoint.uid === id);
    if (!found) throw new EmulatorError('NOT_FOUND', `Endpoint ${id} not found.`);
    return found;
  }

  return {
    'webhooks.config.get': (_data, { scope }) => ({
      message: 'Webhook config retrieved.',
      data: basicView(store.webhooks.basic(scope) ?? {}),
    }),
    'webhooks.config.update': (data, { scope }) => {
      const stored = store.transaction(() => {
        const current = store.webhooks.basic(scope) ?? {};
        const update = data.webhookServiceConfig ?? {};
        for (const field of ['rawNotificationUrl', 'processedNotificationUrl'] as const) {
          const url = update[field];
          if (url) WebhookHosts.refuseSelf(url, deps.baseUrl(), field);
        }
        const { authToken, triggers, ...plain } = update;
        const merged: StoredBasicConfig = {
          ...current,
          ...plain,
          ...(data.useWebhookService !== undefined && {
            useWebhookService: data.useWebhookService,
          }),
          ...(authToken !== undefined && { sealedAuthToken: secrets.seal(authToken) }),
        };
        // The first switch-on with no triggers stored writes the defaults first.
        const base =
          current.triggers ?? (merged.useWebhookService === true ? defaultTriggers() : undefined);
        if (base !== undefined || triggers !== undefined) {
          merged.triggers = { ...base };
          for (const [name, on] of Object.entries(triggers ?? {})) {
            if (on !== undefined) merged.triggers[name] = on;
          }
        }
        if (merged.encryptData === true && !merged.publicKey) {
          throw new EmulatorError(
            'INVALID_ARGUMENT',
            'encryptData needs a publicKey: the RSA public key, Base64 without PEM lines.',
          );
        }
        store.webhooks.putBasic(scope, merged, deps.now());
        return merged;
      });
      return { message: 'Webhook config updated.', data: basicView(stored) };
    },
    'webhooks.advancedConfig.get': (_data, { scope }) => {
      const advanced = store.webhooks.advanced(scope);
      if (!advanced) throw notEnabled();
      return { message: 'Advanced webhook config retrieved.', data: advanced };
    },
    'webhooks.advancedConfig.update': (data, { scope }) => {
      const stored = store.transaction(() => {
        const current = store.webhooks.advanced(scope);
        // The first call provisions the app, and only `isEnabled: true` may do that.
        if (!current && data.isEnabled !== true) throw notEnabled();
        const merged = { ...ADVANCED_DEFAULTS, ...current, ...data };
        if (merged.encryptData && merged.publicKey === '') {
          throw new EmulatorError(
            'INVALID_ARGUMENT',
            'encryptData needs a publicKey: the RSA public key, Base64 without PEM lines.',
          );
        }
        store.webhooks.putAdvanced(scope, merged, deps.now());
        return merged;
      });
      return { message: 'Advanced webhook config updated.', data: stored };
    },
    'webhooks.endpoints.create': (data, { scope }) => {
      enabledAdvanced(scope);
      WebhookHosts.refuseSelf(data.url, deps.baseUrl(), 'url');
      const existing = store.webhooks.endpoints(scope);
      if (existing.length >= MAX_ENDPOINTS_PER_KEY) {
        throw new EmulatorError(
          'FAILED_PRECONDITION',
          `An API key has at most ${MAX_ENDPOINTS_PER_KEY} webhook endpoints, and this one has ${existing.length}; delete one first.`,
        );
      }
      if (data.uid !== undefined && existing.some((record) => record.endpoint.uid === data.uid)) {
        throw new EmulatorError('ALREADY_EXISTS', `An endpoint with uid ${data.uid} exists.`);
      }
      const at = iso();
      const endpoint: EndpointFields = {
        id: `ep_${newId()}`,
        url: data.url,
        description: data.description ?? '',
        filterTypes: data.filterTypes ?? null,
        channels: data.channels ?? null,
        disabled: data.disabled ?? false,
        rateLimit: data.rateLimit ?? null,
        uid: data.uid ?? null,
        createdAt: at,
        updatedAt: at,
        ...(data.metadata !== undefined && { metadata: data.metadata }),
      };
      store.webhooks.addEndpoint(scope, endpoint, secrets.seal(newSigningSecret()), deps.now());
      return { message: 'Endpoint created.', data: endpointView(endpoint) };
    },
    'webhooks.endpoints.list': (data, { scope }) => {
      enabledAdvanced(scope);
      const limit = data.limit ?? DEFAULT_PAGE;
      const after = data.iterator === undefined ? 0 : decodeIterator(data.iterator);
      // One more than asked: whether it exists says whether this page is the last.
      const found = store.webhooks.page(scope, after, limit + 1);
      const page = found.slice(0, limit);
      const last = page.at(-1);
      return {
        message: 'Endpoints retrieved.',
        data: {
          endpoints: page.map((record) => endpointView(record.endpoint)),
          iterator: last === undefined ? null : encodeIterator(last.seq),
          prevIterator: data.iterator ?? null,
          done: found.length <= limit,
        },
      };
    },
    'webhooks.endpoints.update': (data, { scope }) => {
      enabledAdvanced(scope);
      const { endpointId, ...changes } = data;
      if (changes.url !== undefined) WebhookHosts.refuseSelf(changes.url, deps.baseUrl(), 'url');
      const updated = store.transaction(() => {
        const record = ownEndpoint(scope, endpointId);
        const endpoint: EndpointFields = { ...record.endpoint, ...changes, updatedAt: iso() };
        store.webhooks.putEndpoint(endpoint, deps.now());
        // Switched back on by hand: its run of failures starts again.
        if (changes.disabled === false) store.webhooks.setFailingSince(endpoint.id, null);
        return endpoint;
      });
      return { message: 'Endpoint updated.', data: endpointView(updated) };
    },
    'webhooks.endpoints.delete': (data, { scope }) => {
      enabledAdvanced(scope);
      const { endpoint } = ownEndpoint(scope, data.endpointId);
      store.webhooks.deleteEndpoint(scope, endpoint.id);
      return { message: 'Endpoint deleted.', data: { endpointId: data.endpointId, deleted: true } };
    },
    'webhooks.endpoints.secret': (data, { scope }) => {
      enabledAdvanced(scope);
      const record = ownEndpoint(scope, data.endpointId);
      return {
        message: 'Endpoint secret retrieved.',
        data: { endpointId: data.endpointId, secret: secrets.open(record.sealedSecret) },
      };
    },
  };
}
