import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess, type Reply } from './helpers.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

interface Entry {
  accessRole?: string;
  accessType?: string;
  expiresAt?: number;
  error?: string;
  errorCode?: string;
}
interface UserPermissions {
  folders: Record<string, Entry>;
  documents: Record<string, Entry>;
  organization: Record<string, Entry>;
  context?: { accessFields: string[] };
}
type Permissions = Record<string, UserPermissions>;

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK });
const ask = (data: unknown): Promise<Reply> => emu.call('/v2/auth/permissions/get', data);

async function permissions(data: {
  organizationId?: string;
  userIds: string[];
  folderIds?: string[];
  documentIds?: string[];
}): Promise<Permissions> {
  const reply = await ask({ organizationId: 'acme', ...data });
  return expectSuccess(reply, 'permissions.get') as Permissions;
}

/** The entry of one user on one document. */
async function onDocument(userId: string, documentId: string): Promise<Entry | undefined> {
  const data = await permissions({ userIds: [userId], documentIds: [documentId] });
  return data[userId]?.documents[documentId];
}

const denied = (accessType?: string) => ({
  error: expect.any(String) as string,
  errorCode: 'permission_denied',
  ...(accessType !== undefined && { accessType }),
});

describe('permissions get (op 6)', () => {
  it('answers every user with folders, documents and the organization', async () => {
    const data = await permissions({
      userIds: ['alice', 'erin'],
      folderIds: ['handbook'],
      documentIds: ['notes'],
    });
    expect(data).toEqual({
      alice: {
        folders: { handbook: { accessRole: 'editor', accessType: 'public' } },
        documents: { notes: { accessRole: 'editor', accessType: 'public' } },
        organization: { acme: { accessRole: 'editor' } },
        context: { accessFields: ['region:eu'] },
      },
      erin: {
        folders: { handbook: { accessRole: 'editor', accessType: 'public' } },
        documents: { notes: { accessRole: 'editor', accessType: 'public' } },
        organization: { acme: denied() },
      },
    });
  });

  it('gives a public resource to anyone, with the role of their grant', async () => {
    expect(await onDocument('erin', 'notes')).toEqual({
      accessRole: 'editor',
      accessType: 'public',
    });
    expect(await onDocument('bob', 'notes')).toEqual({
      accessRole: 'viewer',
      accessType: 'public',
    });
  });

  it('gives an organizationPrivate resource to members only', async () => {
    expect(await onDocument('carol', 'staff-list')).toEqual({
      accessRole: 'editor',
      accessType: 'organizationPrivate',
    });
    expect(await onDocument('erin', 'staff-list')).toEqual(denied('organizationPrivate'));
    // A grant on another document does not make a user a member.
    expect(await onDocument('dave', 'staff-list')).toEqual(denied('organizationPrivate'));
  });

  it('gives a restricted resource to explicitly granted users only', async () => {
    const data = await permissions({ userIds: ['alice', 'carol'], folderIds: ['secret'] });
    expect(data.alice?.folders.secret).toEqual({ accessRole: 'editor', accessType: 'restricted' });
    expect(data.carol?.folders.secret).toEqual(denied('restricted'));
  });

  it('lets folders and documents inherit the access type and grants of their folder', async () => {
    const data = await permissions({
      userIds: ['alice', 'dave', 'carol'],
      folderIds: ['policies', 'secret-drafts'],
      documentIds: ['plan', 'welcome'],
    });
    expect(data.alice?.folders).toEqual({
      policies: { accessRole: 'editor', accessType: 'public' },
      'secret-drafts': { accessRole: 'editor', accessType: 'restricted' },
    });
    expect(data.alice?.documents).toEqual({
      plan: { accessRole: 'editor', accessType: 'restricted' },
      welcome: { accessRole: 'editor', accessType: 'public' },
    });
    expect(data.dave?.documents.plan).toEqual({ accessRole: 'viewer', accessType: 'restricted' });
    expect(data.carol?.documents.plan).toEqual(denied('restricted'));
    expect(data.carol?.folders['secret-drafts']).toEqual(denied('restricted'));
  });

  it("lets a document's or folder's own access type win over its folder's", async () => {
    const data = await permissions({
      userIds: ['carol', 'erin'],
      folderIds: ['secret-press'],
      documentIds: ['roadmap'],
    });
    expect(data.carol?.documents.roadmap).toEqual({
      accessRole: 'editor',
      accessType: 'organizationPrivate',
    });
    expect(data.erin?.documents.roadmap).toEqual(denied('organizationPrivate'));
    expect(data.erin?.folders['secret-press']).toEqual({
      accessRole: 'editor',
      accessType: 'public',
    });
  });

  it('reports expiresAt for a live temporary grant and ignores an expired one', async () => {
    expect(await onDocument('carol', 'contract')).toEqual({
      accessRole: 'viewer',
      accessType: 'restricted',
      expiresAt: 4_102_444_800,
    });
    expect(await onDocument('bob', 'contract')).toEqual(denied('restricted'));

    emu.clock = 4_102_444_800_000;
    expect((await onDocument('carol', 'contract'))?.accessRole).toBe('viewer');
    emu.clock = 4_102_444_801_000;
    expect(await onDocument('carol', 'contract')).toEqual(denied('restricted'));
  });

  it('grants nothing on a disabled document', async () => {
    const entry = await onDocument('alice', 'archived');
    expect(entry).toEqual(denied('public'));
    expect(entry?.error).toMatch(/disabled/);
  });

  it('grants nothing in a disabled organization; folders only when asked about', async () => {
    const data = await permissions({
      organizationId: 'globex',
      userIds: ['alice'],
      documentIds: ['deck'],
    });
    expect(data.alice).toEqual({
      documents: { deck: denied('public') },
      organization: { globex: denied() },
    });
  });

  it('leaves folders out of NOT_FOUND details when none were asked about', async () => {
    const reply = await ask({ organizationId: 'acme', userIds: ['alice'], documentIds: ['ghost'] });
    expectError(reply, 404, 'NOT_FOUND');
    const { details } = (reply.json as { error: { details: Permissions } }).error;
    expect(details.alice).not.toHaveProperty('folders');
    expect(details.alice?.documents?.ghost).toMatchObject({ errorCode: 'does_not_exist' });
  });

  it('answers NOT_FOUND with per-user details for a missing document or folder', async () => {
    const reply = await ask({
      organizationId: 'acme',
      userIds: ['alice'],
      folderIds: ['handbook'],
      documentIds: ['notes', 'ghost'],
    });
    const message = expectError(reply, 404, 'NOT_FOUND');
    expect(message).toContain('ghost');
    const { details } = (reply.json as { error: { details: Permissions } }).error;
    expect(details.alice?.documents).toEqual({
      notes: { accessRole: 'editor', accessType: 'public' },
      ghost: { error: expect.any(String) as string, errorCode: 'does_not_exist' },
    });
    expect(details.alice?.folders.handbook).toEqual({ accessRole: 'editor', accessType: 'public' });

    const folder = await ask({ organizationId: 'acme', userIds: ['bob'], folderIds: ['nope'] });
    expect(expectError(folder, 404, 'NOT_FOUND')).toContain('Folder nope');
  });

  it('reports an unknown organization inside success as does_not_exist', async () => {
    const data = await permissions({ organizationId: 'initech', userIds: ['alice'] });
    expect(data.alice?.organization).toEqual({
      initech: { error: expect.any(String) as string, errorCode: 'does_not_exist' },
    });
  });

  it('returns context.accessFields only for users whose grants carry them', async () => {
    const data = await permissions({ userIds: ['alice', 'bob'], documentIds: ['plan'] });
    expect(data.alice?.context).toEqual({ accessFields: ['region:eu'] });
    expect(data.bob).not.toHaveProperty('context');
  });

  it('answers INVALID_ARGUMENT for bad arguments', async () => {
    const noUsers = await ask({ organizationId: 'acme', userIds: [] });
    expect(expectError(noUsers, 400, 'INVALID_ARGUMENT')).toContain('data.userIds');
    const badIds = await ask({ organizationId: 'acme', userIds: ['alice'], documentIds: 'x' });
    expect(expectError(badIds, 400, 'INVALID_ARGUMENT')).toContain('data.documentIds');
  });

  it("cannot see another workspace's organization of the same id", async () => {
    const rival = emu.callAs(emu.rival);
    const reply = await rival('/v2/auth/permissions/get', {
      organizationId: 'acme',
      userIds: ['alice'],
      documentIds: ['notes'],
    });
    expectError(reply, 404, 'NOT_FOUND');
  });
});
