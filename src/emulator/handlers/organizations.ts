import { perItem } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';

const doesNotExist = (id: string) => `Organization ${id} does not exist.`;

/**
 * Operations 12 and 13 of the spec. The spec states two outcomes for disabling a missing
 * organization; its documented example (`success` false, "does not exist") is the one kept.
 */
export function organizationHandlers(
  deps: HandlerDeps,
): Handlers<'organizations.update' | 'organizations.setDisabled'> {
  const { store } = deps;
  return {
    'organizations.update': (data, { scope }) => {
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

    'organizations.setDisabled': (data, { scope }) => {
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
