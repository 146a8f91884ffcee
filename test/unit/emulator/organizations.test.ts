import { describe, expect, it } from 'vitest';
import { type SeededWorkspace } from '../../../src/emulator/server.js';
import { expectError, expectSuccess } from './helpers.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK });

const rename = (as: SeededWorkspace, organizations: unknown) =>
  emu.callAs(as)('/v2/organizations/update', { organizations });
const setDisabled = (as: SeededWorkspace, organizationIds: unknown, disabled: unknown) =>
  emu.callAs(as)('/v1/organizations/access/disablestate/update', {
    organizationIds,
    disabled,
  });

async function orgEntry(as: SeededWorkspace, userId: string): Promise<unknown> {
  const reply = await emu.callAs(as)('/v2/auth/permissions/get', {
    organizationId: 'acme',
    userIds: [userId],
  });
  const data = expectSuccess(reply, 'permissions.get') as Record<
    string,
    { organization: Record<string, unknown> }
  >;
  return data[userId]?.organization.acme;
}

describe('organizations update (op 12)', () => {
  it('renames each organization, failing an unknown one only', async () => {
    const reply = await rename(emu.owner, [
      { organizationId: 'acme', organizationName: 'Acme Corp' },
      { organizationId: 'initech', organizationName: 'Initech' },
    ]);
    expect(expectSuccess(reply, 'organizations.update')).toEqual({
      acme: { success: true, id: 'acme', message: expect.any(String) as string },
      initech: { success: false, id: 'initech', message: expect.stringMatching(/does not exist/) },
    });
  });

  it('answers INVALID_ARGUMENT for an item without a name', async () => {
    const reply = await rename(emu.owner, [{ organizationId: 'acme' }]);
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain(
      'data.organizations[0].organizationName',
    );
  });
});

describe('organizations disable state (op 13)', () => {
  it('disables an organization, switching access off for all users, and enables it again', async () => {
    expect(await orgEntry(emu.owner, 'alice')).toEqual({ accessRole: 'editor' });
    const off = await setDisabled(emu.owner, ['acme', 'initech'], true);
    expect(expectSuccess(off, 'organizations.setDisabled')).toEqual({
      acme: { success: true, id: 'acme', message: expect.any(String) as string },
      initech: { success: false, id: 'initech', message: expect.stringMatching(/does not exist/) },
    });
    expect(await orgEntry(emu.owner, 'alice')).toMatchObject({ errorCode: 'permission_denied' });
    const doc = await emu.call('/v2/auth/permissions/get', {
      organizationId: 'acme',
      userIds: ['erin'],
      documentIds: ['notes'],
    });
    expect(doc.json).toMatchObject({
      result: {
        data: {
          erin: { documents: { notes: { errorCode: 'permission_denied', accessType: 'public' } } },
        },
      },
    });

    const on = await setDisabled(emu.owner, ['acme'], false);
    expect(expectSuccess(on, 'organizations.setDisabled')).toMatchObject({
      acme: { success: true },
    });
    expect(await orgEntry(emu.owner, 'alice')).toEqual({ accessRole: 'editor' });
  });

  it('answers INVALID_ARGUMENT for an empty list', async () => {
    expect(expectError(await setDisabled(emu.owner, [], true), 400, 'INVALID_ARGUMENT')).toContain(
      'data.organizationIds',
    );
  });
});

describe('isolation between workspaces', () => {
  it("cannot read or change another workspace's organization of the same id", async () => {
    // The rival's own "acme" is a different organization, with no documents or folders.
    const docs = await emu.callAs(emu.rival)('/v1/organizations/documents/get', {
      organizationId: 'acme',
    });
    expect(expectSuccess(docs, 'documents.get')).toEqual([]);
    const folders = await emu.callAs(emu.rival)('/v2/organizations/folders/get', {
      organizationId: 'acme',
    });
    expect(expectSuccess(folders, 'folders.get')).toEqual([]);

    expectSuccess(
      await rename(emu.rival, [{ organizationId: 'acme', organizationName: 'Mine' }]),
      'organizations.update',
    );
    expectSuccess(await setDisabled(emu.rival, ['acme'], true), 'organizations.setDisabled');
    const globex = await setDisabled(emu.rival, ['globex'], false);
    expect(expectSuccess(globex, 'organizations.setDisabled')).toMatchObject({
      globex: { success: false },
    });
    const update = await emu.callAs(emu.rival)('/v1/organizations/documents/update', {
      organizationId: 'acme',
      documents: [{ documentId: 'notes', documentName: 'Stolen' }],
    });
    expect(expectSuccess(update, 'documents.update')).toMatchObject({ notes: { success: false } });

    // The owner's organization is untouched.
    expect(await orgEntry(emu.owner, 'alice')).toEqual({ accessRole: 'editor' });
    const mine = await emu.call('/v1/organizations/documents/get', {
      organizationId: 'acme',
      documentIds: ['notes'],
    });
    expect(expectSuccess(mine, 'documents.get')).toEqual([
      expect.objectContaining({ documentName: 'Notes' }),
    ]);
  });
});
