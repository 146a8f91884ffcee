import { perItem } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';
import { operation } from '../../catalogue/operations.js';
import { listPage } from '../listing.js';
import type { OrganizationRecord } from '../store/organizations.js';
import { requireConsoleOption } from './console-gate.js';

const doesNotExist = (id: string) => `Organization ${id} does not exist.`;

/**
 * Operations 12 and 13 of the spec. The spec states two outcomes for disabling a missing
 * organization; its documented example (`success` false, "does not exist") is the one kept.
 */
export function organizationHandlers(
  deps: HandlerDeps,
): Handlers<
  | 'organizations.update'
  | 'organizations.setDisabled'
  | 'organizations.get'
  | 'organizations.add'
  | 'organizations.delete'
> {
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

    // Operation 114. The contract leaves open an organization that exists: the same one
    // again (same name) is what a resent request looks like, and succeeds; another name fails
    // on its own, as adding a group does.
    'organizations.add': (data, { scope }) => {
      const result = perItem(
        store,
        data.organizations,
        (org) => org.organizationId,
        ({ organizationId: id, organizationName: name }) => {
          const existing = store.organizations.find(scope, id);
          if (existing === undefined)
            store.organizations.insert(scope, { id, name, disabled: false });
          else if (existing.name !== name)
            return { success: false, id, message: `Organization ${id} already exists.` };
          return { success: true, id, message: 'Added Successfully' };
        },
      );
      return { message: 'Organization(s) added successfully.', data: result };
    },

    // Operation 116: at once, and with everything in the organization (its folders,
    // documents, users, groups, grants, activities, notifications, presence, live state and
    // CRDT data go by the store's cascade); the contract leaves both open.
    'organizations.delete': (data, { scope }) => {
      const result = perItem(
        store,
        data.organizationIds,
        (id) => id,
        (id) =>
          store.organizations.delete(scope, id)
            ? { success: true, id, message: 'Deleted Successfully' }
            : { success: false, id, message: 'Organization does not exist' },
      );
      return { message: 'Organization(s) deleted successfully.', data: result };
    },

    // Operation 115: the organizations of the caller's API key, by id, a page at a time; with
    // `organizationIds`, those of them that exist (an unknown id is simply absent, as the
    // documents read leaves out unknown documents).
    'organizations.get': (data, { scope }) => {
      requireConsoleOption(deps, scope.workspaceId, 'advancedQueries', 'Reading organizations');
      const ids = data.organizationIds;
      const page = listPage(
        {
          operation: operation('organizations.get'),
          scope,
          filters: { organizationIds: ids },
          key: ['string'],
          keyOf: (org: OrganizationRecord) => [org.id],
          rows: (after, limit) => store.organizations.page(scope, { ids }, after, limit),
        },
        data,
      );
      return {
        message: 'Organization(s) retrieved successfully.',
        data: page.rows.map((org) => ({
          id: org.id,
          organizationName: org.name,
          disabled: org.disabled,
        })),
        ...(page.next !== undefined && { next: page.next }),
      };
    },
  };
}
