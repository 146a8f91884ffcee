import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import { mask } from '../../http/redact.js';
import type { SecretBox } from '../secrets.js';
import type { StoredEmailConfig } from '../store/email-configs.js';
import type { HandlerDeps, Handlers } from './types.js';

/**
 * The echo's form of a provider key: its length, and its last four characters when it is
 * long enough to spare them. A client that masks what it shows (svc does) still shows them.
 */
function echoedKey(key: string): string {
  return key.length < 12 ? '*'.repeat(key.length) : `${'*'.repeat(key.length - 4)}${key.slice(-4)}`;
}

/**
 * A stored config as shown to a caller, the provider key opened and masked by `maskKey`:
 * the caller sees that it was stored, and which, without the key travelling back.
 */
export function emailConfigView(
  stored: StoredEmailConfig,
  secrets: SecretBox,
  maskKey: (key: string) => string = mask,
): z.infer<Schema<'emailConfig'>> {
  const { sealedApiKey, useEmailService, ...config } = stored;
  return {
    ...(useEmailService !== undefined && { useEmailService }),
    emailServiceConfig: {
      ...config,
      ...(sealedApiKey !== undefined && { apiKey: maskKey(secrets.open(sealedApiKey)) }),
    },
  };
}

/** What operation 149 answers for a member nothing has set (more-operations.md). */
const EMAIL_CONFIG_DEFAULTS = {
  type: 'default',
  apiKey: '',
  fromEmail: '',
  fromCompany: '',
  commentTemplateId: '',
  tagTemplateId: '',
};

/**
 * Operation 3. Each update is merged into what is stored: members left out keep their
 * values, and triggers are merged flag by flag. The catalogue's schema has already refused
 * a bad from address, an unknown trigger, and a body with neither member. The answer's
 * `data` echoes the stored config, as newer versions of the service do (wire notes); the
 * spec's null is what older ones answer.
 */
export function emailConfigHandlers(
  deps: HandlerDeps,
): Handlers<'workspace.emailConfig' | 'workspace.emailConfigGet'> {
  const { store, secrets } = deps;
  return {
    // Operation 149: every member, the documented defaults where nothing is stored.
    'workspace.emailConfigGet': (_data, { scope }) => {
      const stored = emailConfigView(store.emailConfigs.get(scope) ?? {}, secrets, echoedKey);
      return {
        message: 'Email configuration retrieved successfully.',
        data: {
          useEmailService: stored.useEmailService ?? false,
          emailServiceConfig: { ...EMAIL_CONFIG_DEFAULTS, ...stored.emailServiceConfig },
        },
      };
    },
    'workspace.emailConfig': (data, { scope }) => {
      const update = data.emailServiceConfig ?? {};
      // An update that names nothing changes nothing, and so writes nothing: its answer is
      // how a client reads what is stored.
      if (data.useEmailService === undefined && Object.keys(update).length === 0) {
        return {
          message: 'Email config updated.',
          data: emailConfigView(store.emailConfigs.get(scope) ?? {}, secrets, echoedKey),
        };
      }
      const stored = store.transaction(() => {
        const current: StoredEmailConfig = store.emailConfigs.get(scope) ?? {};
        const merged: StoredEmailConfig = {
          useEmailService: data.useEmailService ?? current.useEmailService,
          type: update.type ?? current.type,
          sealedApiKey:
            update.apiKey === undefined ? current.sealedApiKey : secrets.seal(update.apiKey),
          fromEmail: update.fromEmail ?? current.fromEmail,
          fromCompany: update.fromCompany ?? current.fromCompany,
          triggers:
            update.triggers === undefined && current.triggers === undefined
              ? undefined
              : { ...current.triggers, ...update.triggers },
        };
        store.emailConfigs.put(scope, merged, deps.now());
        return merged;
      });
      return {
        message: 'Email config updated.',
        data: emailConfigView(stored, secrets, echoedKey),
      };
    },
  };
}
