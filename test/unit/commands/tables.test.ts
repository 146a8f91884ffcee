import { describe, expect, it } from 'vitest';
import type { Folder } from '../../../src/catalogue/models.js';
import { treeRows } from '../../../src/commands/folders/list.js';
import { permissionRows } from '../../../src/commands/permissions/get.js';

const folder = (folderId: string, parentFolderId: string, subFolders?: Folder[]): Folder => ({
  folderId,
  folderName: folderId.toUpperCase(),
  parentFolderId,
  ...(subFolders && { subFolders }),
});

describe('folders list rows', () => {
  it('orders a flat list as a tree, children after their parent, with depth', () => {
    const rows = treeRows([
      folder('b1', 'b'),
      folder('a', 'root'),
      folder('b', 'root'),
      folder('a1', 'a'),
      folder('a1x', 'a1'),
    ]);
    expect(rows.map((r) => [r.folderId, r.depth])).toEqual([
      ['a', 0],
      ['a1', 1],
      ['a1x', 2],
      ['b', 0],
      ['b1', 1],
    ]);
  });

  it('walks nested subFolders depth first', () => {
    const nested = folder('top', 'root', [
      folder('x', 'top', [folder('x1', 'x')]),
      folder('y', 'top'),
    ]);
    expect(treeRows([nested]).map((r) => `${r.depth}:${r.folderId}`)).toEqual([
      '0:top',
      '1:x',
      '2:x1',
      '1:y',
    ]);
  });

  it('keeps a folder whose parent is not in the list as a root', () => {
    expect(treeRows([folder('orphan', 'elsewhere')]).map((r) => r.depth)).toEqual([0]);
  });
});

describe('permissions get rows', () => {
  it('makes one row per user and resource, with expiry as an ISO time', () => {
    const rows = permissionRows({
      u1: {
        organization: { o: { accessRole: 'editor' } },
        documents: {
          d1: { accessRole: 'viewer', accessType: 'restricted', expiresAt: 1_800_000_000 },
          d2: { accessType: 'restricted', errorCode: 'permission_denied' },
        },
      },
      u2: { folders: { f: { accessRole: 'editor', accessType: 'public' } } },
    });
    expect(rows).toEqual([
      {
        userId: 'u1',
        kind: 'organization',
        resourceId: 'o',
        accessRole: 'editor',
        accessType: undefined,
        expiresAt: undefined,
        errorCode: undefined,
      },
      {
        userId: 'u1',
        kind: 'document',
        resourceId: 'd1',
        accessRole: 'viewer',
        accessType: 'restricted',
        expiresAt: '2027-01-15T08:00:00.000Z',
        errorCode: undefined,
      },
      {
        userId: 'u1',
        kind: 'document',
        resourceId: 'd2',
        accessRole: undefined,
        accessType: 'restricted',
        expiresAt: undefined,
        errorCode: 'permission_denied',
      },
      {
        userId: 'u2',
        kind: 'folder',
        resourceId: 'f',
        accessRole: 'editor',
        accessType: 'public',
        expiresAt: undefined,
        errorCode: undefined,
      },
    ]);
  });
});
