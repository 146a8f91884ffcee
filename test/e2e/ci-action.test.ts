import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { processAlive } from '../../src/io/temp-dir.js';
import { compilingPackages } from '../support/compiling-packages.js';
import { BASIC_FIXTURE, cleanEnv, SVC, svc } from '../support/e2e.js';

const SCRIPTS = fileURLToPath(new URL('../../scripts/ci-action/', import.meta.url));
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};

/** A job's environment as the runner gives it to the action's steps, svc on PATH. */
function jobEnv(): Record<string, string> {
  const runner = mkdtempSync(join(tmpdir(), 'svc-runner-'));
  const githubEnv = join(runner, 'github-env');
  const githubOutput = join(runner, 'github-output');
  const githubPath = join(runner, 'github-path');
  for (const file of [githubEnv, githubOutput, githubPath]) writeFileSync(file, '');
  return cleanEnv({
    GITHUB_ENV: githubEnv,
    GITHUB_OUTPUT: githubOutput,
    GITHUB_PATH: githubPath,
    RUNNER_TEMP: runner,
    PATH: `${dirname(SVC)}:${process.env.PATH ?? ''}`,
  });
}

function step(script: string, env: Record<string, string>) {
  return execa('bash', [join(SCRIPTS, script)], {
    env,
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    timeout: 60_000,
  });
}

/** What the runner makes of $GITHUB_ENV for the next steps. */
function exported(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    readFileSync(env.GITHUB_ENV!, 'utf8')
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

// Each test starts and stops a whole emulator: slow on a loaded machine.
describe('the CI action (action.yml) scripts', { timeout: 60_000 }, () => {
  it('start exports the URL and masked credentials to $GITHUB_ENV; stop ends the emulator', async () => {
    const env = jobEnv();
    const install = await step('install.sh', { ...env, INPUT_INSTALL: 'false' });
    expect(install.stderr).toBe('');
    expect(install.exitCode).toBe(0);

    const start = await step('start.sh', {
      ...env,
      INPUT_SEED: BASIC_FIXTURE,
      INPUT_CONSOLE_OPTIONS: 'all',
      INPUT_JOB_DELAY: 'manual',
    });
    expect(start.stderr).toBe('');
    expect(start.exitCode).toBe(0);
    const vars = exported(env);
    expect(Object.keys(vars).sort()).toEqual([
      'SVC_API_KEY',
      'SVC_AUTH_TOKEN',
      'SVC_BASE_URL',
      'SVC_EMULATOR_ADMIN_TOKEN',
      'SVC_WORKSPACE_ID',
      'SVC_WORKSPACE_TOKEN',
    ]);
    expect(readFileSync(env.GITHUB_OUTPUT!, 'utf8')).toBe(`url=${vars.SVC_BASE_URL}\n`);
    // Each secret is masked before anything else could print it, and appears in no other line.
    const lines = start.stdout.split('\n');
    for (const name of [
      'SVC_WORKSPACE_TOKEN',
      'SVC_AUTH_TOKEN',
      'SVC_API_KEY',
      'SVC_EMULATOR_ADMIN_TOKEN',
    ]) {
      const secret = vars[name]!;
      expect(lines).toContain(`::add-mask::${secret}`);
      expect(lines.filter((l) => l.includes(secret))).toEqual([`::add-mask::${secret}`]);
    }

    const state = JSON.parse(
      readFileSync(join(env.RUNNER_TEMP!, 'svc-emulator', 'emulator', 'detached.json'), 'utf8'),
    ) as { pid: number };
    expect(processAlive(state.pid)).toBe(true);
    // A later step of the job, with what the runner exported: the job's workspace, the
    // console options switched on.
    const later = await svc(['folders', 'list', '--org', 'acme', '--json'], cleanEnv(vars));
    expect(later.exitCode).toBe(0);
    // The admin routes want the emulator's admin token, which the runner exported too.
    expect((await fetch(`${vars.SVC_BASE_URL}/_emulator/export`)).status).toBe(401);
    const triggered = await svc(['webhooks', 'trigger', 'comment.add', '--json'], cleanEnv(vars));
    expect(triggered.exitCode, triggered.stderr).toBe(0);

    const stop = await step('stop.sh', env);
    expect(stop.exitCode).toBe(0);
    expect(stop.stderr).toContain(`Stopped the emulator at ${vars.SVC_BASE_URL}`);
    expect(stop.stdout).toContain("::group::The emulator's log");
    expect(processAlive(state.pid)).toBe(false);
    const health = fetch(`${vars.SVC_BASE_URL}/_emulator/health`);
    await expect(health).rejects.toThrow();
  });

  it('start takes a fault plan, webhook hosts and a header prefix, each input one value', async () => {
    const env = jobEnv();
    const plan = {
      rules: [{ path: '/v2/organizations/get', fault: 'status', status: 503, probability: 1 }],
    };
    const start = await step('start.sh', {
      ...env,
      INPUT_SEED: BASIC_FIXTURE,
      INPUT_CONSOLE_OPTIONS: 'all',
      // Spaces inside the JSON: one argument all the same.
      INPUT_FAULTS: JSON.stringify(plan, null, 1),
      INPUT_WEBHOOK_HOSTS: 'hooks.example.test',
      INPUT_HEADER_PREFIX: 'x-acme',
    });
    expect(start.stderr).toBe('');
    expect(start.exitCode).toBe(0);
    const vars = exported(env);
    expect(vars.SVC_HEADER_PREFIX).toBe('x-acme');
    try {
      // The job's svc speaks the emulator's header names, and meets the planned fault.
      const listed = await svc(['folders', 'list', '--org', 'acme', '--json'], cleanEnv(vars));
      expect(listed.exitCode, listed.stderr).toBe(0);
      const faulted = await svc(['orgs', 'list', '--json'], cleanEnv(vars));
      expect(faulted.stderr).toContain('UNAVAILABLE');
      // A delivery to the host the input allowed is attempted, not refused as unlisted.
      const enabled = await svc(
        ['webhooks', 'config', 'update', '--advanced', '--enable'],
        cleanEnv(vars),
      );
      expect(enabled.exitCode, enabled.stderr).toBe(0);
      const endpoint = await svc(
        ['webhooks', 'endpoints', 'create', '--url', 'http://hooks.example.test/in', '--json'],
        cleanEnv(vars),
      );
      expect(endpoint.exitCode, endpoint.stderr).toBe(0);
      const triggered = await svc(['webhooks', 'trigger', 'comment.add'], cleanEnv(vars));
      expect(triggered.exitCode, triggered.stderr).toBe(0);
      let attempts: { error?: string | null }[] = [];
      for (const until = Date.now() + 15_000; attempts.length === 0 && Date.now() < until;) {
        const res = await fetch(`${vars.SVC_BASE_URL}/_emulator/webhooks/deliveries`, {
          headers: { authorization: `Bearer ${vars.SVC_EMULATOR_ADMIN_TOKEN}` },
        });
        const body = (await res.json()) as {
          deliveries: { url: string; attempts: { error?: string | null }[] }[];
        };
        attempts = body.deliveries
          .filter((d) => d.url.includes('hooks.example.test'))
          .flatMap((d) => d.attempts);
        if (attempts.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(attempts.length).toBeGreaterThan(0);
      for (const attempt of attempts) expect(attempt.error ?? '').not.toContain('not sent:');
    } finally {
      expect((await step('stop.sh', env)).exitCode).toBe(0);
    }
  });

  it('start fails the step, with svc saying why, when the emulator cannot start', async () => {
    const env = jobEnv();
    const start = await step('start.sh', { ...env, INPUT_CONSOLE_OPTIONS: 'nonsense' });
    expect(start.exitCode).toBe(2);
    expect(start.stderr).toContain('--console-option must be one of');
    expect(readFileSync(env.GITHUB_ENV!, 'utf8')).toBe('');
    // The always() stop step after a failed start is not a second failure.
    const stop = await step('stop.sh', env);
    expect(stop.exitCode).toBe(0);
  });

  it('install of a package spec installs it, with production dependencies only and nothing compiled', async () => {
    const env = jobEnv();
    const packed = await execa(
      'npm',
      ['pack', '--ignore-scripts', '--silent', '--pack-destination', env.RUNNER_TEMP!],
      { cwd: REPO },
    );
    const tarball = join(env.RUNNER_TEMP!, packed.stdout.trim().split('\n').at(-1)!);
    // No svc of the repository's on PATH.
    const r = await step('install.sh', {
      ...env,
      INPUT_INSTALL: tarball,
      PATH: process.env.PATH ?? '',
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe(PACKAGE.version);
    const [bin] = readFileSync(env.GITHUB_PATH!, 'utf8').trim().split('\n');
    expect(bin).toMatch(/\/node_modules\/\.bin$/);
    const modules = join(bin!, '..');
    // The package and what it loads from node_modules: the keyring addon, prebuilt.
    expect(
      readdirSync(modules)
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual([PACKAGE.name.split('/')[0]!, '@napi-rs'].sort());
    expect(compilingPackages(modules)).toEqual([]);
    const version = await execa(join(bin!, 'svc'), ['--version'], { reject: false });
    expect(version.stdout).toBe(PACKAGE.version);
  });

  it("the default install takes the action's own version, and a job that finds it cached installs nothing", async () => {
    const env = jobEnv();
    const toolCache = join(env.RUNNER_TEMP!, 'tool-cache');
    const cached = join(toolCache, 'svc', PACKAGE.version, 'node_modules', '.bin');
    // What an earlier job left in the cache (a link to this build's svc).
    await execa('mkdir', ['-p', cached]);
    await execa('ln', ['-s', SVC, join(cached, 'svc')]);
    const r = await step('install.sh', {
      ...env,
      INPUT_INSTALL: '',
      GITHUB_ACTION_PATH: REPO,
      RUNNER_TOOL_CACHE: toolCache,
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
    });
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(
      `svc is installed in ${join(toolCache, 'svc', PACKAGE.version)} already`,
    );
    expect(readFileSync(env.GITHUB_PATH!, 'utf8')).toBe(`${cached}\n`);
    // An install would have begun with the folder's package.json.
    expect(existsSync(join(toolCache, 'svc', PACKAGE.version, 'package.json'))).toBe(false);
  });

  it('install with install=false fails when no svc is on PATH', async () => {
    const env = jobEnv();
    const r = await step('install.sh', { ...env, INPUT_INSTALL: 'false', PATH: '/usr/bin:/bin' });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('svc is not on PATH');
  });

  it('action.yml runs these scripts, and passes no credential on a command line', () => {
    const action = readFileSync(new URL('../../action.yml', import.meta.url), 'utf8');
    for (const script of ['install.sh', 'start.sh', 'stop.sh'])
      expect(action).toContain(`bash "$GITHUB_ACTION_PATH/scripts/ci-action/${script}"`);
    expect(action).toMatch(/using: composite/);
    expect(action).not.toMatch(/TOKEN|SVC_API_KEY/);
  });
});
