import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/** Notifications sent, changed and deleted, and settings set (130 to 133), seen through the reads. */
const emulator = useEmulator();

async function run(args: string[]) {
  const result = await svc([...args, '--json'], emulator.env);
  return { ...result, body: result.stdout ? (JSON.parse(result.stdout) as unknown) : undefined };
}

type Listed = {
  id: string;
  displayBodyMessage?: string;
  readByUserIds?: string[];
  notifyUsersByUserId?: Record<string, boolean>;
};

async function listFor(user: string): Promise<Listed[]> {
  const read = await run(['notifications', 'list', '--org', 'acme', '--user', user, '--all']);
  expect(read.exitCode, read.stderr).toBe(0);
  return read.body as Listed[];
}

describe('svc notifications add, update and delete', () => {
  it('sends one to the users named only, once per id; changes it; deletes it', async () => {
    const sent = await run([
      ...[
        'notifications',
        'add',
        '--org',
        'acme',
        '--doc',
        'plan',
        '--from',
        'alice',
        '--to',
        'bob',
        '--only-to',
      ],
      ...[
        '--id',
        'goals-1',
        '--headline',
        '{actionUser} mentioned you',
        '--body',
        'Look at the goals',
      ],
    ]);
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect((await listFor('bob')).find((n) => n.id === 'goals-1')).toMatchObject({
      displayBodyMessage: 'Look at the goals',
    });
    expect((await listFor('carol')).map((n) => n.id)).not.toContain('goals-1');

    const again = await run([
      ...[
        'notifications',
        'add',
        '--org',
        'acme',
        '--doc',
        'plan',
        '--from',
        'alice',
        '--to',
        'bob',
        '--only-to',
      ],
      ...['--id', 'goals-1', '--headline', 'x', '--body', 'a second one'],
    ]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect((await listFor('bob')).filter((n) => n.id === 'goals-1')).toMatchObject([
      { displayBodyMessage: 'Look at the goals' },
    ]);

    const changed = await run([
      'notifications',
      'update',
      '--org',
      'acme',
      '--id',
      'goals-1',
      '--body',
      'Goals changed',
      '--read-by',
      'bob',
    ]);
    expect(changed.exitCode, changed.stderr).toBe(0);
    expect((await listFor('bob')).find((n) => n.id === 'goals-1')).toMatchObject({
      displayBodyMessage: 'Goals changed',
      readByUserIds: ['bob'],
    });

    const deleted = await run([
      'notifications',
      'delete',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--id',
      'goals-1,never-sent',
      '--yes',
    ]);
    expect(deleted.exitCode).toBe(5);
    expect(deleted.body).toEqual({
      'goals-1': { success: true, message: 'Notification deleted.' },
      'never-sent': { success: false, message: 'Failed to delete notification.' },
    });
    expect((await listFor('bob')).map((n) => n.id)).not.toContain('goals-1');
  });

  it('sends to every user of the organization by default, and only to those with access when asked', async () => {
    const all = await run([
      'notifications',
      'add',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--from',
      'alice',
      '--id',
      'to-all',
      '--headline',
      'h',
      '--body',
      'b',
    ]);
    expect(all.exitCode, all.stderr).toBe(0);
    expect((await listFor('carol')).map((n) => n.id)).toContain('to-all');
    // The plan is in the restricted folder: carol, with no grant there, may not open it.
    const verified = await run([
      ...[
        'notifications',
        'add',
        '--org',
        'acme',
        '--doc',
        'plan',
        '--from',
        'alice',
        '--id',
        'verified',
      ],
      ...['--headline', 'h', '--body', 'b', '--verify-access'],
    ]);
    expect(verified.exitCode, verified.stderr).toBe(0);
    expect((await listFor('carol')).map((n) => n.id)).not.toContain('verified');
  });

  it('refuses a delete with no filter before sending', async () => {
    const r = await svc(['notifications', 'delete', '--org', 'acme', '--yes'], emulator.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('give documentId, locationId or userId');
  });
});

describe('svc notifications set-config', () => {
  it("sets a user's settings for a document, keeping the ones not given", async () => {
    const set = await run([
      'notifications',
      'set-config',
      '--org',
      'acme',
      '--user',
      'bob',
      '--doc',
      'roadmap',
      '--email',
      'NONE',
    ]);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.body).toEqual({
      bob: {
        success: true,
        userId: 'bob',
        documentId: 'roadmap',
        message: 'User config set successfully.',
      },
    });
    const read = await run([
      'notifications',
      'config',
      '--org',
      'acme',
      '--user',
      'bob',
      '--doc',
      'roadmap',
    ]);
    expect(read.exitCode, read.stderr).toBe(0);
    expect(read.body).toMatchObject([
      { config: { email: 'NONE' }, metadata: { documentId: 'roadmap' } },
    ]);
  });
});
