import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EmulatorError,
  type SeededWorkspace,
  startEmulator,
} from '../../../src/emulator/server.js';
import {
  createWorkspace,
  expectError,
  expectSuccess,
  keyHeaders,
  post,
  request,
  workspaceHeaders,
} from './helpers.js';
import { basicFixture, callAs, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-fixtures-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fixtureFile(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

/** A one-organization fixture whose organization is `org`, to break one field at a time. */
const withOrg = (org: Record<string, unknown>) => ({
  workspaces: [{ ownerEmail: 'bad@example.com', organizations: [{ id: 'o', ...org }] }],
});

describe('startEmulator({ seed })', () => {
  it('seeds the workspaces of the file and answers their credentials', async () => {
    const emulator = await startEmulator({ seed: basicFixture, now: () => SEED_CLOCK });
    try {
      expect(emulator.seeded.map((s) => s.ownerEmail)).toEqual([
        'owner@example.com',
        'rival@example.com',
      ]);
      const [owner] = emulator.seeded;
      if (!owner) throw new Error('no seeded workspace');
      const tokens = await post(
        emulator.url,
        '/v2/workspace/authtokens/get',
        { apiKey: owner.apiKey },
        workspaceHeaders(owner),
      );
      expect(expectSuccess(tokens, 'workspace.authTokens')).toMatchObject({
        authTokens: [{ token: owner.authToken }],
      });
      const docs = await callAs(emulator, owner)('/v1/organizations/documents/get', {
        organizationId: 'globex',
      });
      expect(expectSuccess(docs, 'documents.get')).toEqual([
        { id: 'deck', documentName: 'Deck', disabled: false, accessType: 'public' },
      ]);
    } finally {
      await emulator.close();
    }
  });

  it('finds the workspace of a data directory again instead of creating a second one', async () => {
    const dataDir = join(dir, 'data');
    const first = await startEmulator({ dataDir, seed: basicFixture });
    const before = first.seeded;
    await first.close();
    const second = await startEmulator({ dataDir, seed: basicFixture });
    try {
      expect(second.seeded).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it.each([
    [
      'an unknown member',
      withOrg({ folders: [{ id: 'f', name: 'F', colour: 'red' }] }),
      'workspaces[0].organizations[0].folders[0]',
    ],
    [
      'a bad access type',
      withOrg({ documents: [{ id: 'd', accessType: 'secret' }] }),
      'workspaces[0].organizations[0].documents[0].accessType',
    ],
    [
      'a group member who is not a user of the organization',
      withOrg({ users: [{ id: 'u' }], groups: [{ id: 'g', name: 'G', members: ['u', 'zz'] }] }),
      'workspaces[0].organizations[0].groups[0].members[1]',
    ],
    [
      'a parent that is not a folder of the organization',
      withOrg({
        folders: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B', parentId: 'zz' },
        ],
      }),
      'workspaces[0].organizations[0].folders[1].parentId',
    ],
    [
      'a parent chain that loops',
      withOrg({
        folders: [
          { id: 'a', name: 'A', parentId: 'b' },
          { id: 'b', name: 'B', parentId: 'a' },
        ],
      }),
      'workspaces[0].organizations[0].folders[0].parentId',
    ],
    [
      'a parent chain deeper than folders may nest',
      withOrg({
        folders: Array.from({ length: 101 }, (_, i) => ({
          id: `f${i}`,
          name: 'F',
          ...(i > 0 && { parentId: `f${i - 1}` }),
        })),
      }),
      'workspaces[0].organizations[0].folders[100].parentId',
    ],
    [
      'a document in an unknown folder',
      withOrg({ documents: [{ id: 'd', folderId: 'nope' }] }),
      'workspaces[0].organizations[0].documents[0].folderId',
    ],
    [
      'a duplicate document id',
      withOrg({ documents: [{ id: 'd' }, { id: 'd' }] }),
      'workspaces[0].organizations[0].documents[1].id',
    ],
    [
      'a grant with two targets',
      withOrg({
        documents: [{ id: 'd' }],
        grants: [{ userId: 'u', organization: 'o', document: 'd' }],
      }),
      'workspaces[0].organizations[0].grants[0]',
    ],
    [
      'a grant on an unknown document',
      withOrg({ grants: [{ userId: 'u', document: 'ghost' }] }),
      'workspaces[0].organizations[0].grants[0].document',
    ],
    [
      'expiresAt in milliseconds',
      withOrg({ grants: [{ userId: 'u', organization: 'o', expiresAt: 4_102_444_800_000 }] }),
      'workspaces[0].organizations[0].grants[0].expiresAt',
    ],
    [
      'a bad access field',
      withOrg({ grants: [{ userId: 'u', organization: 'o', accessFields: ['eu'] }] }),
      'workspaces[0].organizations[0].grants[0].accessFields[0]',
    ],
    [
      'a console option that is not a boolean',
      { workspaces: [{ ownerEmail: 'bad@example.com', consoleOptions: { advancedQueries: 1 } }] },
      'workspaces[0].consoleOptions.advancedQueries',
    ],
    ['no workspaces member', {}, 'workspaces'],
  ])('fails to start on %s, naming the file and the field', async (_case, content, field) => {
    const path = fixtureFile('bad.json', content);
    const started = startEmulator({ seed: path });
    await expect(started).rejects.toBeInstanceOf(EmulatorError);
    await expect(started).rejects.toThrow(`Invalid fixture ${path}: ${field}:`);
  });

  it('fails to start on a missing file or one that is not JSON', async () => {
    await expect(startEmulator({ seed: join(dir, 'missing.json') })).rejects.toThrow(
      /Cannot read seed file .*missing\.json/,
    );
    const path = fixtureFile('broken.json', '{ "workspaces": [');
    await expect(startEmulator({ seed: path })).rejects.toThrow(/broken\.json is not valid JSON/);
  });
});

describe('POST /_emulator/seed', () => {
  const emu = useEmulator({ clock: SEED_CLOCK });

  const seed = (body: unknown) =>
    request(`${emu.url}/_emulator/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const small = {
    workspaces: [
      {
        ownerEmail: 'seeded@example.com',
        consoleOptions: { advancedQueries: true },
        organizations: [{ id: 'o', documents: [{ id: 'd', name: 'Original' }] }],
      },
    ],
  };

  it('loads a fixture and answers the credentials of each workspace', async () => {
    const reply = await seed(small);
    expect(reply.status).toBe(200);
    const { workspaces } = reply.json as { workspaces: SeededWorkspace[] };
    expect(workspaces).toEqual([
      {
        ownerEmail: 'seeded@example.com',
        workspaceId: expect.any(String) as string,
        workspaceToken: expect.any(String) as string,
        apiKey: expect.any(String) as string,
        authToken: expect.any(String) as string,
      },
    ]);
    const [creds] = workspaces;
    if (!creds) throw new Error('no credentials');
    const docs = await post(
      emu.url,
      '/v1/organizations/documents/get',
      { organizationId: 'o' },
      keyHeaders(creds),
    );
    expect(expectSuccess(docs, 'documents.get')).toEqual([
      { id: 'd', documentName: 'Original', disabled: false, accessType: 'public' },
    ]);
  });

  it("seeds a group's members, which the read of users then lists", async () => {
    const reply = await seed({
      workspaces: [
        {
          ownerEmail: 'members@example.com',
          consoleOptions: { advancedQueries: true },
          organizations: [
            {
              id: 'o',
              users: [{ id: 'u1' }, { id: 'u2' }, { id: 'u3' }],
              groups: [{ id: 'g', name: 'G', members: ['u1', 'u3'] }],
            },
          ],
        },
      ],
    });
    const [creds] = (reply.json as { workspaces: SeededWorkspace[] }).workspaces;
    if (!creds) throw new Error('no credentials');
    const listed = await post(
      emu.url,
      '/v2/users/get',
      { organizationId: 'o', organizationUserGroupIds: ['g'] },
      keyHeaders(creds),
    );
    expect(expectSuccess(listed, 'users.get')).toEqual([{ userId: 'u1' }, { userId: 'u3' }]);
  });

  it('seeds an existing workspace under its first key, replacing the organizations it names', async () => {
    const existing = await createWorkspace(emu.url, 'seeded@example.com');
    const first = ((await seed(small)).json as { workspaces: SeededWorkspace[] }).workspaces[0];
    expect(first).toMatchObject({ workspaceId: existing.workspaceId, apiKey: existing.apiKey });

    const call = emu.callAs(existing);
    await call('/v1/organizations/documents/update', {
      organizationId: 'o',
      documents: [{ documentId: 'd', documentName: 'Changed' }],
    });
    await call('/v1/organizations/folders/add', {
      organizationId: 'o',
      folders: [{ folderId: 'f', folderName: 'F' }],
    });
    await call('/v1/organizations/usergroups/add', {
      organizationId: 'other',
      organizationUserGroups: [{ groupId: 'g', groupName: 'G' }],
    });

    expect((await seed(small)).status).toBe(200);
    const docs = await call('/v1/organizations/documents/get', { organizationId: 'o' });
    expect(expectSuccess(docs, 'documents.get')).toEqual([
      expect.objectContaining({ documentName: 'Original' }),
    ]);
    const folders = await call('/v2/organizations/folders/get', { organizationId: 'o' });
    expect(expectSuccess(folders, 'folders.get')).toEqual([]);
    // An organization the fixture does not name is left alone: its group is still there, so
    // another group with that id is refused.
    const groups = await call('/v1/organizations/usergroups/add', {
      organizationId: 'other',
      organizationUserGroups: [{ groupId: 'g', groupName: 'Another G' }],
    });
    expect(expectSuccess(groups, 'groups.add')).toMatchObject({ g: { success: false } });
  });

  it('answers INVALID_ARGUMENT naming the bad field, and applies nothing', async () => {
    const reply = await seed(withOrg({ folders: [{ id: 'root', name: 'Root' }] }));
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain(
      'workspaces[0].organizations[0].folders[0].id',
    );
    expectError(await seed('{ nope'), 400, 'INVALID_ARGUMENT');
    expectError(await request(`${emu.url}/_emulator/seed`), 400, 'INVALID_ARGUMENT');

    // A workspace the service itself refuses undoes the whole fixture.
    const refused = await seed({
      workspaces: [...small.workspaces, { ownerEmail: 'x@mailinator.com' }],
    });
    expect(expectError(refused, 400, 'INVALID_ARGUMENT')).toMatch(/disposable/);
    expectError(
      await post(emu.url, '/v2/workspace/email/status', { ownerEmail: 'seeded@example.com' }),
      404,
      'NOT_FOUND',
    );
  });
});
