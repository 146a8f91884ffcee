import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';

interface Config {
  activeProfile?: string;
  profiles: Record<string, { apiKey?: string; authToken?: string }>;
}

describe('config writes from concurrent svc processes', () => {
  it('20 logins at once leave a valid 0600 file holding all 20 profiles', async () => {
    const env = cleanEnv({ SVC_BASE_URL: 'http://127.0.0.1:9' });
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        svc(
          [
            'auth',
            'login',
            '--profile',
            `p${i}`,
            '--no-verify',
            '--api-key',
            `key-${i}`,
            '--with-token',
          ],
          env,
          `token-number-${i}\n`,
        ),
      ),
    );
    expect(runs.map((r) => r.exitCode)).toEqual(Array(20).fill(0));

    const path = join(env.SVC_CONFIG_DIR ?? '', 'config.json');
    const config = JSON.parse(readFileSync(path, 'utf8')) as Config;
    expect(Object.keys(config.profiles).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `p${i}`).sort(),
    );
    for (let i = 0; i < 20; i++) {
      expect(config.profiles[`p${i}`]).toMatchObject({
        apiKey: `key-${i}`,
        authToken: `token-number-${i}`,
      });
    }
    // Exactly one of them became active: the first to take the lock.
    expect(config.activeProfile).toMatch(/^p\d+$/);
    const mode = statSync(path).mode & 0o777;
    expect(mode).toBe(0o600);
    console.log(
      `config: ${runs.length} concurrent writes, ${Object.keys(config.profiles).length} ` +
        `profiles present, mode ${mode.toString(8).padStart(4, '0')}`,
    );
  }, 60_000);

  it('removes and switches profiles under the same lock', async () => {
    const env = cleanEnv({ SVC_BASE_URL: 'http://127.0.0.1:9' });
    for (const name of ['a', 'b', 'c']) {
      const r = await svc(
        ['auth', 'login', '--profile', name, '--no-verify', '--api-key', 'k', '--with-token'],
        env,
        'tok-123456\n',
      );
      expect(r.exitCode).toBe(0);
    }
    const [use, remove] = await Promise.all([
      svc(['profile', 'use', 'b'], env),
      svc(['profile', 'remove', 'c', '--yes'], env),
    ]);
    expect([use.exitCode, remove.exitCode]).toEqual([0, 0]);
    const config = JSON.parse(
      readFileSync(join(env.SVC_CONFIG_DIR ?? '', 'config.json'), 'utf8'),
    ) as Config;
    expect(Object.keys(config.profiles).sort()).toEqual(['a', 'b']);
    expect(config.activeProfile).toBe('b');
  });
});
