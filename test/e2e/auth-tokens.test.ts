import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';
import { svcInTerminal } from '../support/pty.js';

/** User tokens and signatures (operations 128 and 129): checked with the key they document. */
const emulator = useEmulator();
const hmac = (data: string) => createHmac('sha256', emulator.workspace.workspaceToken).update(data);

describe('svc auth user-token', () => {
  it('prints to a pipe a JWT whose claims carry the access given, signed with the workspace token', async () => {
    const r = await svc(
      [
        ...[
          'auth',
          'user-token',
          '--user',
          'carol',
          '--name',
          'Carol',
          '--email',
          'carol@example.com',
        ],
        ...['--org', 'acme', '--org-role', 'viewer', '--doc', 'plan'],
      ],
      emulator.env,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const [header, payload, signature] = r.stdout.trim().split('.');
    expect(hmac(`${header}.${payload}`).digest('base64url')).toBe(signature);
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      sub: 'carol',
      userProperties: { name: 'Carol', email: 'carol@example.com', isAdmin: false },
      permissions: {
        resources: [
          { type: 'organization', id: 'acme', accessRole: 'viewer' },
          { type: 'document', id: 'plan', organizationId: 'acme', accessRole: 'editor' },
        ],
      },
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(48 * 3600);
  });

  it('does not print the token at a terminal unless --show asks', async () => {
    const term = svcInTerminal(
      [
        'auth',
        'user-token',
        '--user',
        'carol',
        '--name',
        'Carol',
        '--email',
        'c@example.com',
        '--org',
        'acme',
      ],
      emulator.env,
    );
    expect(await term.exited).toBe(2);
    expect(term.screen()).toContain('the token is a secret: not printed at a terminal');
    expect(term.screen()).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });
});

describe('svc auth signature', () => {
  it('prints the HMAC of the answers, in the documented order, which a test computes again', async () => {
    const answers = [
      {
        hasAccess: true,
        type: 'document',
        resourceId: 'plan',
        userId: 'carol',
        accessRole: 'viewer',
      },
    ];
    const r = await svc(
      ['auth', 'signature', '--permissions', JSON.stringify(answers)],
      emulator.env,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const ordered = [
      {
        userId: 'carol',
        resourceId: 'plan',
        type: 'document',
        hasAccess: true,
        accessRole: 'viewer',
      },
    ];
    expect(r.stdout.trim()).toBe(hmac(JSON.stringify(ordered)).digest('hex'));
  });
});
