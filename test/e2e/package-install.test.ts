import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilingPackages } from '../support/compiling-packages.js';
import { cleanEnv } from '../support/e2e.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const NAME = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { name: string })
  .name;
const major = (node: string) => Number(/^v(\d+)/.exec(node)?.[1]);

/**
 * The package installed as a user installs it: `npm install` of the packed tarball into a
 * fresh project, by the Node running this test (24 in CI), with every native build made to
 * fail. Its SQLite is Node's own and everything else is bundled, so the install builds
 * nothing and the program and its emulator work from what it installed. (How long the
 * install takes is bench/install.mjs's to say.)
 */
describe('the npm package, installed by npm', () => {
  let project: string;
  let install: { exitCode?: number; all?: string };
  const installedSvc = () => join(project, 'node_modules', '.bin', 'svc');

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'svc-installed-'));
    const packed = await execa(
      'npm',
      ['pack', '--ignore-scripts', '--silent', '--pack-destination', project],
      { cwd: REPO },
    );
    const tarball = join(project, packed.stdout.trim().split('\n').at(-1)!);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'p', private: true }));
    install = await execa(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball],
      {
        cwd: project,
        env: cleanEnv(),
        extendEnv: false,
        reject: false,
        all: true,
      },
    );
  }, 180_000);

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('is publishable under its name: npm publish --dry-run passes', async () => {
    // The registry refuses a name another package holds, or a version under a newer one.
    const r = await execa('npm', ['publish', '--dry-run', '--ignore-scripts', '--json'], {
      cwd: REPO,
      env: cleanEnv(),
      extendEnv: false,
      reject: false,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const answers = JSON.parse(r.stdout) as Record<
      string,
      { name: string; files: { path: string }[] }
    >;
    const answer = answers[NAME]!;
    expect(answer.name).toBe(NAME);
    expect(answer.files.map((f) => f.path)).toContain('dist/emulator.cjs');
  });

  it('installs without compiling anything', () => {
    expect(install.all).not.toMatch(/gyp|better-sqlite3/i);
    expect(install.exitCode).toBe(0);
    // No installed package has anything for npm to build; this repository's own do (the
    // check finds what it looks for).
    expect(compilingPackages(join(project, 'node_modules'))).toEqual([]);
    expect(compilingPackages(join(REPO, 'node_modules'))).toContain('better-sqlite3');
    expect(existsSync(join(project, 'node_modules', 'better-sqlite3'))).toBe(false);
  });

  // On Node 20 it cannot: the next test.
  it.skipIf(major(process.version) < 22)(
    'runs svc and its emulator from what it installed',
    async () => {
      const r = await execa(
        installedSvc(),
        ['emulator', 'exec', '--', 'sh', '-c', 'svc docs list --org o --json && svc --version'],
        { env: cleanEnv(), extendEnv: false, reject: false, cwd: project },
      );
      expect(r.stderr).toBe('');
      expect(r.stdout.split('\n')[0]).toBe('[]');
      expect(r.exitCode).toBe(0);
    },
  );

  it('on Node 20, whose SQLite better-sqlite3 gives, says in one line how to add it', async () => {
    // The machine's own Node 20 where the tests run on a later one (CI's is 20).
    const node20 = [dirname(process.execPath), ...(process.env.PATH ?? '').split(delimiter)]
      .map((dir) => join(dir, 'node'))
      .find((node) => existsSync(node) && major(nodeVersion(node)) === 20);
    expect(node20, 'no Node 20 on PATH').toBeDefined();
    const r = await execa(
      node20!,
      [join(project, 'node_modules', NAME, 'bin', 'svc'), 'emulator', 'start', '--port', '0'],
      { env: cleanEnv(), extendEnv: false, reject: false, timeout: 20_000 },
    );
    expect(r.stderr).toBe(
      `error: the emulator needs SQLite, which Node ${nodeVersion(node20!).slice(1)} lacks: run npm install better-sqlite3@12 where svc is installed (--global for a global svc), or use Node 22.13 or later`,
    );
    expect(r.exitCode).toBe(1);
  });
});

/** A Node binary's version (`v20.20.2`). */
function nodeVersion(node: string): string {
  return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
}
