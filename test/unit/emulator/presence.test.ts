import { describe, expect, it } from 'vitest';
import { adminGet, adminRead } from './collab.js';
import { expectError, expectSuccess } from './helpers.js';
import { migrationStatus, startMigration } from './jobs.js';
import { basicFixture, SEED_CLOCK } from './seed.js';
import { useEmulator } from './fixture.js';

const emu = useEmulator({ seed: basicFixture, clock: SEED_CLOCK, jobDelay: 0 });

const alice = { userId: 'alice', name: 'Alice', email: 'alice@example.com', status: 'online' };
const bob = { userId: 'bob', name: 'Bob', status: 'away' };

function addPresence(users: unknown[], documentId = 'plan', organizationId = 'acme') {
  return emu.call('/v2/presence/add', { organizationId, documentId, users });
}

async function presence(documentId = 'plan', ws = emu.owner.workspaceId): Promise<unknown[]> {
  const params = { workspaceId: ws, organizationId: 'acme', documentId };
  return (await adminRead<{ users: unknown[] }>(emu.url, 'presence', params)).users;
}

describe('presence add', () => {
  it('adds the users with their status to the document’s presence list', async () => {
    const reply = await addPresence([alice, bob]);
    expect(expectSuccess(reply, 'presence.add')).toEqual({ success: true });
    expect(await presence()).toEqual([alice, bob]);
    expect(await presence('notes')).toEqual([]);
  });

  it('replaces a user’s entry when they are added again, keeping their place', async () => {
    await addPresence([alice, bob]);
    const away = { userId: 'alice', name: 'Alice', status: 'away' };
    expectSuccess(await addPresence([away]), 'presence.add');
    expect(await presence()).toEqual([away, bob]);
  });

  it('keeps the later entry of a user listed twice in one call', async () => {
    await addPresence([alice, { ...alice, status: 'offline' }]);
    expect(await presence()).toEqual([{ ...alice, status: 'offline' }]);
  });

  it('refuses users without a userId, and an empty list', async () => {
    expect(expectError(await addPresence([{ name: 'X' }]), 400, 'INVALID_ARGUMENT')).toContain(
      'data.users[0].userId',
    );
    expectError(await addPresence([]), 400, 'INVALID_ARGUMENT');
    expect(await presence()).toEqual([]);
  });

  it('keeps each workspace’s lists apart', async () => {
    await addPresence([alice]);
    const { rival } = emu;
    const asRival = emu.callAs(rival);
    await asRival('/v2/presence/add', { organizationId: 'acme', documentId: 'plan', users: [bob] });
    expect(await presence()).toEqual([alice]);
    expect(await presence('plan', rival.workspaceId)).toEqual([bob]);
  });

  it('is read by an admin emu.call that checks its query', async () => {
    const missing = await adminGet(emu.url, 'presence', {
      workspaceId: emu.owner.workspaceId,
      organizationId: 'acme',
    });
    expect(expectError(missing, 400, 'INVALID_ARGUMENT')).toContain('documentId');
    const unknown = await adminGet(emu.url, 'presence', {
      workspaceId: 'no-such-workspace',
      organizationId: 'acme',
      documentId: 'plan',
    });
    expectError(unknown, 404, 'NOT_FOUND');
  });
});

describe('a presence list', () => {
  it('moves with its document when it is migrated', async () => {
    await addPresence([alice, bob]);
    const migrationId = await startMigration(emu.call, 'plan', 'plan-2');
    expect(await migrationStatus(emu.call, migrationId)).toMatchObject({ status: 'completed' });
    expect(await presence('plan')).toEqual([]);
    expect(await presence('plan-2')).toEqual([alice, bob]);
  });

  it('loses the entries of a user whose data is deleted', async () => {
    await addPresence([alice, bob]);
    await addPresence([alice], 'notes');
    expectSuccess(await emu.call('/v1/users/data/delete', { userIds: ['alice'] }), 'users.purge');
    expect(await presence('plan')).toEqual([bob]);
    expect(await presence('notes')).toEqual([]);
  });
});
