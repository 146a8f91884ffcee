import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess } from './helpers.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

interface Entry {
  accessRole?: string;
  errorCode?: string;
}

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK });

const remove = (data: Record<string, unknown>) =>
  emu.call('/v1/users/delete', { organizationId: 'acme', ...data });

/** One user's entries: the organization's, then each document's. */
async function access(userId: string, documentIds: string[]): Promise<Entry[]> {
  const reply = await emu.call('/v2/auth/permissions/get', {
    organizationId: 'acme',
    userIds: [userId],
    documentIds,
  });
  const data = expectSuccess(reply, 'permissions.get') as Record<
    string,
    { organization: Record<string, Entry>; documents: Record<string, Entry> }
  >;
  const user = data[userId];
  return [user?.organization.acme ?? {}, ...documentIds.map((id) => user?.documents[id] ?? {})];
}

const allowed = (role = 'editor') => expect.objectContaining({ accessRole: role }) as Entry;
const denied = expect.objectContaining({ errorCode: 'permission_denied' }) as Entry;

describe('user groups add (op 14)', () => {
  const add = (organizationUserGroups: unknown, organizationId = 'acme') =>
    emu.call('/v1/organizations/usergroups/add', { organizationId, organizationUserGroups });

  it('adds each group, failing a duplicate id only', async () => {
    const reply = await add([
      { groupId: 'design', groupName: 'Design' },
      { groupId: 'engineering', groupName: 'Engineering again' },
    ]);
    expect(expectSuccess(reply, 'groups.add')).toEqual({
      design: { success: true, id: 'design', message: expect.any(String) as string },
      engineering: {
        success: false,
        id: 'engineering',
        message: expect.stringMatching(/already exists/) as string,
      },
    });
    // The same group again (a resent request) is done; another name for its id is not.
    const again = await add([{ groupId: 'design', groupName: 'Design' }]);
    expect(expectSuccess(again, 'groups.add')).toMatchObject({ design: { success: true } });
    const renamed = await add([{ groupId: 'design', groupName: 'Product design' }]);
    expect(expectSuccess(renamed, 'groups.add')).toMatchObject({ design: { success: false } });
  });

  it('creates the organization when it does not exist yet', async () => {
    const reply = await add([{ groupId: 'ops', groupName: 'Ops' }], 'initech');
    expect(expectSuccess(reply, 'groups.add')).toMatchObject({ ops: { success: true } });
    const rename = await emu.call('/v2/organizations/update', {
      organizations: [{ organizationId: 'initech', organizationName: 'Initech' }],
    });
    expect(expectSuccess(rename, 'organizations.update')).toMatchObject({
      initech: { success: true },
    });
  });

  it('answers INVALID_ARGUMENT for a group without a name', async () => {
    expect(expectError(await add([{ groupId: 'x' }]), 400, 'INVALID_ARGUMENT')).toContain(
      'data.organizationUserGroups[0].groupName',
    );
  });
});

describe('users delete (op 15)', () => {
  it('takes a user out of the organization: membership and every grant in it', async () => {
    expect(await access('alice', ['staff-list', 'plan', 'notes'])).toEqual([
      allowed(),
      allowed(),
      allowed(),
      allowed(),
    ]);
    const reply = await remove({ userIds: ['alice', 'zed'] });
    expect(expectSuccess(reply, 'users.remove')).toEqual({
      alice: { success: true, message: expect.any(String) as string },
      zed: { success: false, message: expect.stringMatching(/does not exist/) as string },
    });
    // Public documents stay open to anyone; nothing else is left.
    expect(await access('alice', ['staff-list', 'plan', 'notes'])).toEqual([
      denied,
      denied,
      denied,
      allowed(),
    ]);
    const again = await remove({ userIds: ['alice'] });
    expect(expectSuccess(again, 'users.remove')).toMatchObject({ alice: { success: false } });
  });

  it('takes a user off one document', async () => {
    expect(await access('dave', ['plan'])).toEqual([denied, allowed('viewer')]);
    const reply = await remove({ documentId: 'plan', userIds: ['dave', 'zed'] });
    expect(expectSuccess(reply, 'users.remove')).toEqual({
      dave: { success: true, message: expect.any(String) as string },
      zed: { success: false, message: expect.stringMatching(/does not exist/) as string },
    });
    expect(await access('dave', ['plan'])).toEqual([denied, denied]);
  });

  it('takes a user off one folder, leaving the membership', async () => {
    const reply = await remove({ folderId: 'secret', userIds: ['alice'] });
    expect(expectSuccess(reply, 'users.remove')).toMatchObject({ alice: { success: true } });
    expect(await access('alice', ['plan', 'staff-list'])).toEqual([allowed(), denied, allowed()]);
  });

  it('fails every item for a document that does not exist', async () => {
    const reply = await remove({ documentId: 'ghost', userIds: ['alice', 'bob'] });
    const result = expectSuccess(reply, 'users.remove') as Record<string, { success: boolean }>;
    expect(result).toEqual({
      alice: { success: false, message: expect.stringMatching(/ghost does not exist/) as string },
      bob: { success: false, message: expect.stringMatching(/ghost does not exist/) as string },
    });
  });

  it('answers INVALID_ARGUMENT for both documentId and folderId, or no users', async () => {
    const both = await remove({ documentId: 'plan', folderId: 'secret', userIds: ['alice'] });
    expectError(both, 400, 'INVALID_ARGUMENT');
    expect(expectError(await remove({ userIds: [] }), 400, 'INVALID_ARGUMENT')).toContain(
      'data.userIds',
    );
  });
});
