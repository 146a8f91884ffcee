import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { processAlive } from '../../src/io/temp-dir.js';
import { BASIC_FIXTURE, cleanEnv, goneWithin, SVC, svc } from '../support/e2e.js';

/** An admin token chosen by the user, as a CI job sets one. */
const TOKEN = 'a-token-chosen-by-the-user-0123456789';

interface DetachedReady {
  status: string;
  url: string;
  pid: number;
  env: string;
}

/** The `export NAME='value'` lines of an env file, as a record. */
function readEnvFile(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const [, name = '', value = ''] = /^export (\w+)='([^']*)'$/.exec(line) ?? [];
        return [name, value];
      }),
  );
}

// Each test starts and stops whole emulators, some twice: slow on a loaded machine.
describe('svc emulator start --detach / stop', { timeout: 60_000 }, () => {
  it('returns once the emulator answers, leaves it running, and stop ends it with SIGTERM', async () => {
    const env = cleanEnv();
    const started = await svc(['emulator', 'start', '--detach', '--seed', BASIC_FIXTURE], env);
    expect(started.stderr).toBe('');
    expect(started.exitCode).toBe(0);
    const ready = JSON.parse(started.stdout) as DetachedReady;
    expect(ready.status).toBe('ready');
    expect(processAlive(ready.pid)).toBe(true);
    try {
      // svc's process is gone; the emulator still answers.
      const health = await fetch(`${ready.url}/_emulator/health`);
      expect(health.status).toBe(200);
      // The env file is in the private state directory, for its owner alone.
      expect(dirname(ready.env)).toBe(join(env.SVC_CONFIG_DIR!, 'emulator'));
      expect(statSync(ready.env).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(ready.env)).mode & 0o777).toBe(0o700);
      const vars = readEnvFile(ready.env);
      expect(Object.keys(vars).sort()).toEqual([
        'SVC_API_KEY',
        'SVC_AUTH_TOKEN',
        'SVC_BASE_URL',
        'SVC_EMULATOR_ADMIN_TOKEN',
        'SVC_WORKSPACE_ID',
        'SVC_WORKSPACE_TOKEN',
      ]);
      expect(vars.SVC_BASE_URL).toBe(ready.url);
      // No token on stdout: the ready line names the file that holds them.
      expect(started.stdout).not.toContain(vars.SVC_AUTH_TOKEN!);
      expect(started.stdout).not.toContain(vars.SVC_EMULATOR_ADMIN_TOKEN!);
      // The admin routes want the admin token made for this start, the one in the file.
      expect((await fetch(`${ready.url}/_emulator/export`)).status).toBe(401);
      const exported = await fetch(`${ready.url}/_emulator/export`, {
        headers: { authorization: `Bearer ${vars.SVC_EMULATOR_ADMIN_TOKEN}` },
      });
      expect(exported.status).toBe(200);
      // The credentials are the seed's first workspace's, and work from a shell that loads them.
      const listed = await execa(
        'sh',
        ['-c', `set -a; . "${ready.env}"; set +a; svc docs list --org acme --json`],
        {
          env: { ...cleanEnv(), PATH: `${dirname(SVC)}:${process.env.PATH ?? ''}` },
          reject: false,
        },
      );
      expect(listed.exitCode).toBe(0);
      expect(listed.stdout).toContain('"plan"');

      const again = await svc(['emulator', 'start', '--detach'], env);
      expect(again.exitCode).toBe(2);
      expect(again.stderr).toContain(`already running at ${ready.url} (pid ${ready.pid})`);
    } finally {
      const stopped = await svc(['emulator', 'stop'], env);
      expect(stopped.exitCode).toBe(0);
      expect(stopped.stderr).toContain(`Stopped the emulator at ${ready.url} (pid ${ready.pid})`);
    }
    expect(processAlive(ready.pid)).toBe(false);
    expect(() => statSync(ready.env)).toThrow();
    const twice = await svc(['emulator', 'stop'], env);
    expect(twice.exitCode).toBe(0);
    expect(twice.stderr).toContain('nothing to stop');
  });

  it('stop after the emulator was killed says so and forgets it', async () => {
    const env = cleanEnv();
    const started = await svc(['emulator', 'start', '--detach', '--job-delay', 'manual'], env);
    expect(started.exitCode).toBe(0);
    const ready = JSON.parse(started.stdout) as DetachedReady;
    expect(readEnvFile(ready.env).SVC_WORKSPACE_ID).toBeTruthy();
    process.kill(ready.pid, 'SIGKILL');
    expect(await goneWithin(ready.pid, 10_000)).toBe(true);
    const stopped = await svc(['emulator', 'stop'], env);
    expect(stopped.exitCode).toBe(0);
    expect(stopped.stderr).toContain('had already stopped');
    // Nothing is recorded any more: a new start is allowed.
    const restarted = await svc(['emulator', 'start', '--detach'], env);
    expect(restarted.exitCode).toBe(0);
    const second = JSON.parse(restarted.stdout) as DetachedReady;
    await svc(['emulator', 'stop'], env);
    expect(await goneWithin(second.pid, 10_000)).toBe(true);
  });

  it("a bad seed file fails the start with the emulator's reason, and leaves nothing running", async () => {
    const env = cleanEnv();
    const bad = join(mkdtempSync(join(tmpdir(), 'svc-detach-')), 'bad.json');
    writeFileSync(bad, '{"workspaces": [{"ownerEmail": 3}]}');
    const started = await svc(['emulator', 'start', '--detach', '--seed', bad], env);
    expect(started.exitCode).toBe(2);
    expect(started.stderr).toContain('bad.json');
    expect(started.stderr).toContain('ownerEmail');
    const stop = await svc(['emulator', 'stop'], env);
    expect(stop.stderr).toContain('nothing to stop');
  });

  it('takes the admin token from SVC_EMULATOR_ADMIN_TOKEN, with --require-admin-token, and writes it to the env file', async () => {
    const env = cleanEnv({ SVC_EMULATOR_ADMIN_TOKEN: TOKEN });
    const started = await svc(['emulator', 'start', '--detach', '--require-admin-token'], env);
    expect(started.exitCode, started.stderr).toBe(0);
    const ready = JSON.parse(started.stdout) as DetachedReady;
    try {
      const vars = readEnvFile(ready.env);
      expect(vars.SVC_EMULATOR_ADMIN_TOKEN).toBe(TOKEN);
      expect(vars.SVC_WORKSPACE_ID).toBeTruthy();
      expect(`${started.stdout}${started.stderr}`).not.toContain(TOKEN);
      expect((await fetch(`${ready.url}/_emulator/export`)).status).toBe(401);
      const exported = await fetch(`${ready.url}/_emulator/export`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(exported.status).toBe(200);
      expect(JSON.stringify(await exported.json())).toContain(vars.SVC_WORKSPACE_ID!);
    } finally {
      const stopped = await svc(['emulator', 'stop'], env);
      expect(stopped.exitCode).toBe(0);
    }
    expect(await goneWithin(ready.pid, 10_000)).toBe(true);
  });

  it('refuses --detach with --no-admin, before starting anything', async () => {
    const r = await svc(['emulator', 'start', '--detach', '--no-admin'], cleanEnv());
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('drop --no-admin');
  });
});
