import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASIC_FIXTURE,
  cleanEnv,
  seedWorkspaces,
  startEmulator,
  svc,
  type Emulator,
  type SeededWorkspace,
} from '../support/e2e.js';

let emulator: Emulator;
let env: Record<string, string>;
let owner: SeededWorkspace;

beforeAll(async () => {
  emulator = await startEmulator();
  const seeded = await seedWorkspaces(emulator, readFileSync(BASIC_FIXTURE, 'utf8'));
  env = seeded.envFor('owner@example.com');
  owner = seeded.workspaces.find((w) => w.ownerEmail === 'owner@example.com') as SeededWorkspace;
});
afterAll(() => emulator.stop());

const notice = (shown: number, total: number) =>
  `showing ${shown} of ${total} items; --limit ${shown} left out ${total - shown}`;

describe('--limit N on listings', () => {
  it('prints the first N documents, piped or as JSON, and says how many were left out', async () => {
    const all = JSON.parse((await svc(['docs', 'list', '--org', 'acme', '--json'], env)).stdout);
    expect(all.length).toBeGreaterThan(3);

    const piped = await svc(['docs', 'list', '--org', 'acme', '--limit', '3'], env);
    expect(piped.exitCode).toBe(0);
    expect(piped.stdout.split('\n').map((line) => line.split('\t')[0])).toEqual(
      all.slice(0, 3).map((d: { id: string }) => d.id),
    );
    expect(piped.stderr).toBe(notice(3, all.length));

    const json = await svc(['docs', 'list', '--org', 'acme', '--limit', '3', '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual(all.slice(0, 3));
    expect(JSON.parse(json.stderr)).toEqual({ info: { message: notice(3, all.length) } });
  });

  it('composes with --jq: jq reads the cut document', async () => {
    const r = await svc(['docs', 'list', '--org', 'acme', '--limit', '2', '--jq', 'length'], env);
    expect(r.stdout).toBe('2');
    expect(r.stderr).toContain('"info"');
  });

  it('says nothing when the listing fits, and --quiet silences the notice', async () => {
    const fits = await svc(['docs', 'list', '--org', 'acme', '--limit', '100'], env);
    expect(fits.exitCode).toBe(0);
    expect(fits.stderr).toBe('');
    const quiet = await svc(['docs', 'list', '--org', 'acme', '--limit', '1', '-q'], env);
    expect(quiet.stdout.split('\n')).toHaveLength(1);
    expect(quiet.stderr).toBe('');
  });

  it('cuts the folder tree in the order it is shown', async () => {
    const full = await svc(['folders', 'list', '--org', 'acme'], env);
    const rows = full.stdout.split('\n');
    const r = await svc(['folders', 'list', '--org', 'acme', '--limit', '2'], env);
    expect(r.stdout.split('\n')).toEqual(rows.slice(0, 2));
    expect(r.stderr).toBe(notice(2, rows.length));
    const json = await svc(['folders', 'list', '--org', 'acme', '--limit', '2', '--json'], env);
    expect(JSON.parse(json.stdout)).toHaveLength(2);
  });

  it('cuts the rows of permissions get, and its JSON map to the first N users', async () => {
    const args = ['permissions', 'get', '--org', 'acme', '--user', 'alice,bob', '--doc', 'plan'];
    const full = await svc(args, env);
    const rows = full.stdout.split('\n');
    expect(rows.length).toBeGreaterThan(2);
    const r = await svc([...args, '--limit', '2'], env);
    expect(r.stdout.split('\n')).toEqual(rows.slice(0, 2));
    const json = await svc([...args, '--limit', '1', '--json'], env);
    expect(Object.keys(JSON.parse(json.stdout))).toEqual(['alice']);
    expect(JSON.parse(json.stderr)).toEqual({ info: { message: notice(1, 2) } });
  });

  it("cuts a user's notification settings", async () => {
    const args = ['notifications', 'config', '--org', 'acme', '--user', 'alice'];
    const r = await svc([...args, '--doc', 'plan,roadmap,welcome', '--limit', '1', '--json'], env);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
    expect(JSON.parse(r.stderr)).toEqual({ info: { message: notice(1, 3) } });
  });

  it('cuts the stored profiles, and keeps the shape of workspace tokens', async () => {
    const config = cleanEnv();
    for (const name of ['a', 'b', 'c']) {
      const login = await svc(
        [
          'auth',
          'login',
          '--profile',
          name,
          '--base-url',
          emulator.url,
          '--api-key',
          'k',
          '--with-token',
          '--no-verify',
        ],
        config,
        'token\n',
      );
      expect(login.exitCode).toBe(0);
    }
    const profiles = await svc(['profile', 'list', '--limit', '2', '--jq', '.[].name'], config);
    expect(profiles.stdout).toBe('a\nb');
    expect(JSON.parse(profiles.stderr)).toEqual({ info: { message: notice(2, 3) } });

    const workspaceEnv = cleanEnv({
      SVC_BASE_URL: emulator.url,
      SVC_WORKSPACE_ID: owner.workspaceId,
      SVC_WORKSPACE_TOKEN: owner.workspaceToken,
    });
    const tokens = await svc(
      ['workspace', 'tokens', '--api-key', owner.apiKey, '--limit', '1', '--jq', 'keys'],
      workspaceEnv,
    );
    expect(tokens.exitCode).toBe(0);
    expect(tokens.stdout).toBe('["apiKey","authTokens"]');
  });

  it.each([['0'], ['-1'], ['1.5'], ['ten']])('refuses --limit %s with exit 2', async (value) => {
    const r = await svc(['docs', 'list', '--org', 'acme', '--limit', value], env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--limit must be a whole number of at least 1');
  });
});
