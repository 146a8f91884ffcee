import type { StoredEmailConfig } from '../store/email-configs.js';
import { scopeOf } from './shared.js';
import type { Handler, HandlerDeps } from './types.js';

interface EmailConfigHandlers {
  'workspace.emailConfig': Handler<'workspace.emailConfig'>;
}

/**
 * Operation 3. Each update is merged into what is stored: members left out keep their
 * values, and triggers are merged flag by flag. The catalogue's schema has already refused
 * a bad from address, an unknown trigger, and a body with neither member. The answer's
 * `data` is null, as the spec says.
 */
export function emailConfigHandlers(deps: HandlerDeps): EmailConfigHandlers {
  const { store, secrets } = deps;
  return {
    'workspace.emailConfig': (data, caller) => {
      const scope = scopeOf(caller.auth);
      const update = data.emailServiceConfig ?? {};
      store.transaction(() => {
        const current: StoredEmailConfig = store.emailConfigs.get(scope) ?? {};
        store.emailConfigs.put(
          scope,
          {
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
          },
          deps.now(),
        );
      });
      return { message: 'Email config updated.', data: null };
    },
  };
}
