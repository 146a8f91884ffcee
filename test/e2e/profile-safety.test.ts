import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { KEY, svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';
import { canMount, mountSmallDisk } from '../support/small-disk.js';
import { jsonNotices } from '../support/json-notices.js';

const emulator = useEmulator({ seed: null });

interface StoredProfile {
  baseUrl?: string;
  workspaceId?: string;
  workspaceToken?: string;
  apiKey?: string;
  authToken?: string;
}
interface Created {
  id: string;
  profile: string;
}

let emails = 0;
const nextEmail = (what: string) => `${what}-${Date.now()}-${emails++}@example.com`;

function create(env: Record<string, string>, email: string, extra: string[] = []) {
  return svc(['workspace', 'create', '--email', email, '--json', ...extra], env);
}

function stored(env: Record<string, string>): Record<string, StoredProfile> {
  const path = join(env.SVC_CONFIG_DIR ?? '', 'config.json');
  return (JSON.parse(readFileSync(path, 'utf8')) as { profiles: Record<string, StoredProfile> })
    .profiles;
}

/** Whether the service holds a workspace for `email` (created or not). */
async function exists(email: string): Promise<boolean> {
  const r = await svc(
    ['workspace', 'email-status', '--email', email],
    cleanEnv({ SVC_BASE_URL: emulator.url }),
  );
  return r.exitCode === 0;
}

describe('a profile is never replaced silently', () => {
  it('off a terminal, a second create under the same --profile exits 2 naming it and --force, and creates nothing', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const first = await create(env, nextEmail('prod'), ['--profile', 'prod']);
    expect(first.exitCode).toBe(0);
    const before = stored(env).prod;

    const email = nextEmail('again');
    const second = await create(env, email, ['--profile', 'prod']);
    expect(second.exitCode).toBe(2);
    expect(second.stdout).toBe('');
    expect(second.stderr).toMatch(/profile \\"prod\\" already holds credentials.*--force/);
    expect(stored(env).prod).toEqual(before);
    expect(await exists(email)).toBe(false);

    const forced = await create(env, nextEmail('forced'), ['--profile', 'prod', '--force']);
    expect(forced.exitCode).toBe(0);
    expect(stored(env).prod?.workspaceId).toBe((JSON.parse(forced.stdout) as Created).id);
  });

  it('on a terminal it asks first: "no" keeps the profile and creates nothing, "yes" replaces it', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    expect((await create(env, nextEmail('tty'), ['--profile', 'prod'])).exitCode).toBe(0);
    const before = stored(env).prod;

    const declined = nextEmail('declined');
    const no = svcInTerminal(
      ['workspace', 'create', '--email', declined, '--profile', 'prod'],
      env,
    );
    await no.waitFor(
      `Replace the credentials in profile "prod" (workspace ${before?.workspaceId})?`,
    );
    no.type(`n${KEY.enter}`);
    expect(await no.exited).toBe(2);
    expect(no.screen()).toContain('not confirmed: profile "prod" is unchanged');
    expect(stored(env).prod).toEqual(before);
    expect(await exists(declined)).toBe(false);

    const accepted = nextEmail('accepted');
    const yes = svcInTerminal(
      ['workspace', 'create', '--email', accepted, '--profile', 'prod', '--name', 'A'],
      env,
    );
    await yes.waitFor('Replace the credentials in profile "prod"');
    yes.type(`y${KEY.enter}`);
    // The questions the flags left out follow the consent.
    for (const question of ['Workspace name', 'Avatar URL']) {
      await yes.waitFor(question);
      yes.type(KEY.enter);
    }
    expect(await yes.exited).toBe(0);
    expect(stored(env).prod?.workspaceId).not.toBe(before?.workspaceId);
  });

  it('without --profile, a create once "default" exists stores a new profile, says which, and --json carries it', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const first = await create(env, nextEmail('one'), ['--workspace-name', 'Analytics']);
    expect(JSON.parse(first.stdout)).toMatchObject({ profile: 'default' });
    const second = await create(env, nextEmail('two'), ['--workspace-name', 'Analytics']);
    expect(second.exitCode).toBe(0);
    const ws = JSON.parse(second.stdout) as Created;
    expect(ws.profile).toBe('analytics');
    expect(jsonNotices(second.stderr).join('\n')).toContain('profile "analytics"');
    const profiles = stored(env);
    expect(profiles.default?.workspaceId).toBe((JSON.parse(first.stdout) as Created).id);
    expect(profiles.analytics?.workspaceId).toBe(ws.id);
  });
});

describe('parallel creates', () => {
  it('20 creates at once without --profile: every run that exits 0 is in `svc profile list`', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        create(env, nextEmail(`parallel${i}`), ['--workspace-name', 'Team']),
      ),
    );
    const succeeded = runs.filter((r) => r.exitCode === 0);
    // Every run exits 0; one that does not shows here with what it said.
    expect(runs.filter((r) => r.exitCode !== 0).map((r) => r.stderr)).toEqual([]);
    expect(succeeded.length).toBe(20);
    const list = await svc(['profile', 'list', '--json'], env);
    const listed = new Map(
      (JSON.parse(list.stdout) as { name: string; workspaceId: string }[]).map((p) => [
        p.name,
        p.workspaceId,
      ]),
    );
    for (const run of succeeded) {
      const ws = JSON.parse(run.stdout) as Created;
      expect(listed.get(ws.profile)).toBe(ws.id);
    }
    expect(listed.size).toBe(20);
    // Each kept its tokens too, not only its name.
    const profiles = stored(env);
    for (const profile of Object.values(profiles)) {
      expect(profile.workspaceToken).toBeTruthy();
      expect(profile.authToken).toBeTruthy();
    }
  }, 60_000);
});

describe('a config dir that cannot be written', () => {
  it('under a file: refused before anything is created', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const file = join(env.SVC_CONFIG_DIR ?? '', 'not-a-dir');
    writeFileSync(file, '');
    env.SVC_CONFIG_DIR = join(file, 'svc');
    const email = nextEmail('under-file');
    const r = await create(env, email);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('part of the path is a file, not a directory');
    expect(r.stderr).not.toMatch(/ENOTDIR|unexpected error|\n\s+at /);
    expect(await exists(email)).toBe(false);
  });

  it.runIf(canMount)(
    'read-only, or with no space left: refused before anything is created',
    async () => {
      for (const [what, readOnly, reason] of [
        ['read-only', true, 'read-only file system'],
        ['full', false, 'no space left on device'],
      ] as const) {
        // Mounted one at a time, so that a failure leaves no disk mounted.
        const disk = mountSmallDisk(64, { readOnly });
        try {
          if (what === 'full') disk.fill();
          const env = cleanEnv({ SVC_BASE_URL: emulator.url, SVC_CONFIG_DIR: disk.dir });
          const email = nextEmail(what);
          const r = await create(env, email);
          expect(r.exitCode, what).toBe(1);
          expect(r.stderr, what).toContain(reason);
          expect(r.stdout, what).toBe('');
          expect(await exists(email), what).toBe(false);
        } finally {
          disk.unmount();
        }
      }
    },
  );

  it.runIf(canMount)(
    'when storing fails once the workspace exists, the credentials are printed once, with how to store them',
    async () => {
      const disk = mountSmallDisk(64);
      try {
        // A config just under one page: the check before creating rewrites it in the one
        // free page, but with the new profile it needs two.
        const dir = join(disk.dir, 'svc');
        mkdirSync(dir, { mode: 0o700 });
        const pad = { apiKey: 'k'.repeat(3900), baseUrl: emulator.url };
        writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { pad } }), {
          mode: 0o600,
        });
        disk.fill(1);
        const env = cleanEnv({ SVC_BASE_URL: emulator.url, SVC_CONFIG_DIR: dir });
        const email = nextEmail('lost');
        const r = await create(env, email);
        expect(r.exitCode).toBe(1);
        expect(await exists(email)).toBe(true);
        const printed = JSON.parse(r.stdout) as Required<StoredProfile>;
        expect(printed).toMatchObject({ baseUrl: emulator.url });
        const error = JSON.parse(r.stderr.trim().split('\n').at(-1) ?? '') as {
          error: { message: string };
        };
        expect(error.error.message).toMatch(
          /workspace was created, but its credentials could not be stored: .*no space left on device/,
        );
        expect(r.stderr).not.toContain(printed.authToken);

        // Once there is room, the command the hint gives stores them, asking for each token.
        const login = /store them with `svc ([^`]*)`/.exec(r.stderr)?.[1] ?? '';
        expect(login).toBe(
          `auth login --profile default --base-url ${emulator.url} --api-key ${printed.apiKey} --workspace-id ${printed.workspaceId}`,
        );
        rmSync(join(disk.dir, 'filler'), { recursive: true });
        const term = svcInTerminal(login.split(' '), env);
        await term.waitFor('Auth token for the API key');
        term.type(`${printed.authToken}${KEY.enter}`);
        await term.waitFor('Workspace token');
        term.type(`${printed.workspaceToken}${KEY.enter}`);
        expect(await term.exited).toBe(0);
        expect(stored(env).default).toEqual({
          baseUrl: emulator.url,
          apiKey: printed.apiKey,
          authToken: printed.authToken,
          workspaceId: printed.workspaceId,
          workspaceToken: printed.workspaceToken,
        });

        // What was printed works.
        const tokens = await svc(
          ['workspace', 'tokens', '--api-key', printed.apiKey, '--json', '--show-tokens'],
          cleanEnv({
            SVC_BASE_URL: emulator.url,
            SVC_WORKSPACE_ID: printed.workspaceId,
            SVC_WORKSPACE_TOKEN: printed.workspaceToken,
          }),
        );
        expect(tokens.exitCode).toBe(0);
        expect(tokens.stdout).toContain(printed.authToken);
      } finally {
        disk.unmount();
      }
    },
  );
});
