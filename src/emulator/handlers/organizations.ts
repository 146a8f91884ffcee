import { perItem, scopeOf } from './shared.js';
import type { Handler, HandlerDeps } from './types.js';

interface OrganizationHandlers {
  'organizations.update': Handler<'organizations.update'>;
  'organizations.setDisabled': Handler<'organizations.setDisabled'>;
}

const doesNotExist = (id: string) => `Organization ${id} does not exist.`;

/**
 * Operations 12 and 13 of the spec. The spec states two outcomes for disabling a missing
 * organization; its documented example (`success` false, "does not exist") is the one kept.
 */
export function organizationHandlers(deps: HandlerDeps): OrganizationHandlers {
  const { store } = deps;
  return {
    'organizations.update': (data, caller) => {
      const scope = scopeOf(caller.auth);
      const result = perItem(
        store,
        data.organizations,
        (org) => org.organizationId,
        ({ organizationId: id, organizationName }) =>
          store.organizations.rename(scope, id, organizationName)
            ? { success: true, id, message: 'Organization updated.' }
            : { success: false, id, message: doesNotExist(id) },
      );
      return { message: 'Organizations processed.', data: result };
    },

    'organizations.setDisabled': (data, caller) => {
      const scope = scopeOf(caller.auth);
      const { disabled } = data;
      const result = perItem(
        store,
        data.organizationIds,
        (id) => id,
        (id) =>
          store.organizations.setDisabled(scope, id, disabled)
            ? { success: true, id, message: `Organization ${disabled ? 'disabled' : 'enabled'}.` }
            : { success: false, id, message: doesNotExist(id) },
      );
      return { message: 'Organizations processed.', data: result };
    },
  };
}
