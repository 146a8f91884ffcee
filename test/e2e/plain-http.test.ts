import { describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';

/**
 * Calls that carry no credentials obey the plain-http rule too: `workspace create` answers
 * with the new workspace's tokens. The host never resolves, so a request that was sent
 * would end in "could not connect" (75) rather than the refusal (2).
 */
const FAR = 'http://svc.example.invalid:8080';

describe('plain http to a host other than this machine', () => {
  it.each([
    [
      'workspace create',
      ['workspace', 'create', '--email', 'o@example.com', '--name', 'O', '--workspace-name', 'W'],
    ],
    ['workspace email-status', ['workspace', 'email-status', '--email', 'o@example.com']],
    [
      'workspace login-link',
      [
        'workspace',
        'login-link',
        '--email',
        'o@example.com',
        '--continue-url',
        'https://app.example.com/',
      ],
    ],
  ])('%s is refused before anything is sent', async (_name, args) => {
    const r = await svc([...args, '--base-url', FAR, '--no-input'], cleanEnv());
    expect(r.stderr).toContain('over plain http to svc.example.invalid:8080');
    expect(r.stderr).toContain('--insecure');
    expect(r.exitCode).toBe(2);
  });

  it('is sent with --insecure', async () => {
    const r = await svc(
      ['workspace', 'email-status', '--email', 'o@example.com', '--base-url', FAR, '--insecure'],
      cleanEnv(),
    );
    expect(r.stderr).toContain('could not connect to http://svc.example.invalid:8080');
    expect(r.exitCode).toBe(75);
  });
});
