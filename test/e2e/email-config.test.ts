import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminFetch, cleanEnv, svc } from '../support/e2e.js';
import { ENABLE_SENDGRID } from '../support/email-config.js';
import { KEY, svcInTerminal, type Terminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

const PROVIDER_KEY = 'SG.the-provider-key-never-shown-4242';

const emulator = useEmulator({ seed: null });

let accounts = 0;
/** A config directory with a fresh workspace's profile, and that profile's API key. */
async function workspaceEnv() {
  const env = cleanEnv({ SVC_BASE_URL: emulator.url });
  const created = await svc(
    ['workspace', 'create', '--email', `mail-${++accounts}@example.com`, '--json'],
    env,
  );
  expect(created.exitCode).toBe(0);
  const ws = JSON.parse(created.stdout) as { id: string; apiKeyList: Record<string, unknown> };
  return { env, workspaceId: ws.id, apiKey: Object.keys(ws.apiKeyList)[0] ?? '' };
}

async function storedConfig(workspaceId: string, apiKey: string) {
  const res = await adminFetch(
    emulator,
    `/_emulator/email-config?workspaceId=${workspaceId}&apiKey=${apiKey}`,
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Every file under the config directory, as text: where a leaked key would be. */
function configFiles(env: Record<string, string>): string {
  const dir = env.SVC_CONFIG_DIR ?? '';
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

describe('workspace email-config with flags', () => {
  it('--disable says what is now in force, keeps the rest, and --json prints the answer', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    expect((await svc(ENABLE_SENDGRID, env, `${PROVIDER_KEY}\n`)).exitCode).toBe(0);
    const off = await svc(['workspace', 'email-config', '--disable'], env);
    expect(off.exitCode).toBe(0);
    // The emulator echoes what is stored, as newer services do: that is what is in force.
    expect(off.stderr).toBe(
      'Email notifications are now off: no emails are sent. Stored for when they are back on:',
    );
    expect(off.stdout).toContain('sendgrid');
    const json = await svc(['workspace', 'email-config', '--disable', '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({
      useEmailService: false,
      emailServiceConfig: { type: 'sendgrid', fromEmail: 'noreply@acme.dev' },
    });
    const stored = await storedConfig(workspaceId, apiKey);
    expect(stored.body).toMatchObject({
      useEmailService: false,
      emailServiceConfig: { type: 'sendgrid', fromEmail: 'noreply@acme.dev' },
    });
  });

  it('reads the key from stdin, sends it, and prints the config with the key masked', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    const r = await svc(
      [
        ...ENABLE_SENDGRID,
        '--from-company',
        'Acme',
        '--trigger',
        'comment_annotation.add=off,comment.add=on,comment_annotation.status_change=off',
        '--trigger',
        'comment_annotation.assign=on',
        '--trigger',
        'comment_annotation.priority_change=off',
        '--json',
      ],
      env,
      `${PROVIDER_KEY}\n`,
    );
    expect(r.exitCode).toBe(0);
    // The emulator echoes the stored configuration, the provider key masked.
    expect(JSON.parse(r.stdout)).toMatchObject({
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid', fromCompany: 'Acme' },
    });
    expect(r.stdout).not.toContain(PROVIDER_KEY);
    const stored = await storedConfig(workspaceId, apiKey);
    expect(stored.body).toEqual({
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: '****4242',
        fromEmail: 'noreply@acme.dev',
        fromCompany: 'Acme',
        triggers: {
          'comment_annotation.add': false,
          'comment.add': true,
          'comment_annotation.status_change': false,
          'comment_annotation.assign': true,
          'comment_annotation.priority_change': false,
        },
      },
    });
    expect(configFiles(env)).not.toContain(PROVIDER_KEY);

    // One trigger switched alone: the rest of the stored configuration stays.
    const one = await svc(
      ['workspace', 'email-config', '--trigger', 'comment_annotation.add=on'],
      env,
    );
    expect(one.exitCode).toBe(0);
    const after = await storedConfig(workspaceId, apiKey);
    expect(after.body.emailServiceConfig).toMatchObject({
      type: 'sendgrid',
      fromEmail: 'noreply@acme.dev',
      triggers: {
        'comment_annotation.add': true,
        'comment.add': true,
        'comment_annotation.status_change': false,
        'comment_annotation.assign': true,
        'comment_annotation.priority_change': false,
      },
    });
  });

  it('takes the key from SVC_EMAIL_PROVIDER_KEY and never shows it in --debug or --dry-run', async () => {
    const { env } = await workspaceEnv();
    const withKey = { ...env, SVC_EMAIL_PROVIDER_KEY: PROVIDER_KEY };
    const debug = await svc(
      ['workspace', 'email-config', '--provider', 'custom', '--debug'],
      withKey,
    );
    expect(debug.exitCode).toBe(0);
    const dry = await svc(
      ['workspace', 'email-config', '--provider', 'custom', '--dry-run'],
      withKey,
    );
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('/v2/workspace/emailconfig/update');
    for (const text of [debug.stdout, debug.stderr, dry.stdout, dry.stderr]) {
      expect(text).not.toContain(PROVIDER_KEY);
    }
  });

  it.each([
    [['--from-email', 'not-an-address'], 2, 'fromEmail'],
    [['--trigger', 'page.view=on'], 2, 'NAME is one of comment_annotation.add'],
    [['--trigger', 'comment.add=maybe'], 2, 'NAME=on or NAME=off'],
    [['--enable', '--disable'], 2, 'not both'],
    [[], 2, '--enable or --disable'],
  ])('%j exits %i', async (flags, code, message) => {
    const { env } = await workspaceEnv();
    const r = await svc(['workspace', 'email-config', ...flags], env);
    expect(r.exitCode).toBe(code);
    expect(r.stderr).toContain(message);
  });
});

describe('guided workspace email-config in a terminal', () => {
  /**
   * Starts the guided email-config in a terminal, switches email on and picks `provider`
   * (on a workspace with nothing stored, `sendgrid` and `custom` come after `default`).
   */
  async function guidedToProvider(env: Record<string, string>, provider: 'sendgrid' | 'custom') {
    const term = svcInTerminal(['workspace', 'email-config'], env);
    await term.waitFor('Email notifications');
    term.type(KEY.enter);
    await term.waitFor('Email provider');
    term.type(`${KEY.down.repeat(provider === 'sendgrid' ? 1 : 2)}${KEY.enter}`);
    return term;
  }

  /** Waits for the summary, with the key masked, accepts it, and expects svc to succeed. */
  async function saveMaskedSummary(term: Terminal) {
    await term.waitFor('****4242');
    await term.waitFor('Save this email configuration?');
    term.type(KEY.enter);
    expect(await term.exited).toBe(0);
  }

  it('asks each question, hides the key, confirms with a masked summary, then saves', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    const term = await guidedToProvider(env, 'sendgrid');
    await term.waitFor('sendgrid API key');
    term.type(`${PROVIDER_KEY}${KEY.enter}`);
    await term.waitFor('From email');
    // A rejected answer is cleared: what is typed next replaces it rather than adding to it.
    term.type(`nope${KEY.enter}`);
    await term.waitFor('enter an email address such as noreply@acme.dev');
    term.type(`noreply@acme.dev${KEY.enter}`);
    await term.waitFor('From company');
    term.type(`Acme${KEY.enter}`);
    // Nothing is stored, so there is nothing to keep: the events are asked for at once.
    await term.waitFor('Send an email when');
    // Switch off the first trigger (all start on), then accept.
    term.type(KEY.space);
    term.type(KEY.enter);
    await saveMaskedSummary(term);

    expect(term.screen()).not.toContain(PROVIDER_KEY);
    expect(configFiles(env)).not.toContain(PROVIDER_KEY);
    const stored = await storedConfig(workspaceId, apiKey);
    expect(stored.body).toEqual({
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: '****4242',
        fromEmail: 'noreply@acme.dev',
        fromCompany: 'Acme',
        triggers: {
          'comment_annotation.add': false,
          'comment.add': true,
          'comment_annotation.status_change': true,
          'comment_annotation.assign': true,
          'comment_annotation.priority_change': true,
        },
      },
    });
  });

  it('guides even when SVC_EMAIL_PROVIDER_KEY is set, taking the key from it', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    const term = await guidedToProvider({ ...env, SVC_EMAIL_PROVIDER_KEY: PROVIDER_KEY }, 'custom');
    await term.waitFor('custom API key: from SVC_EMAIL_PROVIDER_KEY');
    await term.waitFor('From email');
    term.type(`noreply@acme.dev${KEY.enter}`);
    await term.waitFor('From company');
    term.type(`Acme${KEY.enter}`);
    await term.waitFor('Send an email when');
    term.type(KEY.enter);
    await saveMaskedSummary(term);

    expect(term.screen()).not.toContain(PROVIDER_KEY);
    const stored = await storedConfig(workspaceId, apiKey);
    expect(stored.body).toMatchObject({
      useEmailService: true,
      emailServiceConfig: {
        type: 'custom',
        apiKey: '****4242',
        fromEmail: 'noreply@acme.dev',
        fromCompany: 'Acme',
      },
    });
  });

  it('changes only what is answered: a new sender keeps a trigger switched off', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    expect((await svc(ENABLE_SENDGRID, env, `${PROVIDER_KEY}\n`)).exitCode).toBe(0);
    const off = ['--trigger', 'comment.add=off'];
    expect((await svc(['workspace', 'email-config', ...off], env)).exitCode).toBe(0);

    const term = svcInTerminal(['workspace', 'email-config'], env);
    await term.waitFor('Email notifications');
    term.type(KEY.enter);
    await term.waitFor('Email provider');
    term.type(KEY.enter);
    await term.waitFor('From email');
    term.type(`news@acme.dev${KEY.enter}`);
    await term.waitFor('From company');
    term.type(KEY.enter);
    await term.waitFor('Events that send an email');
    term.type(KEY.enter);
    await term.waitFor('Save this email configuration?');
    term.type(KEY.enter);
    expect(await term.exited).toBe(0);

    const stored = await storedConfig(workspaceId, apiKey);
    expect(stored.body).toMatchObject({
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: '****4242',
        fromEmail: 'news@acme.dev',
        triggers: { 'comment.add': false },
      },
    });
  });

  it('a declined summary sends nothing', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    const term = svcInTerminal(['workspace', 'email-config'], env);
    await term.waitFor('Email notifications');
    term.type(`${KEY.down}${KEY.enter}`);
    await term.waitFor('Save this email configuration?');
    // The last choice, discard, is one up from the first.
    term.type(`\x1b[A${KEY.enter}`);
    expect(await term.exited).toBe(2);
    expect((await storedConfig(workspaceId, apiKey)).status).toBe(404);
  });

  it('Ctrl-C at the key question exits 130, sending and storing nothing', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    const before = configFiles(env);
    const term = await guidedToProvider(env, 'sendgrid');
    await term.waitFor('API key');
    term.type('SG.half-typed');
    term.type(KEY.ctrlC);
    expect(await term.exited).toBe(130);
    expect((await storedConfig(workspaceId, apiKey)).status).toBe(404);
    expect(configFiles(env)).toBe(before);
  });
});

describe('email that nothing could send', () => {
  it('--enable --provider sendgrid without a key is refused before anything is stored', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    const r = await svc(['workspace', 'email-config', '--enable', '--provider', 'sendgrid'], env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('without its API key');
    expect(r.stderr).toContain('--provider-key-stdin');
    expect((await storedConfig(workspaceId, apiKey)).status).toBe(404);
  });

  it('--enable alone is refused where no provider is stored, and taken where one is', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    const bare = await svc(['workspace', 'email-config', '--enable'], env);
    expect(bare.exitCode).toBe(2);
    expect(bare.stderr).toContain('no provider');
    expect((await storedConfig(workspaceId, apiKey)).status).toBe(404);

    expect((await svc(ENABLE_SENDGRID, env, `${PROVIDER_KEY}\n`)).exitCode).toBe(0);
    expect((await svc(['workspace', 'email-config', '--disable'], env)).exitCode).toBe(0);
    const again = await svc(['workspace', 'email-config', '--enable'], env);
    expect(again.exitCode).toBe(0);
    expect((await storedConfig(workspaceId, apiKey)).body).toMatchObject({
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid', apiKey: '****4242' },
    });
  });

  it('guided, Enter throughout on a workspace with nothing stored offers no "keep" and saves a provider', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    const term = svcInTerminal(['workspace', 'email-config'], env, { cols: 60, rows: 40 });
    await term.waitFor('Email notifications (now never set)');
    term.type(KEY.enter);
    await term.waitFor('Email provider');
    term.type(KEY.enter);
    await term.waitFor('From email (none stored');
    term.type(KEY.enter);
    await term.waitFor('From company (none stored');
    term.type(KEY.enter);
    await term.waitFor('Send an email when');
    term.type(KEY.enter);
    await term.waitFor('Save this email configuration?');
    term.type(KEY.enter);
    expect(await term.exited).toBe(0);
    expect(term.screen()).not.toMatch(/keep/i);
    expect((await storedConfig(workspaceId, apiKey)).body).toMatchObject({
      useEmailService: true,
      emailServiceConfig: { type: 'default' },
    });
  });

  it('guided, shows what is stored (not the key), and changes one field at the summary', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    expect((await svc(ENABLE_SENDGRID, env, `${PROVIDER_KEY}\n`)).exitCode).toBe(0);
    const term = svcInTerminal(['workspace', 'email-config'], env, { cols: 60, rows: 40 });
    await term.waitFor('Email notifications (now on)');
    term.type(KEY.enter);
    await term.waitFor('keep sendgrid');
    term.type(KEY.enter);
    await term.waitFor('(noreply@acme.dev)');
    term.type(KEY.enter);
    await term.waitFor('From company (none stored');
    term.type(KEY.enter);
    await term.waitFor('Send an email when');
    term.type(KEY.enter);
    await term.waitFor('Save this email configuration?');
    // save, change: on or off, provider, from email: three down.
    term.type(`${KEY.down.repeat(3)}${KEY.enter}`);
    await term.waitFor('From email');
    term.type(`news@acme.dev${KEY.enter}`);
    await term.waitFor('news@acme.dev');
    await term.waitFor('Save this email configuration?');
    term.type(KEY.enter);
    expect(await term.exited).toBe(0);
    expect(term.screen()).not.toContain(PROVIDER_KEY);
    expect((await storedConfig(workspaceId, apiKey)).body).toMatchObject({
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid', apiKey: '****4242', fromEmail: 'news@acme.dev' },
    });
  });
});

describe('workspace email-config --show', () => {
  it('reads what is stored (operation 149), the key masked, and changes nothing', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    // Nothing stored yet: the service's defaults.
    const fresh = await svc(['workspace', 'email-config', '--show', '--json'], env);
    expect(fresh.exitCode).toBe(0);
    expect(JSON.parse(fresh.stdout)).toMatchObject({
      useEmailService: false,
      emailServiceConfig: { type: 'default', fromEmail: '', fromCompany: '' },
    });

    expect((await svc(ENABLE_SENDGRID, env, `${PROVIDER_KEY}\n`)).exitCode).toBe(0);
    const before = await storedConfig(workspaceId, apiKey);
    const shown = await svc(['workspace', 'email-config', '--show', '--json'], env);
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).not.toContain(PROVIDER_KEY);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid', fromEmail: 'noreply@acme.dev' },
    });
    const table = await svc(['workspace', 'email-config', '--show'], env);
    expect(table.stdout).toContain('sendgrid');
    expect(table.stdout + table.stderr).not.toContain(PROVIDER_KEY);
    expect(await storedConfig(workspaceId, apiKey)).toEqual(before);
  });

  it('is refused with a change, and sends nothing', async () => {
    const { env, workspaceId, apiKey } = await workspaceEnv();
    const r = await svc(['workspace', 'email-config', '--show', '--enable'], env);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--show changes nothing: give it alone');
    expect((await storedConfig(workspaceId, apiKey)).status).toBe(404);
  });
});
