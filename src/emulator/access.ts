import type * as z from 'zod';
import type { Schema } from '../catalogue/models.js';
import type { AccessType } from './store/access-kinds.js';
import type { DocumentRecord } from './store/documents.js';
import { type FolderRecord, ROOT_FOLDER_ID } from './store/folders.js';
import type { GrantRecord, ResourceRef } from './store/grants.js';
import type { OrganizationRecord } from './store/organizations.js';
import { type Decision, reportDecision } from './ui/decisions.js';

/**
 * Permission resolution (spec op 6, docs/wire-notes.md "Permissions"). A folder or document either
 * inherits from its parent, taking the parent's access type and the grants on the parent,
 * or stands alone: a folder with `inheritAccessFromParent` off, a top-level folder (the
 * organization has no access type of its own), a document with its own access type.
 */

export type PermissionEntry = z.input<Schema<'permissionEntry'>>;

export type FolderLookup = (id: string) => FolderRecord | undefined;

/** A folder or document with what decides access to it. */
export interface AccessTarget {
  ref: ResourceRef;
  /** The resource, then each parent it inherits from, nearest first. */
  chain: ResourceRef[];
  /** The effective access type: the last resource of the chain decides it. */
  accessType: AccessType;
  disabled: boolean;
}

/** One user as seen from one organization. */
export interface UserFacts {
  userId: string;
  /** Listed among the organization's users. */
  member: boolean;
  /** The user's grants in the organization that have not expired. */
  grants: GrantRecord[];
}

const DEFAULT_ROLE = 'editor';
/** Where a document outside folders, without its own setting, stands. */
const DEFAULT_ACCESS_TYPE: AccessType = 'public';

/** What of a folder decides the access type in effect, wherever it is read from. */
type AccessFolder = Pick<FolderRecord, 'parentId' | 'inheritAccess' | 'accessType'>;

/** The folder, then each ancestor it inherits access from. */
export function folderChain<F extends AccessFolder>(
  folder: F,
  lookup: (id: string) => F | undefined,
): F[] {
  const chain = [folder];
  let current = folder;
  while (current.inheritAccess && current.parentId !== ROOT_FOLDER_ID) {
    const parent = lookup(current.parentId);
    if (!parent) break;
    chain.push(parent);
    current = parent;
  }
  return chain;
}

/** The access type in effect for a folder: its own, or the ancestor's it inherits. */
export function folderAccessType<F extends AccessFolder>(
  folder: F,
  lookup: (id: string) => F | undefined,
): AccessType {
  return (folderChain(folder, lookup).at(-1) ?? folder).accessType;
}

/** The access type in effect for a document: its own, its folder's, or the default. */
export function documentAccessType<F extends AccessFolder>(
  doc: Pick<DocumentRecord, 'accessType' | 'folderId'>,
  lookup: (id: string) => F | undefined,
): AccessType {
  const folder =
    doc.accessType === null && doc.folderId !== null ? lookup(doc.folderId) : undefined;
  return folder ? folderAccessType(folder, lookup) : (doc.accessType ?? DEFAULT_ACCESS_TYPE);
}

const folderRef = (folder: FolderRecord): ResourceRef => ({ kind: 'folder', id: folder.id });

export function folderTarget(folder: FolderRecord, lookup: FolderLookup): AccessTarget {
  const chain = folderChain(folder, lookup);
  return {
    ref: folderRef(folder),
    chain: chain.map(folderRef),
    accessType: folderAccessType(folder, lookup),
    disabled: false,
  };
}

export function documentTarget(doc: DocumentRecord, lookup: FolderLookup): AccessTarget {
  const ref: ResourceRef = { kind: 'document', id: doc.id };
  const folder =
    doc.accessType === null && doc.folderId !== null ? lookup(doc.folderId) : undefined;
  if (!folder) {
    return {
      ref,
      chain: [ref],
      accessType: doc.accessType ?? DEFAULT_ACCESS_TYPE,
      disabled: doc.disabled,
    };
  }
  const inherited = folderTarget(folder, lookup);
  return { ...inherited, ref, chain: [ref, ...inherited.chain], disabled: doc.disabled };
}

/** Grants that still grant at `nowSeconds`: `expiresAt` is the last second they do. */
export function liveGrants(grants: readonly GrantRecord[], nowSeconds: number): GrantRecord[] {
  return grants.filter((g) => g.expiresAt === null || g.expiresAt >= nowSeconds);
}

function grantOn(ref: ResourceRef, grants: readonly GrantRecord[]): GrantRecord | undefined {
  return grants.find((g) => g.resource.kind === ref.kind && g.resource.id === ref.id);
}

function granted(grant: GrantRecord | undefined, accessType?: AccessType): PermissionEntry {
  return {
    accessRole: grant?.role ?? DEFAULT_ROLE,
    ...(accessType !== undefined && { accessType }),
    ...(grant?.expiresAt != null && { expiresAt: grant.expiresAt }),
  };
}

function denied(error: string, accessType?: AccessType): PermissionEntry {
  return {
    error,
    errorCode: 'permission_denied',
    ...(accessType !== undefined && { accessType }),
  };
}

/** The entry of a folder or document that does not exist. */
export function missing(ref: ResourceRef): PermissionEntry {
  return { error: `${label(ref)} does not exist.`, errorCode: 'does_not_exist' };
}

const KIND_LABELS = { organization: 'Organization', folder: 'Folder', document: 'Document' };

/** How messages name a resource, e.g. `Document doc-1`. */
export function label(ref: ResourceRef): string {
  return `${KIND_LABELS[ref.kind]} ${ref.id}`;
}

/** A user's entry for the organization itself: members and org-level grantees get in. */
export function resolveOrganization(
  org: OrganizationRecord | undefined,
  organizationId: string,
  user: UserFacts,
): PermissionEntry {
  const ref: ResourceRef = { kind: 'organization', id: organizationId };
  const entry = decideOrganization(org, ref, user);
  reportDecision(() => permissionDecision(ref, [ref], user, entry));
  return entry;
}

function decideOrganization(
  org: OrganizationRecord | undefined,
  ref: ResourceRef,
  user: UserFacts,
): PermissionEntry {
  if (!org) return missing(ref);
  if (org.disabled) return denied(`${label(ref)} is disabled.`);
  const grant = grantOn(ref, user.grants);
  if (!grant && !user.member) {
    return denied(`User ${user.userId} is not a member of organization ${org.id}.`);
  }
  return granted(grant);
}

/** A user's entry for a folder or document of `org`. */
export function resolveResource(
  target: AccessTarget,
  org: OrganizationRecord,
  user: UserFacts,
): PermissionEntry {
  const entry = decideResource(target, org, user);
  reportDecision(() =>
    permissionDecision(
      target.ref,
      [...target.chain, { kind: 'organization', id: org.id }],
      user,
      entry,
      target,
    ),
  );
  return entry;
}

function decideResource(
  target: AccessTarget,
  org: OrganizationRecord,
  user: UserFacts,
): PermissionEntry {
  const { accessType } = target;
  if (org.disabled) return denied(`Organization ${org.id} is disabled.`, accessType);
  if (target.disabled) return denied(`${label(target.ref)} is disabled.`, accessType);

  const own = target.chain.map((ref) => grantOn(ref, user.grants)).find((g) => g !== undefined);
  const orgGrant = grantOn({ kind: 'organization', id: org.id }, user.grants);
  switch (accessType) {
    case 'public':
      return granted(own ?? orgGrant, accessType);
    case 'organizationPrivate':
      if (!own && !orgGrant && !user.member) {
        return denied(
          `${label(target.ref)} is private to organization ${org.id}, and user ${user.userId} is not a member.`,
          accessType,
        );
      }
      return granted(own ?? orgGrant, accessType);
    case 'restricted':
      if (!own) {
        return denied(
          `${label(target.ref)} is restricted, and user ${user.userId} has not been granted access.`,
          accessType,
        );
      }
      return granted(own, accessType);
  }
}

/**
 * The access-context fields of the user's grants that bear on the request: those on the
 * organization and on every resource asked about, or the parents it inherits from.
 */
export function accessFields(
  user: UserFacts,
  organizationId: string,
  targets: readonly AccessTarget[],
): string[] {
  const refs: ResourceRef[] = [
    { kind: 'organization', id: organizationId },
    ...targets.flatMap((t) => t.chain),
  ];
  const fields = new Set<string>();
  for (const ref of refs) {
    for (const field of grantOn(ref, user.grants)?.accessFields ?? []) fields.add(field);
  }
  return [...fields].sort();
}

// --- Reasons for the requests view of the web UI (src/emulator/ui) -------------------------

/**
 * Why `entry` was decided: a denial carries its reason already; a grant names the grant
 * that gave it, searched in the order the resolution uses (`lookedAt`: the resource, the
 * parents it inherits from, the organization), and where the access type came from.
 */
function permissionDecision(
  ref: ResourceRef,
  lookedAt: readonly ResourceRef[],
  user: UserFacts,
  entry: PermissionEntry,
  target?: AccessTarget,
): Decision {
  const subject = `User ${user.userId} → ${label(ref)}`;
  if (entry.error !== undefined)
    return { check: 'permission', subject, allowed: false, reason: entry.error };
  const reasons: string[] = [];
  const holder = lookedAt.find((r) => grantOn(r, user.grants) !== undefined);
  if (holder) {
    const role = grantOn(holder, user.grants)?.role ?? DEFAULT_ROLE;
    const inherited = holder.kind !== ref.kind || holder.id !== ref.id;
    reasons.push(
      `${role} grant on ${label(holder)}${inherited ? `, inherited by ${label(ref)}` : ''}`,
    );
  } else if (user.member) {
    reasons.push(`user ${user.userId} is a member of the organization`);
  } else {
    reasons.push(`${label(ref)} is public; default role ${DEFAULT_ROLE}`);
  }
  const decider = target?.chain.at(-1);
  if (target && decider && target.chain.length > 1)
    reasons.push(`access type ${target.accessType} inherited from ${label(decider)}`);
  else if (target) reasons.push(`access type ${target.accessType}`);
  return { check: 'permission', subject, allowed: true, reason: reasons.join('; ') };
}
