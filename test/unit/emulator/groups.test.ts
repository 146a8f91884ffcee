import { describe, expect, it } from 'vitest';
import { expectSuccess } from './helpers.js';
import { useEmulator } from './fixture.js';
import { basicFixture } from './seed.js';

/**
 * Operation 124 answers for each user on their own: svc reads the organization's users
 * before sending (src/cli/bulk-verify.ts), but a caller of the API gets the service's own
 * per-item refusal.
 */
describe('adding group members (op 124)', () => {
  const emu = useEmulator({ seed: basicFixture });

  it('refuses someone who is not a user of the organization on their own, adding the others', async () => {
    const added = expectSuccess(
      await emu.call('/v2/organizations/usergroups/users/add', {
        organizationId: 'acme',
        organizationUserGroupId: 'engineering',
        userIds: ['bob', 'mallory'],
      }),
      'groups.members.add',
    );
    expect(added).toMatchObject({
      bob: { success: true },
      mallory: { success: false, message: 'User mallory is not a user of organization acme.' },
    });
    const members = expectSuccess(
      await emu.call('/v2/users/get', {
        organizationId: 'acme',
        organizationUserGroupIds: ['engineering'],
      }),
      'users.get',
    ) as { userId: string }[];
    expect(members.map((user) => user.userId)).toContain('bob');
    expect(members.map((user) => user.userId)).not.toContain('mallory');
  });
});
