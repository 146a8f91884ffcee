import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { cleanEnv } from '../support/e2e.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const REPO_MODULES = join(REPO, 'node_modules');

/** A user's test suite, as docs/testing.md shows it. */
const USER_SUITE = `
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from 'svc/emulator';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({
    seed: {
      workspaces: [
        { ownerEmail: 'me@example.com', organizations: [{ id: 'acme', documents: [{ id: 'd1' }] }] },
      ],
    },
    jobDelay: 'manual',
  });
});
afterAll(() => emu.stop());

test('svc runs against the emulator with env()', async () => {
  const out = execFileSync(
    process.execPath,
    ['node_modules/svc/bin/svc', 'docs', 'list', '--org', 'acme', '--json'],
    { env: { ...process.env, ...emu.env() }, encoding: 'utf8' },
  );
  expect(JSON.parse(out)).toMatchObject([{ id: 'd1' }]);
  expect(await emu.jobs.list()).toEqual([]);
  await emu.reset();
  // The admin token the library made and sends itself; env() hands it on too.
  const token: string = emu.adminToken;
  expect(emu.env().SVC_EMULATOR_ADMIN_TOKEN).toBe(token);
});
`;

/**
 * The package as a user gets it: \`npm pack\`, the tarball unpacked into node_modules/svc of
 * a project outside the repository (what npm install does with it), and a vitest suite there
 * that imports \`svc/emulator\` through the package's exports and type-checks against the
 * shipped types.
 *
 * Its dependencies are not installed from the registry: that builds better-sqlite3 from
 * source (about 80 s) and needs the network. The project's node_modules/svc/node_modules is
 * a link to this repository's node_modules instead, which holds the same dependencies (the
 * lockfile's), and vitest and typescript are linked from there too.
 */
describe('the npm package, installed in a project of its own', () => {
  it('runs a vitest suite against svc/emulator, and its types check', async () => {
    const t0 = performance.now();
    const project = mkdtempSync(join(tmpdir(), 'svc-user-project-'));
    const packed = await execa(
      'npm',
      ['pack', '--ignore-scripts', '--silent', '--pack-destination', project],
      { cwd: REPO },
    );
    const tarball = join(project, packed.stdout.trim().split('\n').at(-1)!);
    // `npm run build:binary` writes the single executable and the image's root filesystem
    // into dist/ (each over 100 MB): they are released on their own, never in the package.
    const entries = (await execa('tar', ['tzf', tarball])).stdout.split('\n');
    expect(entries).toContain('package/dist/main.js');
    expect(
      entries.filter((entry) => /^package\/dist\/(svc-linux-x64|container\/|metafile)/.test(entry)),
    ).toEqual([]);
    const svcDir = join(project, 'node_modules', 'svc');
    mkdirSync(svcDir, { recursive: true });
    await execa('tar', ['xzf', tarball, '-C', svcDir, '--strip-components=1']);
    expect(readdirSync(join(svcDir, 'dist'))).toContain('emulator.d.ts');
    symlinkSync(REPO_MODULES, join(svcDir, 'node_modules'));
    for (const tool of ['vitest', 'typescript', '@types'])
      symlinkSync(join(REPO_MODULES, tool), join(project, 'node_modules', tool));

    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'user-project', private: true, type: 'module' }),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          types: ['node'],
          lib: ['es2023', 'esnext.disposable'],
        },
      }),
    );
    writeFileSync(join(project, 'emulator.test.ts'), USER_SUITE);

    const env = cleanEnv();
    const types = await execa(
      'node',
      [join(REPO_MODULES, 'typescript', 'bin', 'tsc'), '-p', project],
      { cwd: project, env, extendEnv: false, reject: false },
    );
    expect(types.stdout + types.stderr).toBe('');
    expect(types.exitCode).toBe(0);

    const suite = await execa(
      'node',
      [join(REPO_MODULES, 'vitest', 'vitest.mjs'), 'run', '--root', project],
      { cwd: project, env, extendEnv: false, reject: false },
    );
    expect(suite.stdout).toMatch(/1 passed/);
    expect(suite.exitCode).toBe(0);
    console.log(
      `npm pack, unpack and a user's vitest suite: ${(performance.now() - t0).toFixed(0)} ms`,
    );
  }, 120_000);
});
