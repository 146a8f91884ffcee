import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSecretBox, SecretBox } from '../../../src/emulator/secrets.js';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import { envelope } from '../../support/envelopes.js';
import { createWorkspace, expectError, keyHeaders, post, request } from './helpers.js';

const PATH = '/v2/workspace/emailconfig/update';
const PROVIDER_KEY = 'SG.provider-secret-key-0123456789';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function adminConfig(url: string, c: { workspaceId: string; apiKey: string }) {
  return request(`${url}/_emulator/email-config?workspaceId=${c.workspaceId}&apiKey=${c.apiKey}`);
}

describe('email config (op 3)', () => {
  it('stores the config, merging later updates, and echoes what is stored, key masked', async () => {
    emulator = await startEmulator();
    const c = await createWorkspace(emulator.url, 'mail@example.com');
    const first = await post(
      emulator.url,
      PATH,
      {
        useEmailService: true,
        emailServiceConfig: {
          type: 'sendgrid',
          apiKey: PROVIDER_KEY,
          fromEmail: 'noreply@example.com',
          fromCompany: 'Example',
          triggers: { 'comment.add': true, 'comment_annotation.add': true },
        },
      },
      keyHeaders(c),
    );
    expect(first.status).toBe(200);
    expect(first.json).toEqual(
      envelope.standard(
        {
          useEmailService: true,
          emailServiceConfig: {
            type: 'sendgrid',
            // As long as the key, its last four shown: svc's own masking still shows them.
            apiKey: `${'*'.repeat(PROVIDER_KEY.length - 4)}6789`,
            fromEmail: 'noreply@example.com',
            fromCompany: 'Example',
            triggers: { 'comment.add': true, 'comment_annotation.add': true },
          },
        },
        { message: 'Email config updated.' },
      ),
    );
    expect(first.text).not.toContain(PROVIDER_KEY);

    const second = await post(
      emulator.url,
      PATH,
      { emailServiceConfig: { fromCompany: 'Example Inc', triggers: { 'comment.add': false } } },
      keyHeaders(c),
    );
    const stored = await adminConfig(emulator.url, c);
    expect((second.json as { result: { data: unknown } }).result.data).toEqual({
      ...(stored.json as object),
      emailServiceConfig: {
        ...(stored.json as { emailServiceConfig: object }).emailServiceConfig,
        apiKey: `${'*'.repeat(PROVIDER_KEY.length - 4)}6789`,
      },
    });
    expect(stored.json).toEqual({
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: '****6789',
        fromEmail: 'noreply@example.com',
        fromCompany: 'Example Inc',
        triggers: { 'comment.add': false, 'comment_annotation.add': true },
      },
    });
  });

  it.each([
    ['a bad from address', { emailServiceConfig: { fromEmail: 'not an address' } }],
    ['an unknown trigger', { emailServiceConfig: { triggers: { 'page.view': true } } }],
    ['neither member', {}],
    ['an unknown member', { emailServiceConfig: { fromName: 'x' } }],
  ])('refuses %s with INVALID_ARGUMENT and stores nothing', async (_what, data) => {
    emulator = await startEmulator();
    const c = await createWorkspace(emulator.url, 'bad-mail@example.com');
    expectError(await post(emulator.url, PATH, data, keyHeaders(c)), 400, 'INVALID_ARGUMENT');
    expect((await adminConfig(emulator.url, c)).status).toBe(404);
  });

  it('keeps each API key to its own config', async () => {
    emulator = await startEmulator();
    const a = await createWorkspace(emulator.url, 'a-mail@example.com');
    const b = await createWorkspace(emulator.url, 'b-mail@example.com');
    await post(emulator.url, PATH, { useEmailService: true }, keyHeaders(a));
    expect((await adminConfig(emulator.url, a)).status).toBe(200);
    expect((await adminConfig(emulator.url, b)).status).toBe(404);
  });

  it('keeps the provider key encrypted at rest, readable after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-mail-'));
    emulator = await startEmulator({ dataDir });
    const c = await createWorkspace(emulator.url, 'rest@example.com');
    await post(
      emulator.url,
      PATH,
      { emailServiceConfig: { type: 'custom', apiKey: PROVIDER_KEY } },
      keyHeaders(c),
    );
    await emulator.close();

    for (const file of readdirSync(dataDir)) {
      expect(readFileSync(join(dataDir, file)).includes(PROVIDER_KEY)).toBe(false);
    }
    expect(statSync(join(dataDir, 'emulator.key')).mode & 0o777).toBe(0o600);

    emulator = await startEmulator({ dataDir });
    const stored = (await adminConfig(emulator.url, c)).json as {
      emailServiceConfig: { apiKey: string };
    };
    expect(stored.emailServiceConfig.apiKey).toBe('****6789');
  });
});

describe('SecretBox', () => {
  it('opens what it sealed, with a fresh IV each time', () => {
    const box = openSecretBox(undefined);
    const a = box.seal('hello');
    expect(box.seal('hello')).not.toBe(a);
    expect(box.open(a)).toBe('hello');
  });

  it('refuses a value sealed under another key, or tampered with', () => {
    const sealed = openSecretBox(undefined).seal('hello');
    expect(() => openSecretBox(undefined).open(sealed)).toThrow();
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => new SecretBox(Buffer.alloc(32)).open(bytes.toString('base64'))).toThrow();
  });
});
