import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminFetch, cleanEnv, svc } from '../support/e2e.js';
import { emulatorsPerTest } from '../support/seeded-emulator.js';

/**
 * What the container image stands on, as `svc emulator start` offers it to anyone: the
 * names clients reach it by, the admin token, seeding from a variable, and the health probe.
 */

const FIXTURE = fileURLToPath(new URL('../../examples/fixtures/basic.json', import.meta.url));
const TOKEN = 'a-token-chosen-by-the-user-0123456789';

const { start, stderrOf } = emulatorsPerTest();

/** The status of a GET addressed to `host` (fetch would not let the test set Host). */
function statusOf(url: string, path: string, headers: Record<string, string>): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: Number(port), path, headers, setHost: !('host' in headers) },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('svc emulator start: other names for the emulator', () => {
  it('answers under the names SVC_EMULATOR_ALLOWED_HOSTS or --allowed-host give, and no other', async () => {
    const fromEnv = await start([], { SVC_EMULATOR_ALLOWED_HOSTS: 'svc-emulator,db.internal' });
    const port = new URL(fromEnv.url).port;
    expect(await statusOf(fromEnv.url, '/_emulator/health', { host: `svc-emulator:${port}` })).toBe(
      200,
    );
    expect(await statusOf(fromEnv.url, '/_emulator/health', { host: 'db.internal:4510' })).toBe(
      200,
    );
    expect(
      await statusOf(fromEnv.url, '/_emulator/health', { host: `other.internal:${port}` }),
    ).toBe(403);

    const fromFlag = await start(['--allowed-host', 'svc-emulator:4510']);
    const flagPort = new URL(fromFlag.url).port;
    expect(await statusOf(fromFlag.url, '/_emulator/health', { host: 'svc-emulator:4510' })).toBe(
      200,
    );
    expect(
      await statusOf(fromFlag.url, '/_emulator/health', { host: `svc-emulator:${flagPort}` }),
    ).toBe(403);
  });

  it('refuses a value that is not a host name, saying which flag', async () => {
    const r = await svc(
      ['emulator', 'start', '--port', '0', '--allowed-host', 'http://svc-emulator'],
      cleanEnv(),
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--allowed-host (or SVC_EMULATOR_ALLOWED_HOSTS) takes a host name');
  });
});

describe('svc emulator start: the admin token', () => {
  it('on the network without SVC_EMULATOR_ADMIN_TOKEN, prints a new token first, and the admin routes want it', async () => {
    for (const args of [
      ['--host', '0.0.0.0'],
      // Accepted still, and hidden: the token is the default now.
      ['--host', '0.0.0.0', '--require-admin-token'],
    ]) {
      const e = await start(args, {}, { adminToken: null });
      const export_ = `/_emulator/export`;
      expect(await statusOf(e.url, export_, {}), args.join(' ')).toBe(401);
      expect(await statusOf(e.url, '/_emulator/health', {})).toBe(200);
      const stderr = await stderrOf(e);
      // Its log (a container's) is the one place the token can be read from.
      const token = /^Admin token .*: (\S+)$/m.exec(stderr)?.[1] ?? '';
      expect(token).toMatch(/^[\w-]{43}$/);
      // Guarded, so no warning that the routes are open to the network.
      expect(stderr).not.toContain('warning:');
    }
  });

  it('takes the token from SVC_EMULATOR_ADMIN_TOKEN and never prints it', async () => {
    const e = await start([], { SVC_EMULATOR_ADMIN_TOKEN: TOKEN });
    expect(e.adminToken).toBe(TOKEN);
    expect(await statusOf(e.url, '/_emulator/export', {})).toBe(401);
    expect(await statusOf(e.url, '/_emulator/export', { authorization: `Bearer ${TOKEN}` })).toBe(
      200,
    );
    expect(await statusOf(e.url, '/_emulator/export', { authorization: `Bearer ${TOKEN}x` })).toBe(
      401,
    );
    const stderr = await stderrOf(e);
    expect(stderr).not.toContain(TOKEN);
    expect(stderr).not.toContain('Admin token');
  });

  it('refuses a weak token without echoing it; serves --ui with a token', async () => {
    const weak = await svc(
      ['emulator', 'start', '--port', '0'],
      cleanEnv({ SVC_EMULATOR_ADMIN_TOKEN: 'hunter2' }),
    );
    expect(weak.exitCode).toBe(2);
    expect(weak.stderr).toContain('SVC_EMULATOR_ADMIN_TOKEN must be 16 to 256 printable ASCII');
    expect(weak.stderr).not.toContain('hunter2');

    // The UI sends the token it was opened with (#token=…): --ui and the token go together.
    const ui = await start(['--ui', '--require-admin-token'], { SVC_EMULATOR_ADMIN_TOKEN: TOKEN });
    expect(await statusOf(ui.url, '/_emulator/ui/', {})).toBe(200);
    expect(await statusOf(ui.url, '/_emulator/ui/api/state', {})).toBe(401);
    expect(await stderrOf(ui)).toBe('');
  });

  it('refuses --no-admin-token together with SVC_EMULATOR_ADMIN_TOKEN, without echoing it', async () => {
    const r = await svc(
      ['emulator', 'start', '--port', '0', '--no-admin-token'],
      cleanEnv({ SVC_EMULATOR_ADMIN_TOKEN: TOKEN }),
    );
    expect(r.exitCode).toBe(2);
    expect(r.stdout).not.toContain('"ready"');
    expect(r.stderr).toContain('--no-admin-token');
    expect(r.stderr).toContain('SVC_EMULATOR_ADMIN_TOKEN');
    expect(r.stderr).not.toContain(TOKEN);
  });
});

describe('svc emulator start: seeding from the environment', () => {
  it('loads the fixture in SVC_EMULATOR_SEED_JSON, or the file SVC_EMULATOR_SEED names', async () => {
    const envs: Record<string, string>[] = [
      { SVC_EMULATOR_SEED_JSON: readFileSync(FIXTURE, 'utf8') },
      { SVC_EMULATOR_SEED: FIXTURE },
    ];
    for (const env of envs) {
      const e = await start([], env);
      const exported = await (await adminFetch(e, '/_emulator/export')).json();
      expect(JSON.stringify(exported), Object.keys(env)[0]).toContain('"owner@example.com"');
    }
  });

  it('names the variable when its fixture is not JSON', async () => {
    const r = await svc(
      ['emulator', 'start', '--port', '0'],
      cleanEnv({ SVC_EMULATOR_SEED_JSON: '{"workspaces": [' }),
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('SVC_EMULATOR_SEED_JSON is not valid JSON');
  });
});

describe('svc emulator health', () => {
  it('exits 0 for an emulator that answers, 75 with the reason otherwise', async () => {
    const e = await start(['--require-admin-token']);
    const ok = await svc(['emulator', 'health', '--url', e.url], cleanEnv());
    expect(ok.exitCode, ok.stderr).toBe(0);
    await e.stop();
    const down = await svc(['emulator', 'health', '--url', e.url], cleanEnv());
    expect(down.exitCode).toBe(75);
    expect(down.stderr).toContain(
      `the emulator at ${e.url} is not healthy: cannot connect (ECONNREFUSED)`,
    );
  });
});
