import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import type { FolderLookup } from '../access.js';
import type { DocumentRecord } from '../store/documents.js';
import { type FolderRecord, ROOT_FOLDER_ID } from '../store/folders.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';

/** One member of a bulk operation's per-item result map. */
export type BulkItem = z.input<Schema<'bulkItemResult'>>;
export type BulkResult = Record<string, BulkItem>;

/** Folders of one organization by id, each read from the store at most once. */
export function folderLookup(store: Store, scope: Scope, organizationId: string): FolderLookup {
  const seen = new Map<string, FolderRecord | undefined>();
  return (id) => {
    if (!seen.has(id)) seen.set(id, store.folders.find(scope, organizationId, id));
    return seen.get(id);
  };
}

/** The ids in first-seen order, each once. */
export function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/**
 * A bulk write: each item's outcome under its key, all in one transaction, so the answer
 * is sent only once every item's change is committed.
 */
export function perItem<T>(
  store: Store,
  items: readonly T[],
  keyOf: (item: T) => string,
  apply: (item: T) => BulkItem,
): BulkResult {
  return store.transaction(() => {
    const out: BulkResult = {};
    for (const item of items) out[keyOf(item)] = apply(item);
    return out;
  });
}

/** A folder a request asks to be made on first use (`createFolder`): top-level, named by its id. */
export function newTopFolder(organizationId: string, id: string, now: number): FolderRecord {
  return {
    organizationId,
    id,
    name: id,
    parentId: ROOT_FOLDER_ID,
    ancestors: [ROOT_FOLDER_ID],
    accessType: 'public',
    inheritAccess: true,
    createdAt: now,
    lastUpdated: now,
  };
}

/** A document a request asks to be made on first use (`createDocument`): top-level, named by its id. */
export function newTopDocument(organizationId: string, id: string): DocumentRecord {
  return { organizationId, id, name: id, folderId: null, accessType: null, disabled: false };
}
