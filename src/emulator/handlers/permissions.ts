import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import {
  type AccessTarget,
  accessFields,
  documentTarget,
  folderTarget,
  label,
  liveGrants,
  missing,
  type PermissionEntry,
  resolveOrganization,
  resolveResource,
  type UserFacts,
} from '../access.js';
import { EmulatorError } from '../errors.js';
import type { ResourceRef } from '../store/grants.js';
import { folderLookup, unique } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';

type UserPermissions = z.input<Schema<'userPermissions'>>;

/** A requested folder or document: its access target, or undefined when it does not exist. */
interface Requested {
  ref: ResourceRef;
  target: AccessTarget | undefined;
}

function entries(
  requested: readonly Requested[],
  resolve: (target: AccessTarget) => PermissionEntry,
): Record<string, PermissionEntry> {
  const out: Record<string, PermissionEntry> = {};
  for (const { ref, target } of requested) out[ref.id] = target ? resolve(target) : missing(ref);
  return out;
}

/** Operation 6 of the spec. */
export function permissionHandlers(deps: HandlerDeps): Handlers<'permissions.get'> {
  const { store } = deps;
  return {
    'permissions.get': (data, { scope }) => {
      const orgId = data.organizationId;
      const org = store.organizations.find(scope, orgId);
      const lookup = folderLookup(store, scope, orgId);
      const folders: Requested[] = unique(data.folderIds ?? []).map((id) => {
        const folder = lookup(id);
        return { ref: { kind: 'folder', id }, target: folder && folderTarget(folder, lookup) };
      });
      const documents: Requested[] = unique(data.documentIds ?? []).map((id) => {
        const doc = store.documents.find(scope, orgId, id);
        return { ref: { kind: 'document', id }, target: doc && documentTarget(doc, lookup) };
      });
      const targets = [...folders, ...documents].flatMap((r) => (r.target ? [r.target] : []));
      const nowSeconds = Math.floor(deps.now() / 1000);

      const result: Record<string, UserPermissions> = {};
      for (const userId of unique(data.userIds)) {
        const user: UserFacts = {
          userId,
          member: org !== undefined && store.organizationUsers.isMember(scope, orgId, userId),
          grants: org ? liveGrants(store.grants.ofUser(scope, orgId, userId), nowSeconds) : [],
        };
        const resolve = (target: AccessTarget): PermissionEntry =>
          // A target exists only inside an existing organization.
          org ? resolveResource(target, org, user) : missing(target.ref);
        const fields = accessFields(user, orgId, targets);
        result[userId] = {
          // The service names folders only when asked about them, in details too.
          ...(data.folderIds !== undefined && { folders: entries(folders, resolve) }),
          documents: entries(documents, resolve),
          organization: { [orgId]: resolveOrganization(org, orgId, user) },
          ...(fields.length > 0 && { context: { accessFields: fields } }),
        };
      }

      const absent = [...folders, ...documents].filter((r) => r.target === undefined);
      if (absent.length > 0) {
        const names = absent.map((r) => label(r.ref)).join(', ');
        throw new EmulatorError(
          'NOT_FOUND',
          `${names} ${absent.length === 1 ? 'does' : 'do'} not exist.`,
          { details: result },
        );
      }
      return { message: 'Permissions retrieved successfully.', data: result };
    },
  };
}
