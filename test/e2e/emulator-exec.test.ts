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
