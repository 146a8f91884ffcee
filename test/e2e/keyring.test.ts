import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';
import { canMount, mountSmallDisk } from '../support/small-disk.js';

const basic = useEmulator();
const hasSecretService = ['/usr/bin/dbus-run-session', '/usr/bin/gnome-keyring-daemon'].every(
  existsSync,
);
const hasSecretTool = existsSync('/usr/bin/secret-tool');

interface StoredConfig {
  activeProfile?: string;
  profiles: Record<string, Record<string, string>>;
}

function storedConfig(env: Record<string, string>): StoredConfig {
  return JSON.parse(
    readFileSync(join(env.SVC_CONFIG_DIR ?? '', 'config.json'), 'utf8'),
  ) as StoredConfig;
}

/**
 * A D-Bus session of its own with gnome-keyring's Secret Service in it, unlocked, its files
 * in a temporary HOME: what a Linux desktop gives svc, and nothing of this machine's.
 */
async function startSecretService(): Promise<{ address: string; stop(): void }> {
  const home = mkdtempSync(join(tmpdir(), 'keyring-home-'));
  const child: ChildProcess = spawn(
    'dbus-run-session',
    [
      '--',
      'sh',
      '-c',
      'printf test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; echo "$DBUS_SESSION_BUS_ADDRESS"; exec sleep 600',
    ],
    {
      env: { PATH: process.env.PATH ?? '', HOME: home },
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    },
  );
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', () => reject(new Error('dbus-run-session ended')));
  });
  return {
    address,
    stop() {
      // The whole session: the bus, the keyring daemon and the shell.
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      rmSync(home, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!hasSecretService)('tokens in the OS keyring (a real Secret Service)', () => {
  let service: Awaited<ReturnType<typeof startSecretService>>;
  beforeAll(async () => {
    service = await startSecretService();
  });
  afterAll(() => service.stop());

  /** svc's environment with the session bus, an empty config, and no credentials. */
  const desktopEnv = () =>
    cleanEnv({ SVC_BASE_URL: basic.url, DBUS_SESSION_BUS_ADDRESS: service.address });

  /** What the keyring holds for svc, as secret-tool, another client of it, sees it. */
  function keyringSecrets(): string[] {
    const out = execFileSync('secret-tool', ['search', '--all', 'service', 'svc'], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: service.address },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\n').filter((line) => line.startsWith('secret = '));
  }

  const owner = () => ({
    key: basic.env.SVC_API_KEY ?? '',
    token: basic.env.SVC_AUTH_TOKEN ?? '',
  });

  async function login(env: Record<string, string>, extra: string[] = []) {
    return svc(
      ['auth', 'login', '--api-key', owner().key, '--with-token', ...extra],
      env,
      `${owner().token}\n`,
    );
  }

  it('auth login keeps the token in the keyring and only its entry in the file', async () => {
    const env = desktopEnv();
    const r = await login(env);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).not.toContain('keyring');
    const profile = storedConfig(env).profiles.default ?? {};
    expect(profile.authToken).toBeUndefined();
    expect(profile.keyring).toMatch(/^svc-/);
    expect(readFileSync(join(env.SVC_CONFIG_DIR ?? '', 'config.json'), 'utf8')).not.toContain(
      owner().token,
    );
    if (hasSecretTool) {
      expect(keyringSecrets()).toContain(`secret = {"authToken":"${owner().token}"}`);
    }
    // Commands read it back from there.
    const list = await svc(['docs', 'list', '--org', 'acme', '--limit', '1', '-q'], env);
    expect(list).toMatchObject({ exitCode: 0, stderr: '' });
    expect(list.stdout).toMatch(/^welcome\t/);
  });

  it('auth status says where each token comes from: env > keyring > file', async () => {
    const env = desktopEnv();
    await login(env);
    const status = async (extra: Record<string, string> = {}) =>
      JSON.parse((await svc(['auth', 'status', '--json'], { ...env, ...extra })).stdout) as {
        apiKey: { source: string; token: string };
      };
    expect((await status()).apiKey.source).toBe('keyring');
    expect((await status({ SVC_AUTH_TOKEN: owner().token })).apiKey.source).toBe('env');
    const out = await svc(['auth', 'status'], env);
    expect(out.stdout).not.toContain(owner().token);
    expect(out.stdout).toContain('[keyring]');

    const fileEnv = desktopEnv();
    await login(fileEnv, ['--insecure-storage']);
    expect(storedConfig(fileEnv).profiles.default?.authToken).toBe(owner().token);
    expect((await svc(['auth', 'status', '--json'], fileEnv)).stdout).toContain('"source":"file"');
  });

  it('moves a profile stored in the file into the keyring, and back', async () => {
    const env = desktopEnv();
    expect((await login(env, ['--insecure-storage'])).exitCode).toBe(0);
    // Stored before the keyring was used: it keeps working as it is.
    expect((await svc(['docs', 'list', '--org', 'acme', '-q'], env)).exitCode).toBe(0);

    const moved = await svc(['auth', 'migrate-storage', '--json'], env);
    expect(moved.exitCode).toBe(0);
    expect(JSON.parse(moved.stdout)).toEqual([
      { profile: 'default', storage: 'keyring', moved: true },
    ]);
    const inKeyring = storedConfig(env).profiles.default ?? {};
    expect(inKeyring.authToken).toBeUndefined();
    expect(inKeyring.keyring).toMatch(/^svc-/);
    expect((await svc(['docs', 'list', '--org', 'acme', '-q'], env)).exitCode).toBe(0);
    const again = await svc(['auth', 'migrate-storage', '--json'], env);
    expect(JSON.parse(again.stdout)).toEqual([
      { profile: 'default', storage: 'keyring', moved: false },
    ]);

    const back = await svc(['auth', 'migrate-storage', '--insecure-storage'], env);
    expect(back.exitCode).toBe(0);
    expect(back.stderr).toBe('Moved the tokens of profile "default" to the config file');
    const inFile = storedConfig(env).profiles.default ?? {};
    expect(inFile.authToken).toBe(owner().token);
    expect(inFile.keyring).toBeUndefined();
    if (hasSecretTool) {
      expect(keyringSecrets().filter((s) => s.includes(inKeyring.keyring ?? '?'))).toEqual([]);
    }
  });

  it('replaces stored tokens only with consent, and leaves no stray entry behind', async () => {
    const env = desktopEnv();
    await login(env);
    const before = storedConfig(env).profiles.default?.keyring;
    const entries = hasSecretTool ? keyringSecrets().length : 0;
    const refused = await svc(
      ['auth', 'login', '--api-key', 'other', '--with-token', '--no-verify'],
      env,
      'other-token\n',
    );
    expect(refused.exitCode).toBe(2);
    expect(storedConfig(env).profiles.default?.keyring).toBe(before);
    if (hasSecretTool) expect(keyringSecrets()).toHaveLength(entries);

    const replaced = await svc(
      ['auth', 'login', '--api-key', 'other', '--with-token', '--no-verify', '--force'],
      env,
      'other-token\n',
    );
    expect(replaced.exitCode).toBe(0);
    const after = storedConfig(env).profiles.default?.keyring;
    expect(after).not.toBe(before);
    if (hasSecretTool) {
      // The new entry in place of the old one.
      expect(keyringSecrets()).toHaveLength(entries);
      expect(keyringSecrets()).toContain('secret = {"authToken":"other-token"}');
    }
  });

  it.skipIf(!canMount)(
    'keeps the old entry when the new one cannot be named: a full disk',
    async () => {
      const disk = mountSmallDisk(64);
      try {
        const env = { ...desktopEnv(), SVC_CONFIG_DIR: disk.dir };
        expect((await login(env)).exitCode).toBe(0);
        const before = storedConfig(env).profiles.default?.keyring;
        const entries = hasSecretTool ? keyringSecrets().length : 0;
        disk.fill();
        const r = await svc(
          ['auth', 'login', '--api-key', 'other', '--with-token', '--no-verify', '--force'],
          env,
          'full-disk-token\n',
        );
        expect(r.exitCode).not.toBe(0);
        expect(storedConfig(env).profiles.default?.keyring).toBe(before);
        if (hasSecretTool) {
          expect(keyringSecrets()).toHaveLength(entries);
          expect(keyringSecrets()).not.toContain('secret = {"authToken":"full-disk-token"}');
        }
        expect((await svc(['docs', 'list', '--org', 'acme', '-q'], env)).exitCode).toBe(0);
      } finally {
        disk.unmount();
      }
    },
  );

  it('auth logout and profile remove take the entry out of the keyring', async () => {
    const env = desktopEnv();
    await login(env);
    const account = storedConfig(env).profiles.default?.keyring ?? '';
    const secretOf = () =>
      execFileSync('secret-tool', ['lookup', 'service', 'svc', 'username', account], {
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: service.address },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    if (hasSecretTool) expect(secretOf()).toContain(owner().token);
    expect((await svc(['auth', 'logout'], env)).exitCode).toBe(0);
    expect(storedConfig(env).profiles.default?.keyring).toBeUndefined();
    if (hasSecretTool) expect(() => secretOf()).toThrow();

    await login(env);
    const second = storedConfig(env).profiles.default?.keyring ?? '';
    expect((await svc(['profile', 'remove', 'default', '--yes'], env)).exitCode).toBe(0);
    if (hasSecretTool) {
      expect(keyringSecrets().some((s) => s.includes(second))).toBe(false);
    }
  });
});

describe('no keyring to be had', () => {
  it('with no D-Bus at all: the file, one notice when storing, none with -q or on reads', async () => {
    const env = cleanEnv({ SVC_BASE_URL: basic.url });
    const key = basic.env.SVC_API_KEY ?? '';
    const token = `${basic.env.SVC_AUTH_TOKEN ?? ''}\n`;
    const r = await svc(['auth', 'login', '--api-key', key, '--with-token'], env, token);
    expect(r.exitCode).toBe(0);
    const notices = r.stderr.split('\n').filter((line) => line.includes('keyring'));
    expect(notices).toEqual([
      `the OS keyring is not available (no D-Bus session bus): tokens are stored in ${join(env.SVC_CONFIG_DIR ?? '', 'config.json')}, readable only by you`,
    ]);
    expect(storedConfig(env).profiles.default?.authToken).toBe(token.trim());

    const read = await svc(['docs', 'list', '--org', 'acme'], env);
    expect(read).toMatchObject({ exitCode: 0, stderr: '' });

    const quiet = await svc(
      ['auth', 'login', '--api-key', key, '--with-token', '--force', '-q'],
      env,
      token,
    );
    expect(quiet).toMatchObject({ exitCode: 0, stderr: '' });
    const insecure = await svc(
      ['auth', 'login', '--api-key', key, '--with-token', '--force', '--insecure-storage'],
      env,
      token,
    );
    expect(insecure.stderr).not.toContain('keyring');
  });

  it('a profile whose tokens are in a keyring that cannot be reached: exit 3, nothing sent', async () => {
    const env = cleanEnv({ SVC_BASE_URL: basic.url });
    const key = basic.env.SVC_API_KEY ?? '';
    await svc(['auth', 'login', '--api-key', key, '--with-token', '--no-verify'], env, 'x\n');
    const path = join(env.SVC_CONFIG_DIR ?? '', 'config.json');
    const config = storedConfig(env);
    const profile = config.profiles.default ?? {};
    delete profile.authToken;
    profile.keyring = 'svc-AAAAAAAAAAAAAAAA';
    writeFileSync(path, JSON.stringify(config), { mode: 0o600 });
    const r = await svc(['docs', 'list', '--org', 'acme'], env);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain(
      'profile "default" keeps its tokens in the OS keyring, which cannot be read here: no D-Bus session bus',
    );
    // The environment's token needs no keyring.
    const fromEnv = await svc(['docs', 'list', '--org', 'acme'], {
      ...env,
      SVC_AUTH_TOKEN: basic.env.SVC_AUTH_TOKEN ?? '',
      SVC_WORKSPACE_TOKEN: 'unused',
    });
    expect(fromEnv.exitCode).toBe(0);
  });

  describe('a session bus that never answers', () => {
    let bus: Server;
    let socket: string;
    beforeAll(async () => {
      socket = join(mkdtempSync(join(tmpdir(), 'silent-bus-')), 'bus');
      bus = createServer(() => undefined);
      await new Promise<void>((resolve) => bus.listen(socket, resolve));
    });
    afterAll(() => bus.close());

    it('costs a few seconds, not a hang, and the tokens go to the file', async () => {
      const env = cleanEnv({
        SVC_BASE_URL: basic.url,
        DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}`,
      });
      const started = Date.now();
      const r = await svc(
        ['auth', 'login', '--api-key', 'k', '--with-token', '--no-verify'],
        env,
        'token\n',
      );
      expect(r.exitCode).toBe(0);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(r.stderr).toContain('the OS keyring is not available (it did not answer within 3s)');
      expect(storedConfig(env).profiles.default?.authToken).toBe('token');
    });
  });
});
