import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * What a bulk input names that only the service knows is read before anything is sent: a
 * folder of another organization as where documents or folders go, a group member who is
 * not a user of the organization. Each is bad input (exit 2), and the reads show that
 * nothing changed.
 */
const emulator = useEmulator();

async function json(args: string[]): Promise<unknown> {
  const result = await svc([...args, '--json'], emulator.env);
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as unknown;
}

async function members(): Promise<string[]> {
  const users = (await json(['users', 'list', '--org', 'acme', '--group', 'engineering'])) as {
    userId: string;
  }[];
  return users.map((user) => user.userId).sort();
}

describe('a bulk input checked against the service before sending', () => {
  it('refuses group members who are not users of the organization, naming them', async () => {
    const before = await members();
    const refused = await svc(
      ['groups', 'members', 'add', '--org', 'acme', '--group', 'engineering', '--user', 'bob,zed'],
      emulator.env,
    );
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('zed is not a user of organization acme');
    expect(refused.stderr).toContain('nothing was sent');
    expect(refused.stderr).not.toContain('bob is not');
    expect(await members()).toEqual(before);

    const dir = mkdtempSync(join(tmpdir(), 'svc-verify-'));
    const file = join(dir, 'team.csv');
    writeFileSync(file, 'userId\nbob\nyve\ncarol\n');
    const fromFile = await svc(
      ['groups', 'members', 'add', '--org', 'acme', '--group', 'engineering', '--file', file],
      emulator.env,
    );
    expect(fromFile.exitCode).toBe(2);
    expect(fromFile.stderr).toMatch(/line 3: yve is not a user of organization acme/);
    expect(await members()).toEqual(before);

    const added = await svc(
      ['groups', 'members', 'add', '--org', 'acme', '--group', 'engineering', '--user', 'bob'],
      emulator.env,
    );
    expect(added.exitCode, added.stderr).toBe(0);
    expect(await members()).toEqual([...new Set([...before, 'bob'])].sort());
  });

  it("refuses a move into a folder the organization does not have, another's included", async () => {
    // globex has no folders; acme's handbook is not globex's.
    const refused = await svc(
      ['docs', 'move', '--org', 'globex', '--doc', 'deck', '--to', 'handbook'],
      emulator.env,
    );
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--to: organization globex has no folder handbook');
    const unknown = await svc(
      ['docs', 'move', '--org', 'acme', '--doc', 'notes', '--to', 'nowhere'],
      emulator.env,
    );
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain(
      '--to: organization acme has no folder nowhere; nothing was sent',
    );

    const ghost = await svc(
      ['docs', 'move', '--org', 'acme', '--doc', 'notes,ghost', '--to', 'handbook'],
      emulator.env,
    );
    expect(ghost.exitCode).toBe(2);
    expect(ghost.stderr).toContain('organization acme has no document ghost');

    const moved = await svc(
      ['docs', 'move', '--org', 'acme', '--doc', 'notes', '--to', 'handbook'],
      emulator.env,
    );
    expect(moved.exitCode, moved.stderr).toBe(0);
  });

  it('refuses a folder update whose new parent does not exist, by its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-verify-'));
    const file = join(dir, 'moves.csv');
    writeFileSync(file, 'folderId,parentFolderId\nhr,root\ndental,gone\n');
    const refused = await svc(['folders', 'update', '--org', 'acme', '--file', file], emulator.env);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/line 3: organization acme has no folder gone/);
    // hr, on the line before, was not moved either.
    const [hr] = (await json(['folders', 'list', '--org', 'acme', '--folder', 'hr'])) as {
      parentFolderId?: string;
    }[];
    expect(hr?.parentFolderId).toBe('policies');
  });
});
