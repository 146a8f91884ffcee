import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { cleanEnv, SVC } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

const basic = useEmulator();

/** Every file and directory under `dir`, relative to it. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

/**
 * svc with a home of its own and no XDG_* or SVC_CONFIG_DIR: its config, state and cache go
 * to the platform's default places under that home, its temporary files under a TMPDIR there too,
 * and the working directory is there as well, so that anything it writes shows up.
 */
describe('what svc writes on this machine', () => {
  let root: string;
  let home: string;
  let work: string;
  let temp: string;
  let env: Record<string, string>;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'footprint-'));
    home = join(root, 'home');
    work = join(root, 'work');
    temp = join(root, 'tmp');
    for (const dir of [home, work, temp]) mkdirSync(dir);
    env = cleanEnv({ HOME: home, TMPDIR: temp, SVC_BASE_URL: basic.url });
    delete env.SVC_CONFIG_DIR;
    for (const key of Object.keys(env)) if (key.startsWith('XDG_')) delete env[key];
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Runs svc in `work`, as a person in their project directory would. */
  function run(args: string[], input?: string) {
    return execa(SVC, args, {
      cwd: work,
      env,
      extendEnv: false,
      reject: false,
      timeout: 30_000,
      ...(input !== undefined ? { input } : { stdin: 'ignore' }),
    });
  }

  it('is its config, state and cache dirs and the files named, nothing else', async () => {
    const folders = join(work, 'folders.csv');
    writeFileSync(folders, 'folderId,folderName\nfp-a,A\nfp-b,B\n');
    const ids = join(work, 'ids.json');
    writeFileSync(ids, JSON.stringify(['plan', 'roadmap']));
    const before = tree(root);

    const key = ['--api-key', basic.env.SVC_API_KEY ?? '', '--with-token'];
    const token = `${basic.env.SVC_AUTH_TOKEN ?? ''}\n`;
    const runs: [string[], string?][] = [
      [['--version']],
      [['version', '--json']],
      [['--help']],
      [['docs', '--help']],
      [['help', 'exit-codes']],
      [['schema', 'docs', 'list']],
      [['completion', 'bash']],
      [['workspace', 'create', '--email', 'fp@example.com', '--profile', 'fp', '--no-input']],
      [['auth', 'login', '--profile', 'owner', ...key], token],
      [['profile', 'use', 'owner']],
      [['profile', 'list', '--json']],
      [['profile', 'show']],
      [['auth', 'status']],
      [['docs', 'list', '--org', 'acme', '--limit', '2']],
      [['docs', 'list', '--org', 'acme', '--jq', '.[].id']],
      [['folders', 'list', '--org', 'acme', '--json']],
      [['permissions', 'get', '--org', 'acme', '--user', 'alice', '--doc', 'plan']],
      [['notifications', 'list', '--org', 'acme', '--user', 'alice', '--all', '--json']],
      [['folders', 'add', '--org', 'acme', '--file', folders]],
      [['docs', 'disable', '--org', 'acme', '--file', ids, '--yes', '--json']],
      [['docs', 'enable', '--org', 'acme', '--file', ids, '--dry-run']],
      [['docs', 'update', '--org', 'acme', '--doc', 'plan', '--name', 'Plan', '-q']],
      [['docs', 'list', '--org', 'acme', '--doc', 'nosuch']],
      [['api', '/v1/organizations/documents/get', '--data', '{"organizationId":"acme"}']],
      [['auth', 'migrate-storage', '--insecure-storage']],
      [['profile', 'remove', 'fp', '--yes']],
    ];
    for (const [args, input] of runs) {
      const r = await run(args, input);
      // Each ran for real: a crash at start would write nothing and prove nothing.
      expect(r.exitCode, `svc ${args.join(' ')}: ${r.stderr}`).toBeLessThanOrEqual(4);
    }

    const config = join('home', '.config', 'svc');
    const state = join('home', '.local', 'state', 'svc');
    // Node's compile cache, on the Nodes that have one (22 and later).
    const cache = join('home', '.cache', 'svc');
    const own = [config, state, cache];
    const added = tree(root).filter((path) => !before.includes(path));
    const elsewhere = added.filter(
      (path) =>
        !own.some((dir) => path === dir || path.startsWith(`${dir}/`)) &&
        // The directories that lead to them.
        !own.some((dir) => dir.startsWith(`${path}/`)),
    );
    expect(elsewhere).toEqual([]);
    // It did write where it should: the profiles, and the bulk run's journal.
    expect(added).toContain(join(config, 'config.json'));
    expect(added.some((path) => path.startsWith(`${state}/`))).toBe(true);
    // Its temporary files (spooled output, decoded input) are gone.
    expect(tree(temp)).toEqual([]);
  }, 120_000);
});
