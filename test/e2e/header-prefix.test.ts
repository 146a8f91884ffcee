import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * A deployment's own credential header names: an emulator started with `--header-prefix
 * x-acme` reads `x-acme-api-key` and `x-acme-auth-token`, and svc sends them when the flag,
 * SVC_HEADER_PREFIX or the profile says so.
 */
const emulator = useEmulator({ args: ['--header-prefix', 'x-acme'] });

/** The seeded workspace's key, in the environment, without a header prefix. */
function keyEnv(): Record<string, string> {
  return emulator.env;
}

describe('credential headers under a deployment prefix', () => {
  it('are read by an emulator started with the prefix, and sent by svc given it', async () => {
    const plain = await svc(['docs', 'list', '--org', 'acme', '--json'], keyEnv());
    // The contract's names are not the deployment's: the emulator finds no key.
    expect(plain.exitCode).not.toBe(0);
    expect(plain.stderr).toContain('API Key not found in headers');

    const byEnv = await svc(['docs', 'list', '--org', 'acme', '--json'], {
      ...keyEnv(),
      SVC_HEADER_PREFIX: 'x-acme',
    });
    expect(byEnv.exitCode, byEnv.stderr).toBe(0);
    expect(JSON.parse(byEnv.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'plan' })]),
    );

    const byFlag = await svc(
      ['--header-prefix', 'X-Acme', 'docs', 'list', '--org', 'acme', '--debug'],
      keyEnv(),
    );
    expect(byFlag.exitCode, byFlag.stderr).toBe(0);
    // Lower-cased, and the token redacted under its own name as under the contract's.
    expect(byFlag.stderr).toMatch(/x-acme-api-key: /);
    expect(byFlag.stderr).toContain('x-acme-auth-token: [redacted]');
    expect(byFlag.stderr).not.toContain(emulator.workspace.authToken);
  });

  it('is stored in the profile by auth login, and used from there', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const login = await svc(
      [
        '--header-prefix',
        'x-acme',
        'auth',
        'login',
        '--insecure-storage',
        '--api-key',
        emulator.workspace.apiKey,
        '--with-token',
      ],
      env,
      `${emulator.workspace.authToken}\n`,
    );
    expect(login.exitCode, login.stderr).toBe(0);
    const config = JSON.parse(
      readFileSync(join(env.SVC_CONFIG_DIR ?? '', 'config.json'), 'utf8'),
    ) as {
      profiles: Record<string, { headerPrefix?: string }>;
    };
    expect(config.profiles.default?.headerPrefix).toBe('x-acme');
    const listed = await svc(['docs', 'list', '--org', 'acme', '--json'], env);
    expect(listed.exitCode, listed.stderr).toBe(0);
  });

  it('is stored with the workspace workspace create makes, whose key token it then reads', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url, SVC_HEADER_PREFIX: 'x-acme' });
    const created = await svc(
      ['workspace', 'create', '--email', 'ada@example.com', '--insecure-storage', '--json'],
      env,
    );
    expect(created.exitCode, created.stderr).toBe(0);
    const config = JSON.parse(
      readFileSync(join(env.SVC_CONFIG_DIR ?? '', 'config.json'), 'utf8'),
    ) as { profiles: Record<string, { headerPrefix?: string; authToken?: string }> };
    const [profile] = Object.values(config.profiles);
    expect(profile?.headerPrefix).toBe('x-acme');
    // The API key's token was read with the workspace's credentials under the prefix.
    expect(profile?.authToken).toBeDefined();
    const { SVC_HEADER_PREFIX: _unset, ...without } = env;
    const status = await svc(['workspace', 'get', '--json'], without);
    expect(status.exitCode, status.stderr).toBe(0);
  });

  it('refuses a prefix that cannot begin a header name, naming where it came from', async () => {
    const bad = await svc(['--header-prefix', 'x_acme', 'docs', 'list', '--org', 'acme'], keyEnv());
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--header-prefix');
    const badEnv = await svc(['docs', 'list', '--org', 'acme'], {
      ...keyEnv(),
      SVC_HEADER_PREFIX: 'x-acme-',
    });
    expect(badEnv.exitCode).toBe(2);
    expect(badEnv.stderr).toContain('SVC_HEADER_PREFIX');
  });

  it('reaches the command under svc emulator exec', async () => {
    const ran = await svc(
      [
        '--header-prefix',
        'x-acme',
        'emulator',
        'exec',
        '--',
        'sh',
        '-c',
        'echo "$SVC_HEADER_PREFIX"; svc docs list --org acme --json',
      ],
      cleanEnv({}),
    );
    expect(ran.exitCode, ran.stderr).toBe(0);
    expect(ran.stdout.split('\n')[0]).toBe('x-acme');
  });
});
