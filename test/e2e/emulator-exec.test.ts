import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { cleanEnv, SVC, svc } from '../support/e2e.js';

describe('svc emulator exec', () => {
  it('runs the documented non-TTY scenario end to end', async () => {
    const script =
      'svc workspace create --email a@example.com --name A --workspace-name W --json | jq -e .id && ' +
      'svc workspace tokens --json | jq -e ".authTokens[0].token"';
    const r = await svc(
      ['emulator', 'exec', '--no-workspace', '--', 'sh', '-c', script],
      cleanEnv(),
    );
    expect(r.stderr).not.toContain('error');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^"[^"]+"\n"[^"]+"$/);
  });

  it('hands the command working credentials and passes on its exit code', async () => {
    const ok = await svc(
      ['emulator', 'exec', '--', 'sh', '-c', 'svc auth status --json'],
      cleanEnv(),
    );
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      workspace: { valid: true, source: 'env' },
      apiKey: { valid: true },
    });

    const seven = await svc(['emulator', 'exec', '--', 'sh', '-c', 'exit 7'], cleanEnv());
    expect(seven.exitCode).toBe(7);
    const missing = await svc(['emulator', 'exec', '--', 'no-such-command-xyz'], cleanEnv());
    expect(missing.exitCode).toBe(127);
  });

  it('hands the command none of the secrets svc reads, whatever the environment holds', async () => {
    const secrets = {
      SVC_EMAIL_PROVIDER_KEY: 'SG.production-key',
      SVC_WORKSPACE_TOKEN: 'real-workspace-token',
      SVC_AUTH_TOKEN: 'real-auth-token',
      SVC_API_KEY: 'real-api-key',
    };
    const r = await svc(
      ['emulator', 'exec', '--no-workspace', '--', 'env'],
      cleanEnv({ ...secrets, SVC_TIMEOUT: '30s', SVC_PROFILE: 'production' }),
    );
    expect(r.exitCode).toBe(0);
    for (const [name, value] of Object.entries(secrets)) {
      expect(r.stdout, name).not.toContain(value);
      expect(r.stdout, name).not.toMatch(new RegExp(`^${name}=`, 'm'));
    }
    expect(r.stdout).not.toMatch(/^SVC_PROFILE=/m);
    // Settings that hold no secret still reach it.
    expect(r.stdout).toMatch(/^SVC_TIMEOUT=30s$/m);
  });

  it('hands the command the admin token: the one made at start, or SVC_EMULATOR_ADMIN_TOKEN', async () => {
    // svc webhooks trigger calls an admin route: it sends the token it is handed.
    const made = await svc(
      [
        'emulator',
        'exec',
        '--',
        'sh',
        '-c',
        'echo "$SVC_EMULATOR_ADMIN_TOKEN"; svc webhooks trigger comment.add --json',
      ],
      cleanEnv(),
    );
    expect(made.exitCode, made.stderr).toBe(0);
    const newline = made.stdout.indexOf('\n');
    expect(made.stdout.slice(0, newline)).toMatch(/^[\w-]{43}$/);
    expect(JSON.parse(made.stdout.slice(newline + 1))).toMatchObject({ event: 'comment.add' });

    // Without it, the admin routes refuse the command.
    const probe =
      "fetch(process.env.SVC_BASE_URL + '/_emulator/export').then((r) => console.log(r.status))";
    const refused = await svc(
      ['emulator', 'exec', '--no-workspace', '--', process.execPath, '-e', probe],
      cleanEnv(),
    );
    expect(refused.exitCode, refused.stderr).toBe(0);
    expect(refused.stdout.trim()).toBe('401');

    const token = 'a-token-chosen-by-the-user-0123456789';
    const chosen = await svc(
      ['emulator', 'exec', '--no-workspace', '--', 'sh', '-c', 'echo "$SVC_EMULATOR_ADMIN_TOKEN"'],
      cleanEnv({ SVC_EMULATOR_ADMIN_TOKEN: token }),
    );
    expect(chosen.exitCode, chosen.stderr).toBe(0);
    expect(chosen.stdout.trim()).toBe(token);

    const none = await svc(
      ['emulator', 'exec', '--no-workspace', '--no-admin-token', '--', 'env'],
      cleanEnv(),
    );
    expect(none.exitCode, none.stderr).toBe(0);
    expect(none.stdout).toMatch(/^SVC_BASE_URL=/m);
    expect(none.stdout).not.toMatch(/^SVC_EMULATOR_ADMIN_TOKEN=/m);
  });

  it('gives the command a config dir of its own even when SVC_CONFIG_DIR is set', async () => {
    const realConfig = mkdtempSync(join(tmpdir(), 'svc-real-config-'));
    const r = await svc(
      [
        'emulator',
        'exec',
        '--no-workspace',
        '--',
        'sh',
        '-c',
        'echo "$SVC_CONFIG_DIR"; svc workspace create --email child@example.com --json >/dev/null',
      ],
      cleanEnv({ SVC_CONFIG_DIR: realConfig }),
    );
    expect(r.stderr).not.toContain('error');
    expect(r.exitCode).toBe(0);
    const childDir = r.stdout.trim();
    expect(childDir).not.toBe(realConfig);
    // The child's profile went to its own dir, which is gone; the real one is untouched.
    expect(readdirSync(realConfig)).toEqual([]);
    expect(existsSync(childDir)).toBe(false);
  });

  it('stops the emulator and exits 130 on Ctrl-C, even when the child ignores it', async () => {
    const child = execa(
      SVC,
      ['emulator', 'exec', '--', 'sh', '-c', 'trap "" INT; echo "$SVC_BASE_URL"; exec sleep 30'],
      {
        env: cleanEnv(),
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      },
    );
    const url = await new Promise<string>((resolve) => {
      child.stdout?.once('data', (d: Buffer) => resolve(d.toString().trim()));
    });
    expect((await fetch(`${url}/_emulator/health`)).status).toBe(200);
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(130);
    await expect(fetch(`${url}/_emulator/health`)).rejects.toThrow();
  });
});

describe('examples', () => {
  it('examples/migrate.sh runs under set -e against a seeded emulator', async () => {
    const fixture = new URL('../../examples/fixtures/basic.json', import.meta.url).pathname;
    const script = new URL('../../examples/migrate.sh', import.meta.url).pathname;
    const r = await svc(
      ['emulator', 'exec', '--seed', fixture, '--job-delay', '20ms', '--', 'sh', script],
      cleanEnv(),
    );
    expect(r.stderr).toContain('Both documents migrated.');
    expect(r.exitCode).toBe(0);
  });
});
