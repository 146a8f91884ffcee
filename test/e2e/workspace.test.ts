import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminFetch, cleanEnv, svc } from '../support/e2e.js';
import { jsonNotices } from '../support/json-notices.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator({ seed: null });

interface Profiles {
  activeProfile: string;
  profiles: Record<string, Record<string, string>>;
}

describe('workspace commands against the emulator', () => {
  it('creates a workspace, stores a 0600 profile, and later commands use it', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const created = await svc(
      [
        'workspace',
        'create',
        '--email',
        'ada@example.com',
        '--name',
        'Ada',
        '--workspace-name',
        'W',
        '--json',
      ],
      env,
    );
    expect(jsonNotices(created.stderr).join('\n')).toContain('profile "default"');
    expect(created.exitCode).toBe(0);
    const ws = JSON.parse(created.stdout) as { id: string; name: string; owner: { email: string } };
    expect(ws.name).toBe('W');
    expect(ws.owner.email).toBe('ada@example.com');

    const file = join(env.SVC_CONFIG_DIR ?? '', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const config = JSON.parse(readFileSync(file, 'utf8')) as Profiles;
    const profile = config.profiles.default ?? {};
    expect(profile.workspaceId).toBe(ws.id);
    expect(profile.baseUrl).toBe(emulator.url);

    // No credentials in the environment: the profile supplies them.
    type Tokens = { apiKey: string; authTokens: { token: string; name: string }[] };
    const tokens = await svc(['workspace', 'tokens', '--json'], env);
    expect(tokens.exitCode).toBe(0);
    const t = JSON.parse(tokens.stdout) as Tokens;
    expect(t.apiKey).toBe(profile.apiKey);
    expect(t.authTokens[0]?.token).toBe(`****${profile.authToken?.slice(-4)}`);
    expect(t.authTokens[0]?.name).toBe('Default Auth Token');
    expect(tokens.stdout).not.toContain(profile.authToken);
    const shown = await svc(['workspace', 'tokens', '--json', '--show-tokens'], env);
    expect((JSON.parse(shown.stdout) as Tokens).authTokens[0]?.token).toBe(profile.authToken);

    const status = await svc(['auth', 'status', '--json'], env);
    expect(status.exitCode).toBe(0);
    const s = JSON.parse(status.stdout) as {
      workspace: { valid: boolean };
      apiKey: { valid: boolean };
    };
    expect(s.workspace.valid).toBe(true);
    expect(s.apiKey.valid).toBe(true);

    // Piped, without --json: tab-separated lines, no header (execa strips the last newline),
    // the token masked unless --show-tokens.
    const tsv = await svc(['workspace', 'tokens'], env);
    expect(tsv.stdout).toBe(`Default Auth Token\t****${profile.authToken?.slice(-4)}\t`);
    const clear = await svc(['workspace', 'tokens', '--show-tokens'], env);
    expect(clear.stdout).toBe(`Default Auth Token\t${profile.authToken}\t`);
  });

  it('rejects a disposable address with exit 2 and INVALID_ARGUMENT', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const r = await svc(['workspace', 'create', '--email', 'x@mailinator.com'], env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('INVALID_ARGUMENT');
    expect(r.stdout).toBe('');

    const json = await svc(['workspace', 'create', '--email', 'x@mailinator.com', '--json'], env);
    expect(json.exitCode).toBe(2);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr)).toMatchObject({
      error: { status: 'INVALID_ARGUMENT' },
      exitCode: 2,
    });
  });

  it('exits 3 when the service rejects SVC_AUTH_TOKEN', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    await svc(['workspace', 'create', '--email', 'wrong-token@example.com'], env);
    const r = await svc(['auth', 'status'], { ...env, SVC_AUTH_TOKEN: 'not-a-real-token-000000' });
    expect(r.exitCode).toBe(3);
    const api = await svc(['api', '/v2/crdt/update'], {
      ...env,
      SVC_AUTH_TOKEN: 'not-a-real-token-000000',
    });
    expect(api.exitCode).toBe(3);
    expect(JSON.parse(api.stdout)).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });

  it('never prints a token in --debug output', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const created = await svc(
      ['workspace', 'create', '--email', 'debug@example.com', '--debug'],
      env,
    );
    expect(created.exitCode).toBe(0);
    const config = JSON.parse(
      readFileSync(join(env.SVC_CONFIG_DIR ?? '', 'config.json'), 'utf8'),
    ) as Profiles;
    const profile = config.profiles.default ?? {};
    const tokens = await svc(['workspace', 'tokens', '--debug'], env);
    expect(tokens.exitCode).toBe(0);
    const traces = created.stderr + tokens.stderr;
    expect(traces).toContain('POST ');
    expect(traces).toContain('[redacted]');
    for (const secret of [profile.workspaceToken, profile.authToken]) {
      expect(secret).toBeTruthy();
      expect(traces).not.toContain(secret);
    }
  });

  it('verifies the owner email through the login link in the outbox', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    await svc(['workspace', 'create', '--email', 'verify@example.com'], env);
    const before = await svc(
      ['workspace', 'email-status', '--email', 'verify@example.com', '--json'],
      env,
    );
    expect(JSON.parse(before.stdout)).toEqual({ verified: false });

    const sent = await svc(
      [
        'workspace',
        'login-link',
        '--email',
        'verify@example.com',
        '--continue-url',
        'http://localhost:3000/',
      ],
      env,
    );
    expect(sent.exitCode).toBe(0);
    const outbox = (await (await adminFetch(emulator, '/_emulator/outbox')).json()) as {
      messages: { to: string; link: string }[];
    };
    const message = outbox.messages.find((m) => m.to === 'verify@example.com');
    expect(message?.link).toMatch(/\/_emulator\/verify\?/);
    const visit = await fetch(message?.link ?? '', { redirect: 'manual' });
    expect([200, 302]).toContain(visit.status);

    const after = await svc(
      ['workspace', 'email-status', '--email', 'verify@example.com', '--json'],
      env,
    );
    expect(JSON.parse(after.stdout)).toEqual({ verified: true });
    const unknown = await svc(['workspace', 'email-status', '--email', 'nobody@example.com'], env);
    expect(unknown.exitCode).toBe(4);
  });

  it('exits 75 for an unreachable service, after retrying, without hanging', async () => {
    const started = Date.now();
    const r = await svc(
      ['workspace', 'email-status', '--email', 'a@example.com', '--debug'],
      cleanEnv({
        SVC_BASE_URL: 'http://127.0.0.1:9',
      }),
    );
    expect(r.exitCode).toBe(75);
    expect(r.stderr).toContain('could not connect');
    expect(r.stderr.match(/\(attempt \d\/4\)/g)).toHaveLength(4);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
