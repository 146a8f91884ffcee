import type { Folder } from '../../catalogue/models.js';
import { folderAccessType } from '../access.js';
import { EmulatorError } from '../errors.js';
import {
  ancestorsUnder,
  type FolderRecord,
  MAX_FOLDER_DEPTH,
  ROOT_FOLDER_ID,
} from '../store/folders.js';
import type { Scope } from '../store/scope.js';
import { requireConsoleOption } from './console-gate.js';
import { type BulkItem, perItem } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';

/** A folder as the spec's Folder resource, its access type the one in effect. */
function folderResource(
  scope: Scope,
  folder: FolderRecord,
  byId: ReadonlyMap<string, FolderRecord>,
): Folder {
  return {
    folderId: folder.id,
    folderName: folder.name,
    parentFolderId: folder.parentId,
    apiKey: scope.apiKeyId,
    organizationId: folder.organizationId,
    createdAt: folder.createdAt,
    lastUpdated: folder.lastUpdated,
    ancestors: folder.ancestors,
    accessType: folderAccessType(folder, (id) => byId.get(id)),
    inheritAccessFromParent: folder.inheritAccess,
  };
}

/**
 * `roots` as Folder resources with their subfolders nested `depth` levels down, and whether
 * nesting stopped short of that. Breadth first with a queue, not recursion, so that no
 * depth of folders can exhaust the stack. Nesting stops at MAX_FOLDER_DEPTH levels, which
 * cuts nothing that folders add could create but bounds how deep the answer nests (two
 * JSON levels a folder) even over a store written before that limit existed.
 */
function nested(
  scope: Scope,
  folders: readonly FolderRecord[],
  byId: ReadonlyMap<string, FolderRecord>,
  roots: readonly FolderRecord[],
  depth: number,
): { data: Folder[]; cut: boolean } {
  const children = new Map<string, FolderRecord[]>();
  for (const folder of folders) {
    const siblings = children.get(folder.parentId);
    if (siblings) siblings.push(folder);
    else children.set(folder.parentId, [folder]);
  }
  const levels = Math.min(depth, MAX_FOLDER_DEPTH);
  let cut = false;
  const data: Folder[] = [];
  const queue = roots.map((folder) => {
    const resource = folderResource(scope, folder, byId);
    data.push(resource);
    return { folder, resource, left: levels };
  });
  // An index rather than shift(): the queue may hold every folder of the organization.
  for (let i = 0; i < queue.length; i++) {
    const { folder, resource, left } = queue[i] as (typeof queue)[number];
    const kids = children.get(folder.id);
    if (!kids) continue;
    if (left === 0) {
      cut ||= depth > levels;
      continue;
    }
    resource.subFolders = kids.map((kid) => {
      const child = folderResource(scope, kid, byId);
      queue.push({ folder: kid, resource: child, left: left - 1 });
      return child;
    });
  }
  return { data, cut };
}

/** Operations 7 and 8 of the spec. */
export function folderHandlers(
  deps: HandlerDeps,
): Handlers<
  'folders.get' | 'folders.add' | 'folders.update' | 'folders.setAccess' | 'folders.delete'
> {
  const { store } = deps;
  return {
    'folders.get': (data, { scope }) => {
      // An unknown organization simply has no folders, as it would have no documents.
      const folders = store.folders.ofOrganization(scope, data.organizationId);
      const byId = new Map(folders.map((f) => [f.id, f]));
      const message = 'Folders retrieved successfully.';
      const answer = (roots: readonly FolderRecord[], depth: number) => {
        const tree = nested(scope, folders, byId, roots, depth);
        const note = ` subFolders stop ${MAX_FOLDER_DEPTH} levels down, the most folders may nest.`;
        return { message: tree.cut ? message + note : message, data: tree.data };
      };

      if (data.folderId !== undefined) {
        const folder = byId.get(data.folderId);
        if (!folder)
          throw new EmulatorError('NOT_FOUND', `Folder ${data.folderId} does not exist.`);
        return answer([folder], data.maxDepth ?? 1);
      }
      if (data.maxDepth !== undefined) {
        const tops = folders.filter((f) => f.parentId === ROOT_FOLDER_ID);
        return answer(tops, data.maxDepth);
      }
      return { message, data: folders.map((f) => folderResource(scope, f, byId)) };
    },

    'folders.add': (data, { scope }) => {
      requireConsoleOption(deps, scope.workspaceId, 'advancedQueries', 'Adding folders');
      const orgId = data.organizationId;
      const now = deps.now();
      const add = (folderId: string, folderName: string, parentId: string): BulkItem => {
        const fail = (message: string): BulkItem => ({ success: false, id: folderId, message });
        if (folderId === ROOT_FOLDER_ID) return fail(`"${ROOT_FOLDER_ID}" is reserved.`);
        const existing = store.folders.find(scope, orgId, folderId);
        // The same folder again is what a resent request looks like: done, not a conflict.
        if (existing?.name === folderName && existing.parentId === parentId) {
          return { success: true, id: folderId, message: 'Folder already exists as given.' };
        }
        if (existing) return fail(`Folder ${folderId} already exists.`);
        const parent =
          parentId === ROOT_FOLDER_ID ? undefined : store.folders.find(scope, orgId, parentId);
        if (parentId !== ROOT_FOLDER_ID && !parent) {
          return fail(`Parent folder ${parentId} does not exist.`);
        }
        // `ancestors` holds root and every folder above, so its length is the folder's level.
        if (parent && parent.ancestors.length >= MAX_FOLDER_DEPTH) {
          return fail(
            `Folders may nest at most ${MAX_FOLDER_DEPTH} levels; ${parentId} is that deep.`,
          );
        }
        store.organizations.ensure(scope, orgId);
        store.folders.insert(scope, {
          organizationId: orgId,
          id: folderId,
          name: folderName,
          parentId,
          ancestors: ancestorsUnder(parent),
          accessType: 'public',
          inheritAccess: true,
          createdAt: now,
          lastUpdated: now,
        });
        return { success: true, id: folderId, message: 'Folder added.' };
      };

      const result = perItem(
        store,
        data.folders,
        (item) => item.folderId,
        (item) => add(item.folderId, item.folderName, item.parentFolderId ?? ROOT_FOLDER_ID),
      );
      return { message: 'Folders processed.', data: result };
    },

    // Operation 117. A folder moved takes its subfolders and documents along: their
    // ancestors follow; access, resolved along the parents, follows by itself. The contract
    // leaves open an unknown folder or parent and a move into the folder's own subtree: each
    // fails on its own, as does one past the depth limit.
    'folders.update': (data, { scope }) => {
      requireConsoleOption(deps, scope.workspaceId, 'advancedQueries', 'Updating folders');
      const orgId = data.organizationId;
      const now = deps.now();
      const update = (item: (typeof data.folders)[number]): BulkItem => {
        const id = item.folderId;
        const fail = (message: string): BulkItem => ({ success: false, id, message });
        const folder = store.folders.find(scope, orgId, id);
        if (!folder) return fail(`Folder ${id} does not exist.`);
        const parentId = item.parentFolderId ?? folder.parentId;
        const parent =
          parentId === ROOT_FOLDER_ID ? undefined : store.folders.find(scope, orgId, parentId);
        if (parentId !== ROOT_FOLDER_ID && !parent)
          return fail(`Parent folder ${parentId} does not exist.`);
        if (parent && (parent.id === id || parent.ancestors.includes(id)))
          return fail(`Folder ${id} cannot move into itself or a folder inside it.`);
        const ancestors = ancestorsUnder(parent);
        const below = store.folders
          .ofOrganization(scope, orgId)
          .filter((f) => f.ancestors.includes(id));
        const deepest = Math.max(
          0,
          ...below.map((f) => f.ancestors.length - folder.ancestors.length),
        );
        if (ancestors.length + deepest > MAX_FOLDER_DEPTH)
          return fail(
            `Folders may nest at most ${MAX_FOLDER_DEPTH} levels; the move would go deeper.`,
          );
        store.folders.place(
          scope,
          { ...folder, name: item.folderName ?? folder.name, parentId, ancestors },
          now,
        );
        // Each folder below keeps its path from the moved one, under the new ancestors.
        for (const sub of below) {
          const from = sub.ancestors.indexOf(id);
          store.folders.place(
            scope,
            { ...sub, ancestors: [...ancestors, ...sub.ancestors.slice(from)] },
            now,
          );
        }
        return { success: true, id, message: 'Folder Updated.' };
      };
      const result = perItem(store, data.folders, (item) => item.folderId, update);
      return { message: 'Folder Updated successfully.', data: result };
    },

    // Operation 119: a type of the folder's own, or its parent's from now on
    // (`inheritFromParent`); the folders and documents inside that inherit follow it.
    'folders.setAccess': (data, { scope }) => {
      const orgId = data.organizationId;
      const now = deps.now();
      const inherit = data.inheritFromParent === true;
      const result = perItem(
        store,
        data.folderIds,
        (id) => id,
        (id): BulkItem => {
          const folder = store.folders.find(scope, orgId, id);
          if (!folder) return { success: false, message: `Folder ${id} does not exist.` };
          store.folders.setAccess(
            scope,
            orgId,
            id,
            data.accessType ?? folder.accessType,
            inherit,
            now,
          );
          return inherit
            ? {
                success: true,
                accessType: null,
                inheritFromParent: true,
                message: 'Folder access type updated.',
              }
            : {
                success: true,
                accessType: data.accessType,
                message: 'Folder access type updated.',
              };
        },
      );
      return { message: 'Updated access for folders successfully.', data: result };
    },

    // Operation 118: a job (docs/emulator-jobs.md) that the clock and the jobs admin calls
    // drive like a migration; until it completes the folder is there. The contract's error
    // example carries `code` where every other error carries `status`: the emulator answers
    // NOT_FOUND as its other errors do. No id comes back; the folder's read answers
    // NOT_FOUND once it is gone, which is what `svc folders delete --wait` waits for.
    'folders.delete': (data, { scope }) => {
      requireConsoleOption(deps, scope.workspaceId, 'advancedQueries', 'Deleting folders');
      const { organizationId, folderId } = data;
      if (!store.folders.find(scope, organizationId, folderId))
        throw new EmulatorError('NOT_FOUND', 'Folder not found.');
      deps.jobs.start(scope, { kind: 'folder-deletion', organizationId, folderId });
      return { message: 'Folder deletion initiated successfully.', data: null };
    },
  };
}
