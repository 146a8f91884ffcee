import { describe, expect, it } from 'vitest';
import { adminFetch, cleanEnv, svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator({ seed: null });

async function loginLinksSent(): Promise<number> {
  const journal = (await (await adminFetch(emulator, '/_emulator/journal')).json()) as {
    entries: { operation?: string }[];
  };
  return journal.entries.filter((e) => e.operation === 'workspace.loginLink').length;
}

describe('svc workspace login-link', () => {
  it.each([
    ['a control character', 'http://localhost:3000/\u0001next'],
    ['a newline', 'http://localhost:3000/a\nb'],
    ['a terminal escape', 'http://localhost:3000/\u001b]0;pwned\u0007'],
  ])('refuses a --continue-url with %s before sending, exit 2', async (_what, continueUrl) => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const before = await loginLinksSent();
    const r = await svc(
      ['workspace', 'login-link', '--email', 'cc@example.com', '--continue-url', continueUrl],
      env,
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      `--continue-url ${JSON.stringify(continueUrl)} is not accepted: must not contain control characters`,
    );
    // Shown escaped: the terminal never receives the control character itself.
    expect(r.stderr).not.toMatch(/\p{Cc}(?<!\n)/u);
    expect(await loginLinksSent()).toBe(before);
  });

  it('sends a link to the documented console host, and refuses a disposable address', async () => {
    const env = cleanEnv({ SVC_BASE_URL: emulator.url });
    const sent = await svc(
      [
        'workspace',
        'login-link',
        '--email',
        'ada@example.com',
        '--continue-url',
        'https://console.example.com/projects',
      ],
      env,
    );
    expect(sent.exitCode, sent.stderr).toBe(0);
    const disposable = await svc(
      [
        'workspace',
        'login-link',
        '--email',
        'ada@mailinator.com',
        '--continue-url',
        'http://localhost:3000/',
      ],
      env,
    );
    expect(disposable.exitCode).toBe(2);
    expect(disposable.stderr).toContain('disposable');
  });

  it('an emulator started with --allowed-continue-host accepts that host', async () => {
    const script =
      'svc workspace login-link --email ada@example.com --continue-url https://app.example.net/in';
    const allowed = await svc(
      ['emulator', 'exec', '--allowed-continue-host', 'app.example.net', '--', 'sh', '-c', script],
      cleanEnv(),
    );
    expect(allowed.exitCode, allowed.stderr).toBe(0);
    const refused = await svc(['emulator', 'exec', '--', 'sh', '-c', script], cleanEnv());
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('INVALID_ARGUMENT');
  });
});
