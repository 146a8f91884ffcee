import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { adminFetch, BASIC_FIXTURE, cleanEnv, startEmulator, SVC, svc } from '../support/e2e.js';
import { KEY, svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator({ jobDelay: '300ms' });
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** Stores the seeded workspace's key pair in profile `default` of `env`'s config. */
async function storeProfile(env: Record<string, string>, baseUrl: string): Promise<void> {
  const login = await svc(
    [
      'auth',
      'login',
      '--base-url',
      baseUrl,
      '--api-key',
      emulator.workspace.apiKey,
      '--with-token',
      '--insecure-storage',
      '--no-verify',
    ],
    env,
    `${emulator.workspace.authToken}\n`,
  );
  expect(login.exitCode, login.stderr).toBe(0);
}

describe('the env file of emulator start --detach', { timeout: 60_000 }, () => {
  it.each(['sh', 'bash'])('sourced with . in %s, points svc at the emulator', async (shell) => {
    const env = cleanEnv();
    const started = await svc(['emulator', 'start', '--detach', '--seed', BASIC_FIXTURE], env);
    expect(started.exitCode, started.stderr).toBe(0);
    const ready = JSON.parse(started.stdout) as { env: string };
    try {
      // A stored profile elsewhere: without export, svc would quietly use it.
      await storeProfile(env, 'http://127.0.0.1:9');
      const listed = await execa(
        shell,
        ['-c', `. "${ready.env}"; svc docs list --org acme --json`],
        {
          env: { ...env, PATH: `${dirname(SVC)}:${process.env.PATH ?? ''}` },
          extendEnv: false,
          reject: false,
        },
      );
      expect(listed.stderr).toBe('');
      expect(listed.exitCode).toBe(0);
      expect(listed.stdout).toContain('"plan"');
      expect(readFileSync(ready.env, 'utf8')).toMatch(/^export SVC_BASE_URL='http:\/\/[^']+'$/m);
    } finally {
      expect((await svc(['emulator', 'stop'], env)).exitCode).toBe(0);
    }
  });
});

describe('credentials from two places', () => {
  it('names which came from the environment and which from the profile, once', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    await storeProfile(env, emulator.url);
    const mixed = await svc(['docs', 'list', '--org', 'acme'], {
      ...env,
      SVC_AUTH_TOKEN: emulator.workspace.authToken,
    });
    expect(mixed.exitCode, mixed.stderr).toBe(0);
    const lines = mixed.stderr.split('\n').filter((l) => l.includes('two places'));
    expect(lines).toEqual([
      'warning: credentials from two places: SVC_AUTH_TOKEN from the environment; the API key from profile "default"',
    ]);

    const fromProfile = await svc(['docs', 'list', '--org', 'acme'], env);
    expect(fromProfile.exitCode).toBe(0);
    expect(fromProfile.stderr).not.toContain('two places');
    const fromEnv = await svc(['docs', 'list', '--org', 'acme'], {
      ...env,
      SVC_API_KEY: emulator.workspace.apiKey,
      SVC_AUTH_TOKEN: emulator.workspace.authToken,
    });
    expect(fromEnv.exitCode).toBe(0);
    expect(fromEnv.stderr).not.toContain('two places');
  });
});

describe("a profile's URL that no longer answers", () => {
  it("is named as the profile's, with how to change it, and auth status says so at once", async () => {
    const gone = await startEmulator();
    await gone.stop();
    const env = cleanEnv();
    await storeProfile(env, gone.url);
    const listed = await svc(['--profile', 'default', 'docs', 'list', '--org', 'acme'], env);
    expect(listed.exitCode).toBe(75);
    expect(listed.stderr).toContain(
      `could not connect to ${gone.url} (ECONNREFUSED), given by profile "default"`,
    );
    expect(listed.stderr).not.toContain('check --base-url or SVC_BASE_URL');
    expect(listed.stderr).toContain('svc --profile default --base-url URL docs list --org acme');
    expect(listed.stderr).toContain('svc --profile default auth login --base-url URL');

    const began = Date.now();
    const status = await svc(['auth', 'status'], env);
    expect(Date.now() - began).toBeLessThan(2_500);
    expect(status.exitCode).toBe(75);
    expect(status.stderr).toContain(
      `could not connect to ${gone.url} (ECONNREFUSED), given by profile "default"`,
    );
    expect(status.stderr).not.toContain('attempts');
  });
});

describe('waits say they wait', () => {
  it('users purge --wait under CI prints the job id and that it waits, as docs migrate does', async () => {
    const env = { ...emulator.env, CI: 'true' };
    const purge = await svc(['users', 'purge', '--user', 'alice', '--yes', '--wait'], env);
    expect(purge.exitCode, purge.stderr).toBe(0);
    expect(purge.stderr).toMatch(/User-data deletion job \S+ started; waiting for it to end/);
  });
});

describe("the README's ready line", () => {
  it('is the one line svc emulator start prints', async () => {
    const shown =
      /prints one line on stdout once it accepts requests:\n\n(?:<!--[^\n]*-->\n)?```json\n(.*)\n```/.exec(
        README,
      )?.[1];
    expect(shown).toBeDefined();
    const started = await startEmulator();
    try {
      const ready = await fetch(`${started.url}/_emulator/health`);
      expect(ready.status).toBe(200);
    } finally {
      await started.stop();
    }
    const printed = String((await started.process).stdout ?? '')
      .split('\n')
      .find((l) => l.includes('"ready"'));
    const { url, pid } = JSON.parse(printed ?? '{}') as { url: string; pid: number };
    const same = (printed ?? '')
      .replaceAll(url, 'http://127.0.0.1:43121')
      .replace(`"pid":${pid}`, '"pid":12345');
    expect(same).toBe(shown);
  });
});

describe('emulator exec points at no emulator it has stopped', () => {
  it('Ctrl-C during a wait inside it says once that the emulator and the job end with it', async () => {
    const term = svcInTerminal(
      [
        'emulator',
        'exec',
        '--seed',
        BASIC_FIXTURE,
        '--job-delay',
        'manual',
        '--',
        'svc',
        'docs',
        'migrate',
        '--org',
        'acme',
        '--doc',
        'spec',
        '--to',
        'spec-2',
        '--wait',
      ],
      cleanEnv(),
    );
    await term.waitFor(/Migration \S+: pending/, 20_000);
    term.type(KEY.ctrlC);
    expect(await term.exited).toBe(130);
    const screen = term.screen();
    expect(screen).toMatch(
      /error: interrupted; the emulator of svc emulator exec stops now, and migration \S+ ends with it/,
    );
    expect(screen.match(/error:/g)).toHaveLength(1);
    expect(screen).not.toContain('resume waiting');
    expect(screen).not.toContain('migration-status');
  });
});

describe('webhooks listen with a receiver that is not there', () => {
  it('names the URL it tried and when the emulator tries again', async () => {
    const env = emulator.env;
    expect(
      (await svc(['webhooks', 'config', 'update', '--advanced', '--enable'], env)).exitCode,
    ).toBe(0);
    const nowhere = 'http://127.0.0.1:9/hook';
    const listen = execa(SVC, ['webhooks', 'listen', '--forward-to', nowhere], {
      env,
      extendEnv: false,
      reject: false,
    });
    try {
      let err = '';
      let out = '';
      listen.stderr?.on('data', (d: Buffer) => (err += d.toString()));
      listen.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      await until(() => err.includes('Ready.'));
      expect((await svc(['webhooks', 'trigger', 'comment.add'], env)).exitCode).toBe(0);
      await until(() => out.includes('attempt 1'));
      expect(out).toMatch(
        /comment\.add {2}attempt 1 {2}→ unreachable at http:\/\/127\.0\.0\.1:9\/hook; next attempt at \d{4}-\S+Z \(in 5s\)\n/,
      );
    } finally {
      listen.kill('SIGINT');
      await listen;
    }
  });
});

/** Resolves once `test` holds, checking every 50ms; fails after 15s. */
async function until(test: () => boolean): Promise<void> {
  for (const started = Date.now(); !test();) {
    if (Date.now() - started > 15_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('svc api --data with the wrapper svc adds itself', () => {
  it('is refused, sending nothing, with the line that sends what was meant', async () => {
    const journal = async () =>
      ((await (await adminFetch(emulator, '/_emulator/journal')).json()) as { entries: unknown[] })
        .entries.length;
    const before = await journal();
    const r = await svc(
      ['api', '/v1/organizations/documents/get', '--data', '{"data":{"organizationId":"acme"}}'],
      emulator.env,
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('svc adds the {"data": …} around it itself');
    expect(r.stderr).toContain(
      `svc api /v1/organizations/documents/get --data '{"organizationId":"acme"}'`,
    );
    expect(await journal()).toBe(before);
    const meant = await svc(
      ['api', '/v1/organizations/documents/get', '--data', '{"organizationId":"acme"}'],
      emulator.env,
    );
    expect(meant.exitCode, meant.stderr).toBe(0);
  });
});

describe('svc mcp ended by its host', () => {
  it('exits 0 on SIGTERM, with no error line', async () => {
    const child = spawn(SVC, ['mcp'], { env: emulator.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await until(() => stderr.includes('serving'));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).not.toContain('error');
  });
});
