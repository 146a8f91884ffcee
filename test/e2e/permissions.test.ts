import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * Granting and revoking (operations 126 and 127), seen through the read of permissions: the
 * plan sits in the restricted folder `secret`, where carol (a member of acme, with no grant
 * there) has no access until one is granted.
 */
const emulator = useEmulator();

interface Entry {
  accessRole?: string;
  expiresAt?: number;
  errorCode?: string;
}

async function planEntryOf(user: string): Promise<Entry | undefined> {
  const read = await svc(
    ['permissions', 'get', '--org', 'acme', '--user', user, '--doc', 'plan', '--json'],
    emulator.env,
  );
  expect(read.exitCode, read.stderr).toBe(0);
  return (JSON.parse(read.stdout) as Record<string, { documents: Record<string, Entry> }>)[user]
    ?.documents.plan;
}

describe('svc permissions grant and revoke', () => {
  it('grant gives access with its role and end; revoke takes it away at once', async () => {
    expect(await planEntryOf('carol')).toMatchObject({ errorCode: 'permission_denied' });

    const granted = await svc(
      [
        ...['permissions', 'grant', '--org', 'acme', '--user', 'carol', '--doc', 'plan'],
        ...['--role', 'viewer', '--expires', '2099-01-01', '--json'],
      ],
      emulator.env,
    );
    expect(granted.exitCode, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout)).toEqual({
      status: 'success',
      message: 'Permissions added successfully.',
    });
    expect(await planEntryOf('carol')).toEqual(
      expect.objectContaining({ accessRole: 'viewer', expiresAt: Date.parse('2099-01-01') / 1000 }),
    );

    // The same resource again replaces the role and the end.
    const again = await svc(
      ['permissions', 'grant', '--org', 'acme', '--user', 'carol', '--doc', 'plan'],
      emulator.env,
    );
    expect(again.exitCode, again.stderr).toBe(0);
    const replaced = await planEntryOf('carol');
    expect(replaced?.accessRole).toBe('editor');
    expect(replaced?.expiresAt).toBeUndefined();

    const revoked = await svc(
      ['permissions', 'revoke', '--org', 'acme', '--user', 'carol', '--doc', 'plan', '--yes'],
      emulator.env,
    );
    expect(revoked.exitCode, revoked.stderr).toBe(0);
    expect(revoked.stderr).toContain('Permissions removed successfully.');
    expect(await planEntryOf('carol')).toMatchObject({ errorCode: 'permission_denied' });
  });

  it("a grant stops granting once its end passes on the emulator's clock", async () => {
    // Far enough ahead that starting svc on a busy machine still sends it before it passes.
    const end = Math.floor(Date.now() / 1000) + 6;
    const sent = await svc(
      [
        ...['api', '/v2/auth/permissions/add', '--data'],
        JSON.stringify({
          user: { userId: 'carol' },
          permissions: {
            resources: [{ type: 'document', id: 'plan', organizationId: 'acme', expiresAt: end }],
          },
        }),
      ],
      emulator.env,
    );
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(await planEntryOf('carol')).toMatchObject({ accessRole: 'editor', expiresAt: end });
    await new Promise((resolve) => setTimeout(resolve, (end + 1) * 1000 - Date.now()));
    expect(await planEntryOf('carol')).toMatchObject({ errorCode: 'permission_denied' });
  });

  it('refuses a request naming a resource that does not exist, granting nothing of it', async () => {
    const refused = await svc(
      ['permissions', 'grant', '--org', 'acme', '--user', 'zed', '--doc', 'plan,no-such-doc'],
      emulator.env,
    );
    expect(refused.exitCode).toBe(4);
    expect(refused.stderr).toContain(
      'permissions.resources[1]: Document no-such-doc in organization acme does not exist.',
    );
    expect(await planEntryOf('zed')).toMatchObject({ errorCode: 'permission_denied' });
  });

  it('refuses a past --expires and a document without its organization before sending', async () => {
    const past = await svc(
      ['permissions', 'grant', '--org', 'acme', '--user', 'carol', '--expires', '2001-01-01'],
      emulator.env,
    );
    expect(past.exitCode).toBe(2);
    expect(past.stderr).toContain('--expires: 2001-01-01T00:00:00.000Z is in the past');
    const unplaced = await svc(
      [
        ...['api', '/v2/auth/permissions/remove', '--data'],
        JSON.stringify({
          userId: 'carol',
          permissions: { resources: [{ type: 'folder', id: 'f' }] },
        }),
      ],
      emulator.env,
    );
    expect(unplaced.exitCode).toBe(2);
    expect(unplaced.stderr).toContain('organizationId is required for a folder or document');
  });
});
