import { describe, expect, it } from 'vitest';
import { adminFetch, seedWorkspaces, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator();

/** How many requests the emulator has answered so far. */
async function requests(): Promise<number> {
  const res = await adminFetch(emulator, '/_emulator/journal');
  return ((await res.json()) as { entries: unknown[] }).entries.length;
}

/** svc with these arguments exits 2, naming what is wrong, having sent nothing. */
async function refused(args: string[], env = emulator.env): Promise<string> {
  const before = await requests();
  const r = await svc(args, env);
  expect(r.exitCode).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(await requests()).toBe(before);
  return r.stderr;
}

const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe('workspace activity-service (operations 154, 155)', () => {
  it('switches the activity service on a running emulator: activities list works at once', async () => {
    // The rival workspace of basic.json has every console option off.
    const env = emulator.envFor('rival@example.com');
    const before = await svc(['activities', 'list', '--org', 'acme'], env);
    expect(before.exitCode).not.toBe(0);
    expect(before.stderr).toContain('activity service console option');
    const off = await svc(['workspace', 'activity-service', '--show', '--json'], env);
    expect(json(off.stdout)).toEqual({ activityServiceConfig: { isEnabled: false } });

    const on = await svc(['workspace', 'activity-service', '--enable', '--yes', '--json'], env);
    expect(on.exitCode).toBe(0);
    expect(json(on.stdout)).toMatchObject({
      activityServiceConfig: { isEnabled: true, immutable: true },
    });
    const listed = await svc(['activities', 'list', '--org', 'acme', '--json'], env);
    expect(listed).toMatchObject({ exitCode: 0, stdout: '[]' });

    const shown = await svc(['workspace', 'activity-service', '--show', '--json'], env);
    expect(json(shown.stdout)).toMatchObject({
      activityServiceConfig: {
        isEnabled: true,
        triggers: { comment: { 'comment.add': true } },
      },
    });
    const table = await svc(['workspace', 'activity-service', '--show'], env);
    expect(table.stdout).toMatch(/^true\ttrue\t\d+$/);
  });

  it('is refused without --yes where it cannot ask, and sends nothing', async () => {
    const before = await requests();
    const r = await svc(['workspace', 'activity-service', '--disable'], emulator.env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(await requests()).toBe(before);
  });
});

describe('workspace notification-service (operations 152, 153)', () => {
  it('reads the defaults, and writes a delay and batching that the read gives back', async () => {
    const env = emulator.envFor('rival@example.com');
    const fresh = await svc(['workspace', 'notification-service', '--show', '--json'], env);
    expect(json(fresh.stdout)).toMatchObject({
      useNotificationService: false,
      notificationServiceConfig: { delayConfig: { isEnabled: false, delaySeconds: 10 } },
    });
    const args = ['--enable', '--delay', '30', '--batch-user', '60', '--batch-max', '5'];
    const set = await svc(['workspace', 'notification-service', ...args, '--yes'], env);
    expect(set.exitCode).toBe(0);
    const shown = await svc(['workspace', 'notification-service', '--show', '--json'], env);
    expect(json(shown.stdout)).toMatchObject({
      useNotificationService: true,
      notificationServiceConfig: {
        triggers: { huddle: { 'huddle.create': true } },
        delayConfig: { isEnabled: true, delaySeconds: 30 },
        batchConfig: {
          user: { isEnabled: true, batchWindowSeconds: 60, maxActivities: 5 },
          document: { isEnabled: false },
        },
      },
    });
  });
});

describe('workspace permission-provider (operations 156, 157)', () => {
  const TOKEN = 'provider-token-never-shown-7731';

  it('takes the token from stdin, masks it unless --show-token, and keeps it across changes', async () => {
    const env = emulator.env;
    const set = await svc(
      [
        'workspace',
        'permission-provider',
        '--enable',
        '--url',
        'https://example.com/permissions',
        '--auth-token-stdin',
        '--yes',
      ],
      env,
      `${TOKEN}\n`,
    );
    expect(set.exitCode).toBe(0);
    expect(set.stdout + set.stderr).not.toContain(TOKEN);
    const moved = ['--url', 'https://example.com/other', '--yes', '--debug'];
    const r = await svc(['workspace', 'permission-provider', ...moved], env);
    expect(r.exitCode).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);

    const shown = await svc(['workspace', 'permission-provider', '--show', '--json'], env);
    expect(shown.stdout).not.toContain(TOKEN);
    expect(json(shown.stdout)).toMatchObject({
      usePermissionProvider: true,
      permissionProviderConfig: { permissionProviderUrl: 'https://example.com/other' },
    });
    const clear = ['--show', '--show-token', '--json'];
    const open = await svc(['workspace', 'permission-provider', ...clear], env);
    expect(json(open.stdout)).toMatchObject({
      permissionProviderConfig: { authToken: TOKEN },
    });
  });
});

describe('workspace api-key-config (operations 150, 151)', () => {
  const AI_KEY = 'sk-openai-never-shown-0123456789';

  it('stores the settings and an AI key from stdin, which is never printed', async () => {
    const env = emulator.env;
    const set = await svc(
      [
        'workspace',
        'api-key-config',
        '--default-access',
        'restricted',
        '--private-comments',
        '--ai-key-stdin',
        'openai',
        '--yes',
        '--debug',
      ],
      env,
      `${AI_KEY}\n`,
    );
    expect(set.exitCode).toBe(0);
    expect(set.stdout + set.stderr).not.toContain(AI_KEY);
    const shown = await svc(['workspace', 'api-key-config', '--show', '--json'], env);
    expect(shown.stdout).not.toContain(AI_KEY);
    expect(json(shown.stdout)).toMatchObject({
      ownerEmail: 'owner@example.com',
      defaultDocumentAccessType: 'restricted',
      isPrivateCommentsEnabled: true,
      requireJwtToken: false,
      aiModelsConfig: { openai: { displayText: expect.any(String) as string } },
    });
    const table = await svc(['workspace', 'api-key-config', '--show'], env);
    expect(table.stdout).toBe('restricted\ttrue\tfalse\tfalse\topenai');
  });
});

describe('bad input', () => {
  it.each([
    [['workspace', 'activity-service'], 'nothing to change: give --show, or one of --enable'],
    [['workspace', 'activity-service', '--show', '--enable'], '--show changes nothing'],
    [['workspace', 'activity-service', '--enable', '--disable', '--yes'], '--enable or --disable'],
    [['workspace', 'activity-service', '--trigger', 'huddle.join=on', '--yes'], '--trigger'],
    [['workspace', 'notification-service', '--delay', '5', '--yes'], '--delay must be 0'],
    [['workspace', 'notification-service', '--batch-max', '5', '--yes'], '--batch-document'],
    [['workspace', 'notification-service', '--trigger', 'comment.add', '--yes'], '--trigger'],
    [['workspace', 'api-key-config', '--default-access', 'secret', '--yes'], '--default-access'],
    [['workspace', 'api-key-config', '--yes'], '--private-comments'],
    [['workspace', 'permission-provider', '--url', 'ftp://x.example', '--yes'], '--url'],
    [
      ['workspace', 'permission-provider', '--url', 'https://x.example', '--clear-url'],
      '--clear-url',
    ],
    [['workspace', 'permission-provider', '--show-token'], '--show-token goes with --show'],
    [['recordings', 'list'], '--org'],
    [['recordings', 'list', '--org', 'acme', '--page-size', '0'], '--page-size'],
  ])('%j exits 2 naming the flag, and sends nothing', async (args, named) => {
    expect(await refused(args)).toContain(named);
  });
});

describe('recordings list (operation 140)', () => {
  const ids = ['rec-a', 'rec-b', 'rec-c', 'rec-d', 'rec-e'];

  it("lists the fixture's recordings of a document", async () => {
    const r = await svc(['recordings', 'list', '--org', 'acme', '--doc', 'plan'], emulator.env);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.split('\n').map((line) => line.split('\t')[0])).toEqual([
      'rec-plan-1',
      'rec-plan-2',
    ]);
  });

  it('follows pages to the end with --all, a request per page, and continues a stopped one', async () => {
    const { envFor } = await seedWorkspaces(emulator, {
      workspaces: [
        {
          ownerEmail: 'studio@example.com',
          organizations: [{ id: 'studio', recordings: ids.map((id) => ({ id, documentId: 'd' })) }],
        },
      ],
    });
    const env = envFor('studio@example.com');
    const before = await requests();
    const all = await svc(
      ['recordings', 'list', '--org', 'studio', '--page-size', '2', '--all', '--json'],
      env,
    );
    expect(all.exitCode).toBe(0);
    expect(
      (JSON.parse(all.stdout) as { annotationId: string }[]).map((r) => r.annotationId),
    ).toEqual(ids);
    expect((await requests()) - before).toBe(3);

    const first = await svc(['recordings', 'list', '--org', 'studio', '--page-size', '2'], env);
    expect(first.stdout.split('\n')).toHaveLength(2);
    const token = /--page-token (\S+)/.exec(first.stderr)?.[1];
    expect(token).toBeDefined();
    const next = await svc(
      ['recordings', 'list', '--org', 'studio', '--page-size', '2', '--page-token', token ?? ''],
      env,
    );
    expect(next.stdout.split('\n').map((line) => line.split('\t')[0])).toEqual(['rec-c', 'rec-d']);
  });
});
