import { describe, expect, it } from 'vitest';
import { fakeService, ok } from '../../support/fake-service.js';

const PATH = '/v2/workspace/emailconfig/update';
const KEY = 'SG.secret-provider-key-9876';

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
    const fake = fakeService({ [PATH]: () => ok(stored) });
    const r = await fake.run(['workspace', 'email-config', '--from-company', 'Acme', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      ...stored,
      emailServiceConfig: { ...stored.emailServiceConfig, apiKey: '****9876' },
    });
    expect(fake.sent(PATH)).toEqual([{ emailServiceConfig: { fromCompany: 'Acme' } }]);
  });

  it('--trigger sends only the named triggers, so one can be switched alone', async () => {
    const fake = fakeService({ [PATH]: () => ok(null) });
    const r = await fake.run(['workspace', 'email-config', '--trigger', 'comment.add=off']);
    expect(r.code).toBe(0);
    expect(fake.sent(PATH)).toEqual([
      { emailServiceConfig: { triggers: { 'comment.add': false } } },
    ]);
  });

  it('--trigger repeats and comma-separates, and a later switch of a trigger wins', async () => {
    const fake = fakeService({ [PATH]: () => ok(null) });
    const r = await fake.run(
      [
        'workspace',
        'email-config',
        '--trigger',
        'comment.add=on,comment_annotation.assign=off',
        '--trigger',
        'comment_annotation.add=off',
        '--trigger',
        'comment.add=off',
      ],
      { tty: true },
    );
    expect(r.code).toBe(0);
    expect(fake.sent(PATH)).toEqual([
      {
        emailServiceConfig: {
          triggers: {
            'comment.add': false,
            'comment_annotation.assign': false,
            'comment_annotation.add': false,
          },
        },
      },
    ]);
    // Only some triggers are known: each is shown with its state, as what is now in force.
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^Email configuration saved\. Now in force:\n\n {2}TRIGGERS +comment\.add=off, comment_annotation\.assign=off, comment_annotation\.add=off\n\nAnything not listed is as it was\.\n$/,
    );
  });

  it('shows the triggers that are on by name when the service echoes them all', async () => {
    const triggers = {
      'comment_annotation.add': false,
      'comment.add': true,
      'comment_annotation.status_change': false,
      'comment_annotation.assign': true,
      'comment_annotation.priority_change': false,
    };
    const fake = fakeService({ [PATH]: () => ok({ emailServiceConfig: { triggers } }) });
    const r = await fake.run(['workspace', 'email-config', '--trigger', 'comment.add=on'], {
      tty: true,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/TRIGGERS\s+comment\.add, comment_annotation\.assign\n/);
  });

  it.each([['page.view=on'], ['comment.add'], ['comment.add=yes'], ['']])(
    '--trigger %j exits 2 naming the valid values, and sends nothing',
    async (value) => {
      const fake = fakeService({});
      const r = await fake.run(['workspace', 'email-config', '--trigger', value, '--json']);
      expect(r.code).toBe(2);
      const { error } = JSON.parse(r.stderr) as { error: { message: string } };
      expect(error.message).toContain('NAME=on or NAME=off');
      expect(error.message).toContain(
        'comment_annotation.add, comment.add, comment_annotation.status_change, comment_annotation.assign, comment_annotation.priority_change',
      );
      expect(fake.all()).toHaveLength(0);
    },
  );

  it('has no --triggers: the contract has --trigger NAME=on/off', async () => {
    const fake = fakeService({});
    const r = await fake.run(['workspace', 'email-config', '--triggers', 'comment.add']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--triggers'");
    expect(fake.all()).toHaveLength(0);
  });

  it('without a terminal, SVC_EMAIL_PROVIDER_KEY alone sends just the key', async () => {
    const fake = fakeService({ [PATH]: () => ok(null) });
    const r = await fake.run(['workspace', 'email-config'], {
      env: { SVC_EMAIL_PROVIDER_KEY: KEY },
    });
    expect(r.code).toBe(0);
    expect(fake.sent(PATH)).toEqual([{ emailServiceConfig: { apiKey: KEY } }]);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('refuses an empty key on stdin before sending', async () => {
    const fake = fakeService({});
    const r = await fake.run(['workspace', 'email-config', '--provider-key-stdin'], {
      stdin: '\n',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('empty key');
    expect(fake.all()).toHaveLength(0);
  });

  it('--disable says what is now in force, and --json prints the answer, not the request', async () => {
    const fake = fakeService({ [PATH]: () => ok(null, { message: 'Email config updated.' }) });
    const shown = await fake.run(['workspace', 'email-config', '--disable'], { tty: true });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe('');
    expect(shown.stderr).toBe(
      'Email notifications are now off: no emails are sent.\n' +
        'The provider, sender and events stay stored, for when they are switched back on.\n',
    );
    const json = await fake.run(['workspace', 'email-config', '--disable', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      status: 'success',
      message: 'Email config updated.',
    });
    expect(fake.sent(PATH)).toEqual([{ useEmailService: false }, { useEmailService: false }]);
  });
});
