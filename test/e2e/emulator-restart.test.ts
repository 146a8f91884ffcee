import { afterEach, describe, expect, it } from 'vitest';
import { cleanEnv, startEmulator, svc, type Emulator } from '../support/e2e.js';
import { svcInTerminal } from '../support/pty.js';

const running: Emulator[] = [];
afterEach(async () => {
  for (const emulator of running.splice(0)) await emulator.stop();
});

describe('an in-memory emulator that restarted', () => {
  it('svc emulator start says at start that its data lives only as long as the process', async () => {
    const term = svcInTerminal(['emulator', 'start', '--port', '0'], cleanEnv(), {
      cols: 120,
      rows: 24,
    });
    await term.waitFor('Its data lives only as long as this process');
    await term.waitFor('--data-dir');
    term.signal('SIGINT');
    // Stopped at the signal, as it says it will be.
    expect(await term.exited).toBe(0);
  });

  it('a credentials error against it says the emulator forgot them and how to start again', async () => {
    const first = await startEmulator();
    running.push(first);
    const env = cleanEnv();
    const created = await svc(
      [
        'workspace',
        'create',
        '--email',
        'restart@example.com',
        '--profile',
        'local',
        '--base-url',
        first.url,
      ],
      env,
    );
    expect(created.exitCode, created.stderr).toBe(0);
    await first.stop();
    running.splice(0);

    const second = await startEmulator();
    running.push(second);
    const r = await svc(
      ['docs', 'list', '--org', 'acme', '--profile', 'local', '--base-url', second.url],
      env,
    );
    expect(r.exitCode).toBe(3);
    // svc refused to send the profile's tokens to another origin, and sends nothing there
    // to find out what it is: the advice is conditional.
    expect(r.stderr).toContain(
      `if ${second.url} is an emulator started again without --data-dir, it no longer knows any workspace`,
    );
    expect(r.stderr).toContain('svc workspace create --profile local --force');
    expect(r.stderr).toContain('--data-dir');

    // The same with the tokens sent: the emulator answers that it does not know them.
    const again = await svc(
      ['auth', 'login', '--profile', 'local', '--base-url', second.url, '--force', '--no-verify'],
      env,
      '',
    );
    expect(again.exitCode, again.stderr).toBe(0);
    const unknown = await svc(['docs', 'list', '--org', 'acme', '--profile', 'local'], env);
    expect(unknown.exitCode).toBe(3);
    expect(unknown.stderr).toContain('is an emulator, and it does not know these credentials');
  }, 60_000);
});
