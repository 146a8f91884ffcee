import { afterEach, describe, expect, it } from 'vitest';
import { fakeService, ok } from '../../support/fake-service.js';

const PATH = '/v2/workspace/emailconfig/update';
const KEY = 'SG.secret-provider-key-9876';

let fake: ReturnType<typeof fakeService> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('workspace email-config', () => {
  it('prints the configuration a newer service echoes, with its key masked', async () => {
    const stored = {
      useEmailService: true,
      emailServiceConfig: {
        type: 'custom',
        apiKey: KEY,
        fromEmail: 'a@acme.dev',
        fromCompany: 'Acme',
      },
    };
    fake = fakeService({ [PATH]: () => ok(stored) });
    const r = await fake.run(['workspace', 'email-config', '--from-company', 'Acme', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      ...stored,
      emailServiceConfig: { ...stored.emailServiceConfig, apiKey: '****9876' },
    });
    expect(fake.sent(PATH)).toEqual([{ emailServiceConfig: { fromCompany: 'Acme' } }]);
  });

  it('shows the enabled triggers by name in the table', async () => {
    fake = fakeService({ [PATH]: () => ok(null) });
    const r = await fake.run(['workspace', 'email-config', '--triggers', 'comment.add'], {
      tty: true,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/TRIGGERS\s+comment\.add\n/);
  });

  it('--triggers none switches every trigger off', async () => {
    fake = fakeService({ [PATH]: () => ok(null) });
    await fake.run(['workspace', 'email-config', '--triggers', 'none']);
    const sent = fake.sent(PATH)[0] as {
      emailServiceConfig: { triggers: Record<string, boolean> };
    };
    expect(Object.values(sent.emailServiceConfig.triggers)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses an empty key on stdin before sending', async () => {
    fake = fakeService({ [PATH]: () => ok(null) });
    const r = await fake.run(['workspace', 'email-config', '--provider-key-stdin'], {
      stdin: '\n',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('empty key');
    expect(fake.all()).toHaveLength(0);
  });
});
