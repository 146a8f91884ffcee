import { openDatabase } from '../../../src/emulator/store/sqlite.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Folder } from '../../../src/catalogue/models.js';
import { startEmulator } from '../../../src/emulator/server.js';
import { expectError, expectSuccess, keyHeaders, post } from './helpers.js';
import { basicFixture, SEED_CLOCK, seededWorkspaces } from './seed.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK });

const getFolders = async (data: Record<string, unknown>): Promise<Folder[]> =>
  expectSuccess(
    await emu.call('/v2/organizations/folders/get', { organizationId: 'acme', ...data }),
    'folders.get',
  ) as Folder[];

const addFolders = (folders: unknown[], organizationId = 'acme') =>
  emu.call('/v1/organizations/folders/add', { organizationId, folders });

/** The tree as `id(child, …)`, to compare nesting at a glance. */
function shape(folders: readonly Folder[]): string {
  return folders
    .map((f) => (f.subFolders ? `${f.folderId}(${shape(f.subFolders)})` : f.folderId))
    .join(', ');
}

describe('folders get (op 7)', () => {
  it('lists every folder of the organization, flat, parents first', async () => {
    const folders = await getFolders({});
    expect(folders.map((f) => f.folderId)).toEqual([
      'handbook',
      'policies',
      'hr',
      'benefits',
      'dental',
      'internal',
      'secret',
      'secret-drafts',
      'secret-press',
    ]);
    expect(folders.every((f) => f.subFolders === undefined)).toBe(true);
    expect(folders.find((f) => f.folderId === 'secret-drafts')).toEqual({
      folderId: 'secret-drafts',
      folderName: 'Drafts',
      parentFolderId: 'secret',
      apiKey: emu.owner.apiKey,
      organizationId: 'acme',
      createdAt: SEED_CLOCK,
      lastUpdated: SEED_CLOCK,
      ancestors: ['root', 'secret'],
      accessType: 'restricted',
      inheritAccessFromParent: true,
    });
    expect(folders.find((f) => f.folderId === 'secret-press')).toMatchObject({
      accessType: 'public',
      inheritAccessFromParent: false,
    });
    expect(folders.find((f) => f.folderId === 'handbook')).toMatchObject({
      parentFolderId: 'root',
      ancestors: ['root'],
    });
  });

  it('returns one folder with its immediate subfolders when given folderId', async () => {
    const folders = await getFolders({ folderId: 'handbook' });
    expect(shape(folders)).toBe('handbook(policies)');
    expect(folders[0]?.subFolders?.[0]).toMatchObject({
      folderId: 'policies',
      ancestors: ['root', 'handbook'],
      inheritAccessFromParent: true,
    });
    expect(shape(await getFolders({ folderId: 'dental' }))).toBe('dental');
  });

  it('nests subfolders to maxDepth, each with its ancestors', async () => {
    const folders = await getFolders({ folderId: 'handbook', maxDepth: 3 });
    expect(shape(folders)).toBe('handbook(policies(hr(benefits)))');
    const benefits = folders[0]?.subFolders?.[0]?.subFolders?.[0]?.subFolders?.[0];
    expect(benefits).toMatchObject({
      folderId: 'benefits',
      parentFolderId: 'hr',
      ancestors: ['root', 'handbook', 'policies', 'hr'],
      inheritAccessFromParent: true,
    });
    expect(benefits?.subFolders).toBeUndefined();
    expect(shape(await getFolders({ folderId: 'handbook', maxDepth: 0 }))).toBe('handbook');
  });

  it('nests from the top-level folders when given maxDepth alone', async () => {
    expect(shape(await getFolders({ maxDepth: 1 }))).toBe(
      'handbook(policies), internal, secret(secret-drafts, secret-press)',
    );
  });

  it('answers NOT_FOUND for an unknown folder and an empty list for an unknown organization', async () => {
    const reply = await emu.call('/v2/organizations/folders/get', {
      organizationId: 'acme',
      folderId: 'ghost',
    });
    expect(expectError(reply, 404, 'NOT_FOUND')).toContain('ghost');
    expect(await getFolders({ organizationId: 'initech' })).toEqual([]);
  });

  it('answers INVALID_ARGUMENT for bad arguments', async () => {
    const negative = await emu.call('/v2/organizations/folders/get', {
      organizationId: 'acme',
      maxDepth: -1,
    });
    expect(expectError(negative, 400, 'INVALID_ARGUMENT')).toContain('data.maxDepth');
    const noOrg = await emu.call('/v2/organizations/folders/get', { folderId: 'handbook' });
    expect(expectError(noOrg, 400, 'INVALID_ARGUMENT')).toContain('data.organizationId');
  });
});

describe('folders add (op 8)', () => {
  it('adds a parent and its child given in that order in one request', async () => {
    emu.clock += 5000;
    const reply = await addFolders([
      { folderId: 'eng', folderName: 'Engineering' },
      { folderId: 'eng-rfcs', folderName: 'RFCs', parentFolderId: 'eng' },
      { folderId: 'eng-adrs', folderName: 'ADRs', parentFolderId: 'eng-rfcs' },
    ]);
    expect(expectSuccess(reply, 'folders.add')).toEqual({
      eng: { success: true, id: 'eng', message: expect.any(String) as string },
      'eng-rfcs': { success: true, id: 'eng-rfcs', message: expect.any(String) as string },
      'eng-adrs': { success: true, id: 'eng-adrs', message: expect.any(String) as string },
    });
    const [eng] = await getFolders({ folderId: 'eng', maxDepth: 2 });
    expect(shape(eng ? [eng] : [])).toBe('eng(eng-rfcs(eng-adrs))');
    expect(eng?.subFolders?.[0]?.subFolders?.[0]).toMatchObject({
      parentFolderId: 'eng-rfcs',
      ancestors: ['root', 'eng', 'eng-rfcs'],
      createdAt: SEED_CLOCK + 5000,
      lastUpdated: SEED_CLOCK + 5000,
      accessType: 'public',
      inheritAccessFromParent: true,
    });
  });

  it('fails a duplicate id, an unknown parent and the reserved id only, keeping the rest', async () => {
    const reply = await addFolders([
      { folderId: 'handbook', folderName: 'Again' },
      { folderId: 'orphan', folderName: 'Orphan', parentFolderId: 'nowhere' },
      { folderId: 'late-child', folderName: 'Child', parentFolderId: 'late-parent' },
      { folderId: 'late-parent', folderName: 'Parent' },
      { folderId: 'root', folderName: 'Root' },
      { folderId: 'under-secret', folderName: 'Under', parentFolderId: 'secret' },
    ]);
    const result = expectSuccess(reply, 'folders.add') as Record<string, { success: boolean }>;
    expect(Object.fromEntries(Object.entries(result).map(([id, r]) => [id, r.success]))).toEqual({
      handbook: false,
      orphan: false,
      'late-child': false,
      'late-parent': true,
      root: false,
      'under-secret': true,
    });
    expect(result.handbook).toMatchObject({
      id: 'handbook',
      message: expect.stringMatching(/exists/),
    });
    expect(result.orphan).toMatchObject({ message: expect.stringMatching(/nowhere/) });

    const folders = await getFolders({});
    expect(folders.find((f) => f.folderId === 'handbook')?.folderName).toBe('Handbook');
    expect(folders.some((f) => f.folderId === 'orphan')).toBe(false);
    expect(folders.find((f) => f.folderId === 'under-secret')).toMatchObject({
      ancestors: ['root', 'secret'],
      accessType: 'restricted',
    });
  });

  it('creates an id given twice in one request once, reporting the later item', async () => {
    const reply = await addFolders([
      { folderId: 'twice', folderName: 'First' },
      { folderId: 'twice', folderName: 'Second' },
    ]);
    expect(expectSuccess(reply, 'folders.add')).toEqual({
      twice: { success: false, id: 'twice', message: expect.stringMatching(/exists/) as string },
    });
    const twice = (await getFolders({})).filter((f) => f.folderId === 'twice');
    expect(twice.map((f) => f.folderName)).toEqual(['First']);
  });

  it('answers success to the same folder added again, so a resent request is harmless', async () => {
    const folders = [
      { folderId: 'resent', folderName: 'Resent' },
      { folderId: 'resent-child', folderName: 'Child', parentFolderId: 'resent' },
    ];
    expectSuccess(await addFolders(folders), 'folders.add');
    const again = await addFolders([
      ...folders,
      { folderId: 'resent', folderName: 'Renamed' },
      { folderId: 'resent-child', folderName: 'Child' },
    ]);
    // Keys are unique in the map: the later item with an id decides its entry.
    expect(expectSuccess(again, 'folders.add')).toEqual({
      resent: { success: false, id: 'resent', message: expect.stringMatching(/exists/) as string },
      'resent-child': {
        success: false,
        id: 'resent-child',
        message: expect.stringMatching(/exists/) as string,
      },
    });
    const once = await addFolders(folders);
    expect(expectSuccess(once, 'folders.add')).toEqual({
      resent: { success: true, id: 'resent', message: expect.stringMatching(/as given/) as string },
      'resent-child': {
        success: true,
        id: 'resent-child',
        message: expect.stringMatching(/as given/) as string,
      },
    });
    const stored = (await getFolders({})).filter((f) => f.folderId.startsWith('resent'));
    expect(stored.map((f) => [f.folderId, f.folderName])).toEqual([
      ['resent', 'Resent'],
      ['resent-child', 'Child'],
    ]);
  });

  it('creates the organization when it does not exist yet', async () => {
    const reply = await addFolders([{ folderId: 'first', folderName: 'First' }], 'initech');
    expect(expectSuccess(reply, 'folders.add')).toMatchObject({ first: { success: true } });
    expect((await getFolders({ organizationId: 'initech' })).map((f) => f.folderId)).toEqual([
      'first',
    ]);
    const rename = await emu.call('/v2/organizations/update', {
      organizations: [{ organizationId: 'initech', organizationName: 'Initech' }],
    });
    expect(expectSuccess(rename, 'organizations.update')).toMatchObject({
      initech: { success: true },
    });
  });

  it('answers FAILED_PRECONDITION when the advanced queries option is off', async () => {
    const rival = emu.callAs(emu.rival);
    const reply = await rival('/v1/organizations/folders/add', {
      organizationId: 'acme',
      folders: [{ folderId: 'x', folderName: 'X' }],
    });
    expect(expectError(reply, 400, 'FAILED_PRECONDITION')).toMatch(/advanced queries/i);
  });

  it('answers INVALID_ARGUMENT for bad items, adding nothing', async () => {
    const reply = await addFolders([
      { folderId: 'fine', folderName: 'Fine' },
      { folderId: 'nameless' },
    ]);
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('data.folders[1].folderName');
    expectError(await addFolders([]), 400, 'INVALID_ARGUMENT');
    expect((await getFolders({})).some((f) => f.folderId === 'fine')).toBe(false);
  });

  it('adds a hundred nested folders in one request, and no more', async () => {
    const folders = Array.from({ length: 101 }, (_, i) => ({
      folderId: `bulk-${i}`,
      folderName: `Bulk ${i}`,
      ...(i % 10 !== 0 && { parentFolderId: `bulk-${i - 1}` }),
    }));
    const tooMany = expectError(await addFolders(folders), 400, 'INVALID_ARGUMENT');
    expect(tooMany).toContain('data.folders: ');

    const result = expectSuccess(await addFolders(folders.slice(0, 100)), 'folders.add') as Record<
      string,
      { success: boolean }
    >;
    expect(Object.values(result).filter((r) => r.success)).toHaveLength(100);
    const [chain] = await getFolders({ folderId: 'bulk-90', maxDepth: 20 });
    expect(chain?.subFolders?.[0]?.subFolders?.[0]?.ancestors).toEqual([
      'root',
      'bulk-90',
      'bulk-91',
    ]);
  });
});

/** `count` folders, each inside the one before: `prefix0` at the top. */
function chain(prefix: string, count: number, from = 0): Record<string, string>[] {
  return Array.from({ length: count }, (_, n) => {
    const i = from + n;
    return {
      folderId: `${prefix}${i}`,
      folderName: `Level ${i + 1}`,
      ...(i > 0 && { parentFolderId: `${prefix}${i - 1}` }),
    };
  });
}

/** How many levels of `subFolders` hang below `folder`, following the first child. */
function levelsBelow(folder: Folder | undefined): number {
  let levels = 0;
  for (let f = folder?.subFolders?.[0]; f; f = f.subFolders?.[0]) levels++;
  return levels;
}

describe('deep folders', () => {
  const MAX_FOLDER_DEPTH = 100;

  it('refuses a folder below the 100th level, keeping the rest of the request', async () => {
    expectSuccess(await addFolders(chain('c', 100)), 'folders.add');
    const reply = await addFolders(chain('c', 3, 100));
    const result = expectSuccess(reply, 'folders.add') as Record<
      string,
      { success: boolean; message: string }
    >;
    expect(result.c100).toEqual({
      success: false,
      id: 'c100',
      message: `Folders may nest at most ${MAX_FOLDER_DEPTH} levels; c99 is that deep.`,
    });
    expect(result.c101?.success).toBe(false);

    const flat = await getFolders({});
    const deepest = flat.find((f) => f.folderId === 'c99');
    expect(deepest?.ancestors).toHaveLength(MAX_FOLDER_DEPTH);
    expect(flat.some((f) => f.folderId === 'c100')).toBe(false);
  });

  it('answers any maxDepth, nesting as deep as the folders go', async () => {
    expectSuccess(await addFolders(chain('c', 100)), 'folders.add');
    const reply = await emu.call('/v2/organizations/folders/get', {
      organizationId: 'acme',
      maxDepth: 1_000_000,
    });
    expect(reply.status).toBe(200);
    const tops = expectSuccess(reply, 'folders.get') as Folder[];
    expect((reply.json as { result: { message: string } }).result.message).toBe(
      'Folders retrieved successfully.',
    );
    expect(levelsBelow(tops.find((f) => f.folderId === 'c0'))).toBe(MAX_FOLDER_DEPTH - 1);
  });

  it('answers a deeper chain from an older store, nesting 100 levels and saying so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-deep-folders-'));
    try {
      const first = await startEmulator({ dataDir, seed: basicFixture });
      const creds = seededWorkspaces(first).owner;
      await first.close();

      // Written straight to the database, as a store from before the limit could hold it.
      const db = openDatabase(join(dataDir, 'emulator.db'));
      const insert = db.prepare(
        `INSERT INTO folders (workspace_id, api_key_id, organization_id, id, name, parent_id,
           ancestors, access_type, inherit_access, created_at, last_updated)
         VALUES (?, ?, 'acme', ?, 'Deep', ?, ?, 'public', 1, 0, 0)`,
      );
      db.transaction(() => {
        const ancestors = ['root'];
        for (let i = 0; i < 3000; i++) {
          const parent = ancestors.at(-1) ?? 'root';
          insert.run(creds.workspaceId, creds.apiKey, `d${i}`, parent, JSON.stringify(ancestors));
          ancestors.push(`d${i}`);
        }
      })();
      db.close();

      const second = await startEmulator({ dataDir });
      try {
        const get = (data: Record<string, unknown>) =>
          post(
            second.url,
            '/v2/organizations/folders/get',
            { organizationId: 'acme', ...data },
            keyHeaders(creds),
          );
        for (const reply of [
          await get({ maxDepth: 1_000_000 }),
          await get({ folderId: 'd1000', maxDepth: 5000 }),
        ]) {
          const [top] = (expectSuccess(reply, 'folders.get') as Folder[]).filter((f) =>
            f.folderId.startsWith('d'),
          );
          expect(levelsBelow(top)).toBe(MAX_FOLDER_DEPTH);
          expect((reply.json as { result: { message: string } }).result.message).toBe(
            `Folders retrieved successfully. subFolders stop ${MAX_FOLDER_DEPTH} levels down, the most folders may nest.`,
          );
        }
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
