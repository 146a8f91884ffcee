import { operation } from '../../catalogue/operations.js';
import { listPage } from '../listing.js';
import type { OrganizationRecord } from '../store/organizations.js';
import { requireConsoleOption } from './console-gate.js';
import type { HandlerDeps, Handlers } from './types.js';

/**
 * Operation 115: the organizations of the caller's API key, by id, a page at a time; with
 * `organizationIds`, those of them that exist (an unknown id is simply absent, as the
 * documents read leaves out unknown documents).
 */
export function organizationReadHandlers(deps: HandlerDeps): Handlers<'organizations.get'> {
  const { store } = deps;
  return {
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
