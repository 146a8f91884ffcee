import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { provisionWorkspace } from '../../../src/emulator/provision.js';
import type { Scope } from '../../../src/emulator/store/scope.js';
import { openStore, type Store } from '../../../src/emulator/store/store.js';

let store: Store;
let first: Scope;
let second: Scope;

beforeEach(() => {
  store = openStore();
  const creds = provisionWorkspace(store, { ownerEmail: 'scope@example.com' }, 0);
  first = { workspaceId: creds.workspaceId, apiKeyId: creds.apiKey };
  // The API offers no way to add a key yet; the store can, and keys must not share data.
  store.apiKeys.insertKey({
    id: 'second-key',
    workspaceId: creds.workspaceId,
    name: 'Second',
    type: 'production',
    createdAt: 0,
  });
  second = { workspaceId: creds.workspaceId, apiKeyId: 'second-key' };

  store.organizations.insert(first, { id: 'o', name: 'O', disabled: false });
  store.folders.insert(first, {
    organizationId: 'o',
    id: 'f',
    name: 'F',
    parentId: 'root',
    ancestors: ['root'],
    accessType: 'public',
    inheritAccess: true,
    createdAt: 0,
    lastUpdated: 0,
  });
  store.documents.insert(first, {
    organizationId: 'o',
    id: 'd',
    name: 'D',
    folderId: 'f',
    accessType: null,
    disabled: false,
  });
  store.organizationUsers.insert(first, {
    organizationId: 'o',
    userId: 'u',
    name: null,
    email: null,
  });
  store.grants.insert(first, {
    organizationId: 'o',
    userId: 'u',
    resource: { kind: 'document', id: 'd' },
    role: 'viewer',
    expiresAt: null,
    accessFields: [],
  });
  store.consoleOptions.set(first.workspaceId, { advancedQueries: true });
});
afterEach(() => store.close());

describe('the resource tables', () => {
  it("show one API key's data to that key only", () => {
    expect(store.organizations.find(second, 'o')).toBeUndefined();
    expect(store.folders.ofOrganization(second, 'o')).toEqual([]);
    expect(store.documents.find(second, 'o', 'd')).toBeUndefined();
    expect(store.organizationUsers.isMember(second, 'o', 'u')).toBe(false);
    expect(store.grants.ofUser(second, 'o', 'u')).toEqual([]);
    expect(store.organizations.rename(second, 'o', 'Mine')).toBe(false);
    expect(store.organizations.find(first, 'o')?.name).toBe('O');
  });

  it("lose a workspace's rows when the workspace is reset", () => {
    expect(store.resetWorkspace(first.workspaceId)).toBe(true);
    expect(store.organizations.find(first, 'o')).toBeUndefined();
    expect(store.folders.ofOrganization(first, 'o')).toEqual([]);
    expect(store.documents.ofOrganization(first, 'o')).toEqual([]);
    expect(store.organizationUsers.isMember(first, 'o', 'u')).toBe(false);
    expect(store.grants.ofUser(first, 'o', 'u')).toEqual([]);
    expect(store.consoleOptions.get(first.workspaceId).advancedQueries).toBe(false);
  });

  it("lose an organization's rows with the organization", () => {
    store.organizations.delete(first, 'o');
    expect(store.documents.find(first, 'o', 'd')).toBeUndefined();
    expect(store.grants.ofUser(first, 'o', 'u')).toEqual([]);
  });
});
