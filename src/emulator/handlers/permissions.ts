import { createHmac } from 'node:crypto';
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
import type { ResourceKind, ResourceRef } from '../store/grants.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import { folderLookup, unique } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';

type UserPermissions = z.input<Schema<'userPermissions'>>;

/** How long a token of operation 128 is good for: 48 hours, as the contract says. */
const TOKEN_LIFETIME_SECONDS = 48 * 3600;

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

/** A resource as operations 126 and 127 name it; the catalogue has checked its members. */
interface NamedResource {
  type: ResourceKind;
  id: string;
  organizationId?: string | undefined;
}

/** The organization a resource is in, and the resource as a grant names it. */
function placed(resource: NamedResource): { organizationId: string; ref: ResourceRef } {
  return {
    organizationId:
      resource.type === 'organization' ? resource.id : (resource.organizationId ?? ''),
    ref: { kind: resource.type, id: resource.id },
  };
}

function exists(store: Store, scope: Scope, organizationId: string, ref: ResourceRef): boolean {
  if (ref.kind === 'organization') return store.organizations.find(scope, ref.id) !== undefined;
  if (store.organizations.find(scope, organizationId) === undefined) return false;
  return ref.kind === 'folder'
    ? store.folders.find(scope, organizationId, ref.id) !== undefined
    : store.documents.find(scope, organizationId, ref.id) !== undefined;
}

/**
 * Operation 6 of the spec, and 126 and 127. The contract answers no per-resource outcome for
 * the last two, so the emulator decides a request as a whole: one resource that does not
 * exist, or an end already past, refuses it all and nothing is granted. A grant on a
 * resource the user holds one on already replaces its role and end. Revoking a grant the
 * user does not hold is no error: afterwards they hold none, as asked.
 */
export function permissionHandlers(
  deps: HandlerDeps,
): Handlers<
  'permissions.get' | 'permissions.add' | 'permissions.remove' | 'auth.userToken' | 'auth.signature'
> {
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

    'permissions.add': (data, { scope }) => {
      const userId = data.user.userId;
      const nowSeconds = Math.floor(deps.now() / 1000);
      const resources = data.permissions.resources;
      resources.forEach((resource, i) => {
        const { organizationId, ref } = placed(resource);
        if (!exists(store, scope, organizationId, ref))
          throw new EmulatorError(
            'NOT_FOUND',
            `permissions.resources[${i}]: ${label(ref)}${ref.kind === 'organization' ? '' : ` in organization ${organizationId}`} does not exist.`,
          );
        if (resource.expiresAt !== undefined && resource.expiresAt <= nowSeconds)
          throw new EmulatorError(
            'INVALID_ARGUMENT',
            `permissions.resources[${i}].expiresAt: ${new Date(resource.expiresAt * 1000).toISOString()} is in the past.`,
          );
      });
      store.transaction(() => {
        for (const resource of resources) {
          const { organizationId, ref } = placed(resource);
          store.grants.put(scope, {
            organizationId,
            userId,
            resource: ref,
            role: resource.accessRole ?? 'editor',
            expiresAt: resource.expiresAt ?? null,
            accessFields: [],
          });
        }
      });
      return { message: 'Permissions added successfully.' };
    },

    'permissions.remove': (data, { scope }) => {
      store.transaction(() => {
        for (const resource of data.permissions.resources) {
          const { organizationId, ref } = placed(resource);
          store.grants.removeOn(scope, organizationId, data.userId, ref);
        }
      });
      return { message: 'Permissions removed successfully.' };
    },

    // Operation 128: a JWT (HS256) whose claims carry the user and the access given, for 48
    // hours. The contract leaves its key and claims open; the emulator signs with the
    // workspace's token, which the caller's workspace holds, so a test can verify it. No
    // operation of the REST API takes such a token: a client SDK does.
    'auth.userToken': (data, { scope, auth }) => {
      const now = Math.floor(deps.now() / 1000);
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = {
        iss: 'svc-emulator',
        sub: data.userId,
        apiKey: scope.apiKeyId,
        userProperties: { isAdmin: false, ...data.userProperties },
        permissions: {
          resources: data.permissions.resources.map((r) => ({
            ...r,
            accessRole: r.accessRole ?? 'editor',
          })),
        },
        iat: now,
        exp: now + TOKEN_LIFETIME_SECONDS,
      };
      const signed = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
      const signature = createHmac('sha256', auth.workspace.authToken)
        .update(signed)
        .digest('base64url');
      return {
        message: 'Token generated successfully.',
        data: { token: `${signed}.${signature}` },
      };
    },

    // Operation 129: HMAC-SHA256, hex, keyed with the workspace's token, of the JSON of the
    // permissions, each with its members in the contract's order (userId, resourceId, type,
    // hasAccess, accessRole, expiresAt; those given). The contract leaves the algorithm open.
    'auth.signature': (data, { auth }) => {
      const ordered = data.permissions.map((p) => ({
        userId: p.userId,
        resourceId: p.resourceId,
        type: p.type,
        hasAccess: p.hasAccess,
        ...(p.accessRole !== undefined && { accessRole: p.accessRole }),
        ...(p.expiresAt !== undefined && { expiresAt: p.expiresAt }),
      }));
      const signature = createHmac('sha256', auth.workspace.authToken)
        .update(JSON.stringify(ordered))
        .digest('hex');
      return { message: 'Signature generated successfully.', data: { signature } };
    },
  };
}
