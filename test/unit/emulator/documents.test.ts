import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess } from './helpers.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

interface Doc {
  id: string;
  documentName?: string;
  disabled?: boolean;
  accessType?: string;
}

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK });

const getDocs = async (data: Record<string, unknown>): Promise<Doc[]> =>
  expectSuccess(
    await emu.call('/v1/organizations/documents/get', { organizationId: 'acme', ...data }),
    'documents.get',
  ) as Doc[];

const update = (documents: unknown) =>
  emu.call('/v1/organizations/documents/update', { organizationId: 'acme', documents });

const setDisabled = (documentIds: unknown, disabled: unknown) =>
  emu.call('/v1/organizations/documents/access/disablestate/update', {
    organizationId: 'acme',
    documentIds,
    disabled,
  });

describe('documents get (op 9)', () => {
  it('lists every document of the organization with its access type in effect', async () => {
    expect(await getDocs({})).toEqual([
      { id: 'welcome', documentName: 'Welcome', disabled: false, accessType: 'public' },
      {
        id: 'staff-list',
        documentName: 'Staff list',
        disabled: false,
        accessType: 'organizationPrivate',
      },
      { id: 'plan', documentName: 'Plan', disabled: false, accessType: 'restricted' },
      {
        id: 'roadmap',
        documentName: 'Roadmap',
        disabled: false,
        accessType: 'organizationPrivate',
      },
      { id: 'notes', documentName: 'Notes', disabled: false, accessType: 'public' },
      { id: 'contract', documentName: 'Contract', disabled: false, accessType: 'restricted' },
      { id: 'archived', documentName: 'Archived', disabled: true, accessType: 'public' },
    ]);
  });

  it('returns the given documents in the order asked, leaving out unknown ids', async () => {
    const docs = await getDocs({ documentIds: ['notes', 'ghost', 'plan', 'notes'] });
    expect(docs.map((d) => d.id)).toEqual(['notes', 'plan']);
    expect(await getDocs({ organizationId: 'initech' })).toEqual([]);
  });

  it('answers INVALID_ARGUMENT for more than 30 ids', async () => {
    const documentIds = Array.from({ length: 31 }, (_, i) => `d${i}`);
    const reply = await emu.call('/v1/organizations/documents/get', {
      organizationId: 'acme',
      documentIds,
    });
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('data.documentIds');
  });
});

describe('documents update (op 10)', () => {
  it('renames each document, failing an unknown one only', async () => {
    const reply = await update([
      { documentId: 'notes', documentName: 'Meeting notes' },
      { documentId: 'ghost', documentName: 'Boo' },
    ]);
    expect(expectSuccess(reply, 'documents.update')).toEqual({
      notes: { success: true, id: 'notes', message: expect.any(String) as string },
      ghost: {
        success: false,
        id: 'ghost',
        code: 'not-found',
        message: expect.stringMatching(/does not exist/),
      },
    });
    expect(await getDocs({ documentIds: ['notes'] })).toEqual([
      expect.objectContaining({ documentName: 'Meeting notes' }),
    ]);
  });

  it('answers INVALID_ARGUMENT for an empty name', async () => {
    const reply = await update([{ documentId: 'notes', documentName: '' }]);
    expect(expectError(reply, 400, 'INVALID_ARGUMENT')).toContain('data.documents[0].documentName');
  });
});

describe('documents disable state (op 11)', () => {
  it('disables and enables documents, failing an unknown one only', async () => {
    const off = await setDisabled(['notes', 'ghost'], true);
    expect(expectSuccess(off, 'documents.setDisabled')).toEqual({
      notes: { success: true, disabled: true, message: expect.any(String) as string },
      ghost: { success: false, message: expect.stringMatching(/does not exist/) },
    });
    const perms = await emu.call('/v2/auth/permissions/get', {
      organizationId: 'acme',
      userIds: ['alice'],
      documentIds: ['notes'],
    });
    expect(perms.json).toMatchObject({
      result: { data: { alice: { documents: { notes: { errorCode: 'permission_denied' } } } } },
    });

    const on = await setDisabled(['notes'], false);
    expect(expectSuccess(on, 'documents.setDisabled')).toMatchObject({
      notes: { success: true, disabled: false },
    });
    expect(await getDocs({ documentIds: ['notes'] })).toEqual([
      expect.objectContaining({ disabled: false }),
    ]);
  });

  it('answers INVALID_ARGUMENT without the disabled flag', async () => {
    expect(expectError(await setDisabled(['notes'], 'yes'), 400, 'INVALID_ARGUMENT')).toContain(
      'data.disabled',
    );
  });
});
