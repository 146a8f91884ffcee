import { describe, expect, it } from 'vitest';
import { adminFetch, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * A document's data changed in place (operations 135 to 138): activity logs reworded,
 * presence entries changed and removed, a CRDT editor created, each seen through a read.
 */
const emulator = useEmulator();

async function run(args: string[]) {
  const result = await svc([...args, '--json'], emulator.env);
  return { ...result, body: result.stdout ? (JSON.parse(result.stdout) as unknown) : undefined };
}

async function presenceOf(doc: string): Promise<Record<string, unknown>[]> {
  const query = new URLSearchParams({
    workspaceId: emulator.workspace.workspaceId,
    organizationId: 'acme',
    documentId: doc,
  });
  const res = await adminFetch(emulator, `/_emulator/presence?${query.toString()}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { users: Record<string, unknown>[] }).users;
}

describe('svc activities update', () => {
  it('replaces the members given and keeps the rest; an unknown id fails on its own', async () => {
    const added = await run([
      ...[
        'activities',
        'add',
        '--org',
        'acme',
        '--doc',
        'plan',
        '--id',
        'a1',
        '--feature-type',
        'custom',
      ],
      ...[
        '--action-type',
        'approval.granted',
        '--user',
        'alice',
        '--target',
        't1',
        '--message',
        'old words',
      ],
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    const changed = await run([
      'activities',
      'update',
      '--org',
      'acme',
      '--id',
      'a1',
      '--message',
      '{{user}} approved',
    ]);
    expect(changed.exitCode, changed.stderr).toBe(0);
    expect(changed.body).toEqual({ a1: { success: true, message: 'Activity updated.' } });
    const listed = (await run(['activities', 'list', '--org', 'acme', '--doc', 'plan']))
      .body as Record<string, unknown>[];
    expect(listed.find((a) => a.id === 'a1')).toMatchObject({
      displayMessageTemplate: '{{user}} approved',
      actionType: 'approval.granted',
      targetEntityId: 't1',
    });
    const unknown = await run([
      'activities',
      'update',
      '--org',
      'acme',
      '--id',
      'no-such',
      '--icon',
      'edit',
    ]);
    expect(unknown.exitCode).toBe(5);
    expect(unknown.body).toEqual({
      'no-such': { success: false, message: 'Failed to update activity.' },
    });
  });
});

describe('svc presence update and remove', () => {
  it('changes an entry, keeping what is not given, then takes users off', async () => {
    const added = await run([
      'presence',
      'add',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--user',
      'alice',
      '--name',
      'Alice',
      '--status',
      'online',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    const away = await run([
      'presence',
      'update',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--user',
      'alice',
      '--status',
      'away',
    ]);
    expect(away.exitCode, away.stderr).toBe(0);
    expect(await presenceOf('plan')).toContainEqual({
      userId: 'alice',
      name: 'Alice',
      status: 'away',
    });

    const absent = await run([
      'presence',
      'update',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--user',
      'zed',
      '--status',
      'away',
    ]);
    expect(absent.exitCode).toBe(4);
    expect(absent.stderr).toContain('Not on the presence list of document plan: zed.');

    const removed = await run([
      'presence',
      'remove',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--user',
      'alice,zed',
    ]);
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect((await presenceOf('plan')).map((u) => u.userId)).not.toContain('alice');
  });
});

describe('svc crdt add', () => {
  it('creates an editor the read then gives, and refuses one that exists', async () => {
    const created = await run([
      'crdt',
      'add',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--editor',
      'notes',
      '--type',
      'text',
      '--data',
      'First notes',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.body).toEqual({ status: 'success', message: 'CRDT data added successfully.' });
    const read = (await run(['crdt', 'get', '--org', 'acme', '--doc', 'plan', '--editor', 'notes']))
      .body as { id: string; data: unknown }[];
    expect(read).toMatchObject([{ id: 'notes', data: 'First notes' }]);
    const again = await run([
      'crdt',
      'add',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--editor',
      'notes',
      '--type',
      'text',
      '--data',
      'x',
    ]);
    expect(again.exitCode).not.toBe(0);
    expect(again.stderr).toContain('CRDT data already exists for this editor ID.');
    // Then it is an editor like any other: replaced in place.
    const replaced = await run([
      'crdt',
      'update',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--editor',
      'notes',
      '--type',
      'text',
      '--data',
      'Second notes',
    ]);
    expect(replaced.exitCode, replaced.stderr).toBe(0);
    expect(
      (await run(['crdt', 'get', '--org', 'acme', '--doc', 'plan', '--editor', 'notes'])).body,
    ).toMatchObject([{ data: 'Second notes' }]);
  });
});
