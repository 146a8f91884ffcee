import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/** Users added and changed (operations 110 and 112), seen through the reads of users and access. */
const emulator = useEmulator();

async function run(args: string[]) {
  const result = await svc([...args, '--json'], emulator.env);
  return { ...result, body: result.stdout ? (JSON.parse(result.stdout) as unknown) : undefined };
}

async function access(user: string, doc?: string): Promise<Record<string, unknown>> {
  const read = await run([
    'permissions',
    'get',
    '--org',
    'acme',
    '--user',
    user,
    ...(doc ? ['--doc', doc] : []),
  ]);
  expect(read.exitCode, read.stderr).toBe(0);
  const entry = (
    read.body as Record<
      string,
      { organization: Record<string, object>; documents: Record<string, object> }
    >
  )[user];
  return (doc ? entry?.documents[doc] : entry?.organization.acme) as Record<string, unknown>;
}

describe('svc users add and update', () => {
  it('adds a user to the organization with a role, then changes their email and role', async () => {
    const added = await run([
      'users',
      'add',
      '--org',
      'acme',
      '--user',
      'dana',
      '--name',
      'Dana',
      '--email',
      'dana@example.com',
      '--role',
      'viewer',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.body).toEqual({ dana: { success: true, id: 'dana', message: 'User added.' } });
    const listed = (await run(['users', 'list', '--org', 'acme', '--user', 'dana'])).body;
    expect(listed).toEqual([{ userId: 'dana', name: 'Dana', email: 'dana@example.com' }]);
    expect(await access('dana')).toEqual({ accessRole: 'viewer' });

    const changed = await run([
      'users',
      'update',
      '--org',
      'acme',
      '--user',
      'dana',
      '--email',
      'dana@acme.example',
      '--role',
      'editor',
    ]);
    expect(changed.exitCode, changed.stderr).toBe(0);
    expect((await run(['users', 'list', '--org', 'acme', '--user', 'dana'])).body).toEqual([
      { userId: 'dana', name: 'Dana', email: 'dana@acme.example' },
    ]);
    expect(await access('dana')).toEqual({ accessRole: 'editor' });
  });

  it('gives a user one document, without adding them to the organization', async () => {
    expect(await access('erin', 'plan')).toMatchObject({ errorCode: 'permission_denied' });
    const added = await run([
      'users',
      'add',
      '--org',
      'acme',
      '--doc',
      'plan',
      '--user',
      'erin',
      '--role',
      'viewer',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(await access('erin', 'plan')).toMatchObject({ accessRole: 'viewer' });
    const onPlan = (await run(['users', 'list', '--org', 'acme', '--doc', 'plan'])).body as {
      userId: string;
    }[];
    expect(onPlan.map((u) => u.userId)).toContain('erin');
    expect((await run(['users', 'list', '--org', 'acme', '--user', 'erin'])).body).toEqual([]);
  });

  it('refuses a missing document unless asked to create it, and a user the organization lacks', async () => {
    const missing = await run([
      'users',
      'add',
      '--org',
      'acme',
      '--doc',
      'brand-new',
      '--user',
      'erin',
    ]);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('Document brand-new does not exist.');
    const created = await run([
      'users',
      'add',
      '--org',
      'acme',
      '--doc',
      'brand-new',
      '--create-doc',
      '--user',
      'erin',
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    expect((await run(['docs', 'list', '--org', 'acme', '--doc', 'brand-new'])).body).toMatchObject(
      [{ id: 'brand-new' }],
    );

    const nobody = await run([
      'users',
      'update',
      '--org',
      'acme',
      '--user',
      'nobody',
      '--name',
      'X',
    ]);
    expect(nobody.exitCode).toBe(4);
    expect(nobody.body).toEqual({
      nobody: { success: false, id: 'nobody', message: 'User does not exist.' },
    });
  });
});
