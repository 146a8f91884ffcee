import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/** A user group's members (operations 124 and 125), as the read of users (111) lists them. */
const emulator = useEmulator();

async function members(group: string): Promise<string[]> {
  const read = await svc(
    ['users', 'list', '--org', 'acme', '--group', group, '--all', '--json'],
    emulator.env,
  );
  expect(read.exitCode, read.stderr).toBe(0);
  return (JSON.parse(read.stdout) as { userId: string }[]).map((user) => user.userId);
}

describe('svc groups members', () => {
  it('adds users of the organization, removes some, then clears the group', async () => {
    expect(await members('engineering')).toEqual([]);

    const added = await svc(
      [
        'groups',
        'members',
        'add',
        '--org',
        'acme',
        '--group',
        'engineering',
        '--user',
        'alice,bob,carol',
        '--json',
      ],
      emulator.env,
    );
    expect(added.exitCode, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      alice: {
        success: true,
        organizationUserGroupId: 'engineering',
        message: 'User added to organization user group.',
      },
    });
    expect(await members('engineering')).toEqual(['alice', 'bob', 'carol']);

    // Someone who is not one of acme's users is found by reading acme's users before
    // anything is sent: bad input, and nobody is added (test/e2e/bulk-verify.test.ts).
    const stranger = await svc(
      [
        'groups',
        'members',
        'add',
        '--org',
        'acme',
        '--group',
        'engineering',
        '--user',
        'alice,mallory',
        '--json',
      ],
      emulator.env,
    );
    expect(stranger.exitCode).toBe(2);
    expect(stranger.stdout).toBe('');
    expect(stranger.stderr).toContain('mallory is not a user of organization acme');

    const removed = await svc(
      [
        'groups',
        'members',
        'remove',
        '--org',
        'acme',
        '--group',
        'engineering',
        '--user',
        'bob',
        '--yes',
        '--json',
      ],
      emulator.env,
    );
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(await members('engineering')).toEqual(['alice', 'carol']);

    const cleared = await svc(
      ['groups', 'members', 'clear', '--org', 'acme', '--group', 'engineering', '--yes', '--json'],
      emulator.env,
    );
    expect(cleared.exitCode, cleared.stderr).toBe(0);
    expect(Object.keys(JSON.parse(cleared.stdout) as object).sort()).toEqual(['alice', 'carol']);
    expect(await members('engineering')).toEqual([]);
  });

  it('a member removed from the organization leaves its groups', async () => {
    const added = await svc(
      ['groups', 'members', 'add', '--org', 'acme', '--group', 'engineering', '--user', 'carol'],
      emulator.env,
    );
    expect(added.exitCode, added.stderr).toBe(0);
    const gone = await svc(
      ['users', 'remove', '--org', 'acme', '--user', 'carol', '--yes'],
      emulator.env,
    );
    expect(gone.exitCode, gone.stderr).toBe(0);
    expect(await members('engineering')).toEqual([]);
  });

  it('refuses a group the organization does not have, adding no one', async () => {
    const refused = await svc(
      ['groups', 'members', 'add', '--org', 'acme', '--group', 'no-such-group', '--user', 'alice'],
      emulator.env,
    );
    expect(refused.exitCode).toBe(4);
    expect(refused.stderr).toContain(
      'User group no-such-group does not exist in organization acme.',
    );
  });
});
