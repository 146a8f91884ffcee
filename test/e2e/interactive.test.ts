import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminFetch, cleanEnv, seedWorkspaces, svc } from '../support/e2e.js';
import { KEY, svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator({ seed: null });

interface StoredConfig {
  activeProfile?: string;
  profiles?: Record<string, Record<string, string>>;
}

function storedConfig(env: Record<string, string>): StoredConfig | undefined {
  const path = join(env.SVC_CONFIG_DIR ?? '', 'config.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as StoredConfig) : undefined;
}

describe('guided workspace create in a terminal', () => {
  it('asks for each value, rejects a bad email inline, stores the profile and says what next', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const term = svcInTerminal(['workspace', 'create'], env);

    await term.waitFor('Owner email');
    term.type(`not-an-email${KEY.enter}`);
    await term.waitFor('enter an email address such as ada@example.com');
    // Clear the rejected answer before typing the right one.
    term.type('\x7f'.repeat('not-an-email'.length));
    term.type(`guided@example.com${KEY.enter}`);
    await term.waitFor('Owner name');
    term.type(`Gus${KEY.enter}`);
    await term.waitFor('Workspace name');
    await term.waitFor("Gus's workspace");
    term.type(KEY.enter);
    await term.waitFor('Avatar URL');
    term.type(`ftp://nope${KEY.enter}`);
    await term.waitFor('enter an http(s) URL');
    term.type('\x7f'.repeat('ftp://nope'.length));
    term.type(KEY.enter);
    await term.waitFor('Save the credentials as profile');
    await term.waitFor('default');
    term.type(KEY.enter);
    await term.waitFor('What next');

    expect(await term.exited).toBe(0);
    const screen = term.screen();
    expect(screen).toContain('svc --profile default workspace tokens');
    expect(screen).toContain(
      'svc --profile default workspace login-link --email guided@example.com',
    );
    expect(screen).toMatch(new RegExp(`SVC_BASE_URL +${emulator.url}`));

    const config = storedConfig(env);
    expect(config?.activeProfile).toBe('default');
    const profile = config?.profiles?.default ?? {};
    expect(profile.workspaceId).toMatch(/.+/);
    expect(profile.apiKey).toMatch(/.+/);
    expect(profile.authToken).toMatch(/.+/);
    // No secret reaches the screen: the tokens are only in the 0600 config file.
    expect(screen).not.toContain(profile.workspaceToken);
    expect(screen).not.toContain(profile.authToken);

    const status = await svc(
      ['workspace', 'email-status', '--email', 'guided@example.com', '--json'],
      env,
    );
    expect(status.exitCode).toBe(0);
  });

  it('with some flags given, asks only for the values they leave out', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const term = svcInTerminal(
      ['workspace', 'create', '--email', 'partial@example.com', '--avatar', 'https://a.dev/p.png'],
      env,
    );
    await term.waitFor('Owner name');
    // The default name is the address's local part, not the whole address.
    await term.waitFor('(partial)');
    term.type(`Pat${KEY.enter}`);
    await term.waitFor('Workspace name');
    term.type(`Pat's team${KEY.enter}`);
    await term.waitFor('Save the credentials as profile');
    term.type(`pat${KEY.enter}`);
    expect(await term.exited).toBe(0);

    const screen = term.screen();
    expect(screen).not.toContain('Owner email');
    expect(screen).not.toContain('Avatar URL');
    // The answers and the flags went into the workspace created.
    expect(screen).toContain("Pat's team");
    expect(storedConfig(env)?.activeProfile).toBe('pat');
  });

  it('names the new profile after the workspace when "default" is taken', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const first = await svc(['workspace', 'create', '--email', 'first@example.com'], env);
    expect(first.exitCode).toBe(0);

    const term = svcInTerminal(['workspace', 'create'], env);
    await term.waitFor('Owner email');
    term.type(`second@example.com${KEY.enter}`);
    await term.waitFor('Owner name');
    term.type(`Sam${KEY.enter}`);
    await term.waitFor('Workspace name');
    term.type(`Team Two${KEY.enter}`);
    await term.waitFor('Avatar URL');
    term.type(KEY.enter);
    await term.waitFor('Save the credentials as profile');
    await term.waitFor('team-two');
    term.type(KEY.enter);
    expect(await term.exited).toBe(0);
    expect(Object.keys(storedConfig(env)?.profiles ?? {}).sort()).toEqual(['default', 'team-two']);
  });

  it("offers the email's local part as the names, and to replace a profile of the name typed", async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const first = await svc(['workspace', 'create', '--email', 'held@example.com'], env);
    expect(first.exitCode).toBe(0);
    const before = storedConfig(env)?.profiles?.default?.workspaceId;

    const term = svcInTerminal(['workspace', 'create'], env);
    await term.waitFor('Owner email');
    term.type(`pat@example.com${KEY.enter}`);
    await term.waitFor('(pat)');
    term.type(KEY.enter);
    await term.waitFor("(pat's workspace)");
    term.type(KEY.enter);
    await term.waitFor('Avatar URL');
    term.type(KEY.enter);
    await term.waitFor('Save the credentials as profile');
    term.type(`default${KEY.enter}`);
    // The profile workspace create made holds the only copy of its tokens: said first.
    await term.waitFor('holds the only copy of the tokens');
    await term.waitFor(`Profile "default" (workspace ${before}) exists. Replace its credentials?`);
    term.type(`y${KEY.enter}`);
    expect(await term.exited).toBe(0);
    const after = storedConfig(env)?.profiles?.default?.workspaceId;
    expect(after).toMatch(/.+/);
    expect(after).not.toBe(before);
    // The question, with inquirer's "? " and " (y/N)", fits a 120-column terminal.
    const question = `? Profile "default" (workspace ${before}) exists. Replace its credentials? (y/N)`;
    expect(question.length).toBeLessThanOrEqual(120);
  });

  it('a "no" to replacing a profile asks for the name again', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    expect((await svc(['workspace', 'create', '--email', 'kept@example.com'], env)).exitCode).toBe(
      0,
    );
    const term = svcInTerminal(['workspace', 'create', '--email', 'other@example.com'], env);
    await term.waitFor('Owner name');
    term.type(KEY.enter);
    await term.waitFor('Workspace name');
    term.type(KEY.enter);
    await term.waitFor('Avatar URL');
    term.type(KEY.enter);
    await term.waitFor('Save the credentials as profile');
    term.type(`default${KEY.enter}`);
    await term.waitFor('Replace its credentials?');
    term.type(`n${KEY.enter}`);
    await term.waitFor('Save the credentials as profile');
    term.type(`other${KEY.enter}`);
    expect(await term.exited).toBe(0);
    expect(Object.keys(storedConfig(env)?.profiles ?? {}).sort()).toEqual(['default', 'other']);
  });

  it('Ctrl-C at a question exits 130 and leaves nothing behind', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const term = svcInTerminal(['workspace', 'create'], env);
    await term.waitFor('Owner email');
    term.type(`cancel@example.com${KEY.enter}`);
    await term.waitFor('Owner name');
    term.type(KEY.ctrlC);
    expect(await term.exited).toBe(130);
    expect(storedConfig(env)?.profiles ?? {}).toEqual({});
    // Nothing was created either.
    const status = await svc(['workspace', 'email-status', '--email', 'cancel@example.com'], env);
    expect(status.exitCode).toBe(4);
  });

  it('rejects a disposable email domain at the prompt, by the rule the service applies', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const term = svcInTerminal(['workspace', 'create'], env);
    await term.waitFor('Owner email');
    term.type(`someone@mailinator.com${KEY.enter}`);
    await term.waitFor('the service does not accept disposable email domains');
    // Still at the same question: nothing was sent.
    term.type(KEY.ctrlC);
    expect(await term.exited).toBe(130);
    expect(term.screen()).not.toContain('Owner name');
    expect(storedConfig(env)?.profiles ?? {}).toEqual({});
  });
});

describe('confirmations in a terminal', () => {
  /** A fresh workspace with an organization, and the environment that uses it. */
  async function workspaceEnv() {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const created = await svc(
      ['workspace', 'create', '--email', `confirm-${Date.now()}@example.com`, '--json'],
      env,
    );
    expect(created.exitCode).toBe(0);
    const added = await svc(['groups', 'add', '--org', 'acme', '--id', 'g', '--name', 'G'], env);
    expect(added.exitCode).toBe(0);
    return { env, workspaceId: (JSON.parse(created.stdout) as { id: string }).id };
  }

  /** The paths of the requests the emulator received for one workspace, oldest first. */
  async function sentFor(workspaceId: string): Promise<string[]> {
    const journal = (await (await adminFetch(emulator, '/_emulator/journal')).json()) as {
      entries: { path: string; workspaceId?: string }[];
    };
    return journal.entries.filter((e) => e.workspaceId === workspaceId).map((e) => e.path);
  }

  it.each([
    [
      ['users', 'remove', '--org', 'acme', '--user', 'u1,u2'],
      'Remove 2 users (u1, u2) from organization acme (all its documents and its contact list)?',
    ],
    [
      ['users', 'purge', '--user', 'u1,u2,u3'],
      'Delete all data of 3 users (u1, u2, u3) in every organization where they have data?',
    ],
    [
      ['orgs', 'disable', '--org', 'acme,globex'],
      'Switch off all access to every document of 2 organizations?',
    ],
    [['activities', 'delete', '--org', 'acme', '--id', 'a,b'], 'Delete 2 activity logs?'],
    [
      ['permissions', 'revoke', '--org', 'acme', '--user', 'u1', '--doc', 'a,b,c'],
      'Revoke the access of user u1 to 3 documents (a, b, c) in organization acme?',
    ],
    [
      ['groups', 'members', 'remove', '--org', 'acme', '--group', 'g', '--user', 'u1,u2'],
      'Remove 2 users (u1, u2) from user group g of organization acme?',
    ],
    [
      ['docs', 'delete', '--org', 'acme', '--doc', 'd1,d2'],
      'Delete 2 documents (d1, d2) of organization acme and everything stored for them?',
    ],
    [
      ['orgs', 'delete', '--org', 'acme,globex'],
      'Delete 2 organizations (acme, globex) and everything in them: folders, documents, users, groups, grants, activities?',
    ],
  ])('svc %j asks with the count; declining exits 2 and sends nothing', async (args, question) => {
    const { env, workspaceId } = await workspaceEnv();
    const before = await sentFor(workspaceId);
    const term = svcInTerminal(args, env);
    await term.waitFor(question);
    term.type(`n${KEY.enter}`);
    expect(await term.exited).toBe(2);
    expect(term.screen()).toContain('not confirmed: nothing was sent');
    expect(await sentFor(workspaceId)).toEqual(before);
  });

  it('an accepted confirmation sends the request', async () => {
    const ownerEmail = `accept-${Date.now()}@example.com`;
    const seeded = await seedWorkspaces(emulator, {
      workspaces: [
        {
          ownerEmail,
          organizations: [{ id: 'acme', documents: [{ id: 'd1' }, { id: 'd2' }, { id: 'd3' }] }],
        },
      ],
    });
    const workspaceId = seeded.workspaces[0]?.workspaceId ?? '';
    const term = svcInTerminal(
      ['docs', 'disable', '--org', 'acme', '--doc', 'd1,d2,d3'],
      seeded.envFor(ownerEmail),
    );
    await term.waitFor('Switch off all access to 3 documents in organization acme?');
    term.type(`y${KEY.enter}`);
    expect(await term.exited).toBe(0);
    expect(await sentFor(workspaceId)).toContain(
      '/v1/organizations/documents/access/disablestate/update',
    );
  });
});
