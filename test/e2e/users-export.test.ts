import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * A user's data exported (operation 113): every page read, the whole export printed as one
 * document, written as JSON lines to a new file or to stdout, or counted; nothing of another
 * user; nothing left once the user's data is deleted.
 */

const notification = (id: string, from: string, to: string) => ({
  id,
  timestamp: 1_700_000_000_000 + Number(id.replace(/\D/g, '')),
  documentId: 'plan',
  notificationSource: 'custom',
  actionUser: { userId: from },
  displayHeadlineMessageTemplate: 'note',
  notifyUsersByUserId: { [to]: true },
});

// 250 notifications involve Alice (three pages of 100), 20 only Bob and Carol.
const fixture = {
  workspaces: [
    {
      ownerEmail: 'owner@example.com',
      consoleOptions: { advancedQueries: true, activityService: true, notificationConfig: true },
      organizations: [
        {
          id: 'acme',
          users: [
            { id: 'alice', name: 'Alice', email: 'alice@example.com' },
            { id: 'bob', name: 'Bob' },
            { id: 'carol' },
          ],
          groups: [{ id: 'eng', name: 'Engineering', members: ['alice', 'bob'] }],
          documents: [{ id: 'plan' }],
          grants: [
            { userId: 'alice', document: 'plan', role: 'viewer' },
            { userId: 'bob', document: 'plan' },
          ],
          notifications: [
            ...Array.from({ length: 200 }, (_, i) => notification(`to-alice-${i}`, 'bob', 'alice')),
            ...Array.from({ length: 50 }, (_, i) =>
              notification(`by-alice-${i}`, 'alice', 'carol'),
            ),
            ...Array.from({ length: 20 }, (_, i) => notification(`others-${i}`, 'bob', 'carol')),
          ],
          notificationConfigs: [
            { userId: 'alice', inbox: 'MINE' },
            { userId: 'bob', inbox: 'NONE' },
          ],
        },
      ],
    },
  ],
};

const emulator = useEmulator({ seed: fixture });

type Export = Record<string, { id?: string; type?: string }[]>;

async function exported(user: string): Promise<Export> {
  const result = await svc(
    ['users', 'export', '--org', 'acme', '--user', user, '--json'],
    emulator.env,
  );
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Export;
}

function ids(items: readonly { id?: string }[] | undefined): string[] {
  return (items ?? []).map((item) => item.id ?? '').sort();
}

describe('svc users export', () => {
  it("prints every page of a user's export as one document, and nothing of others", async () => {
    const added = await svc(
      [
        'activities',
        'add',
        '--org',
        'acme',
        '--doc',
        'plan',
        '--feature-type',
        'custom',
        '--action-type',
        'approved',
        '--user',
        'alice',
        '--target',
        'ticket-7',
        '--json',
      ],
      emulator.env,
    );
    expect(added.exitCode, added.stderr).toBe(0);
    const whole = await exported('alice');
    expect(Object.keys(whole)).toEqual([
      'comments',
      'reactions',
      'recordings',
      'notifications',
      'profile',
      'activities',
    ]);
    expect(whole.comments).toEqual([]);
    const notifications = ids(whole.notifications);
    expect(notifications).toHaveLength(250);
    expect(notifications.filter((id) => id.startsWith('others-'))).toEqual([]);
    expect(new Set(notifications).size).toBe(250);
    expect((whole.profile ?? []).map((entry) => entry.type).sort()).toEqual([
      'groupMember',
      'notificationConfig',
      'organizationUser',
      'permission',
    ]);
    expect(whole.activities).toHaveLength(1);
  });

  it('writes JSON lines to a new file, private, and refuses one that exists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-export-'));
    const path = join(dir, 'carol.ndjson');
    const written = await svc(
      ['users', 'export', '--org', 'acme', '--user', 'carol', '--file', path],
      emulator.env,
    );
    expect(written.exitCode, written.stderr).toBe(0);
    expect(written.stdout).toBe('');
    expect(written.stderr).toContain(`wrote 71 items to ${path}`);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as { list: string; item: unknown });
    // 50 caused by Alice, 20 from Bob, and Carol's entry in the user list.
    expect(entries.filter((e) => e.list === 'notifications')).toHaveLength(70);
    expect(entries.filter((e) => e.list === 'profile')).toEqual([
      { list: 'profile', item: { type: 'organizationUser', userId: 'carol' } },
    ]);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    writeFileSync(path, 'kept\n');
    const again = await svc(
      ['users', 'export', '--org', 'acme', '--user', 'carol', '--file', path],
      emulator.env,
    );
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain(`--file: ${path} exists`);
    expect(readFileSync(path, 'utf8')).toBe('kept\n');
  });

  it('streams JSON lines to stdout with --file -, and counts the lists when piped', async () => {
    const streamed = await svc(
      ['users', 'export', '--org', 'acme', '--user', 'bob', '--file', '-'],
      emulator.env,
    );
    expect(streamed.exitCode, streamed.stderr).toBe(0);
    const lists = streamed.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { list: string }).list);
    // 200 to Alice and 20 to Carol that Bob caused.
    expect(lists.filter((list) => list === 'notifications')).toHaveLength(220);

    const counted = await svc(['users', 'export', '--org', 'acme', '--user', 'bob'], emulator.env);
    expect(counted.exitCode, counted.stderr).toBe(0);
    expect(counted.stdout).toContain('notifications\t220\n');
    expect(counted.stdout).toContain('comments\t0\n');
  });

  it('finds nothing of a user once their data is deleted', async () => {
    const purged = await svc(
      ['users', 'purge', '--user', 'carol', '--org', 'acme', '--yes', '--wait', '--json'],
      emulator.env,
    );
    expect(purged.exitCode, purged.stderr).toBe(0);
    const after = await exported('carol');
    for (const [list, items] of Object.entries(after)) expect(items, list).toEqual([]);
  });

  it('refuses bad input before sending anything', async () => {
    const missing = await svc(['users', 'export', '--org', 'acme'], emulator.env);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('--user');
    const noFolder = await svc(
      ['users', 'export', '--org', 'acme', '--user', 'alice', '--file', '/nonexistent/x.ndjson'],
      emulator.env,
    );
    expect(noFolder.exitCode).toBe(2);
    expect(noFolder.stderr).toContain('--file: cannot use folder /nonexistent');
  });
});
