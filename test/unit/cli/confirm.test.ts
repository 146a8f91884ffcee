import { describe, expect, it } from 'vitest';
import { fakeService } from '../../support/fake-service.js';

describe('a destructive command that may not prompt and has no --yes', () => {
  it('refuses with one JSON line that names --yes, and sends nothing', async () => {
    const fake = fakeService({});
    const r = await fake.run(['users', 'purge', '--user', 'u1,u2', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `${JSON.stringify({
        error: {
          status: 'USAGE',
          message:
            'refusing to delete all data of 2 users (u1, u2) in every organization where they have data' +
            ' without confirmation: pass --yes to confirm' +
            ' (svc cannot prompt here (no terminal, --no-input or CI))',
        },
        exitCode: 2,
      })}\n`,
    );
    expect(fake.all()).toHaveLength(0);
  });

  it('names how many users a purge deletes, the first few, and the organizations', async () => {
    const fake = fakeService({});
    const users = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'].join(',');
    const r = await fake.run(['users', 'purge', '--user', users, '--org', 'acme,beta']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'error: refusing to delete all data of 7 users (u1, u2, u3, u4, u5 and 2 more)' +
        ' in organizations acme, beta without confirmation',
    );
    expect(fake.all()).toHaveLength(0);
  });

  it('says why it could not ask, for a person reading stderr', async () => {
    const fake = fakeService({});
    const r = await fake.run(['orgs', 'disable', '--org', 'acme', '--no-input']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: refusing to .* without confirmation: pass --yes to confirm\n/,
    );
    expect(r.stderr).toContain('hint: svc cannot prompt here');
    expect(fake.all()).toHaveLength(0);
  });
});
