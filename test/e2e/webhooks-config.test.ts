import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const emulator = useEmulator();

const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe('svc webhooks config and endpoints', () => {
  it('refuse endpoints until advanced webhooks are enabled, then manage them', async () => {
    const early = await svc(
      ['webhooks', 'endpoints', 'create', '--url', 'http://127.0.0.1:9/hook'],
      emulator.env,
    );
    expect(early.exitCode).not.toBe(0);
    expect(early.stderr).toContain('svc webhooks config update --advanced --enable');

    const enabled = await svc(
      ['webhooks', 'config', 'update', '--advanced', '--enable', '--json'],
      emulator.env,
    );
    expect(enabled.exitCode, enabled.stderr).toBe(0);
    expect(json(enabled.stdout)).toMatchObject({ isEnabled: true, encodeData: false });

    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await svc(
        [
          'webhooks',
          'endpoints',
          'create',
          '--url',
          `http://127.0.0.1:9/hook${n}`,
          '--events',
          'comment.add,crdt.update_data',
          '--rate-limit',
          '5',
          '--uid',
          `hook-${n}`,
          '--json',
        ],
        emulator.env,
      );
      expect(created.exitCode, created.stderr).toBe(0);
      const endpoint = json(created.stdout);
      expect(endpoint).toMatchObject({
        filterTypes: ['comment.add', 'crdt.update_data'],
        rateLimit: 5,
        channels: null,
        disabled: false,
      });
      ids.push(String(endpoint.id));
    }

    const unknownEvent = await svc(
      [
        'webhooks',
        'endpoints',
        'create',
        '--url',
        'http://127.0.0.1:9/x',
        '--events',
        'comment.ad',
      ],
      emulator.env,
    );
    expect(unknownEvent.exitCode).toBe(2);
    expect(unknownEvent.stderr).toContain('unknown event "comment.ad"');

    // One page at a time, with the command that reads the next.
    const page = await svc(
      ['webhooks', 'endpoints', 'list', '--limit', '2', '--json'],
      emulator.env,
    );
    expect(page.exitCode, page.stderr).toBe(0);
    expect((json(page.stdout).endpoints as { id: string }[]).map((e) => e.id)).toEqual(
      ids.slice(0, 2),
    );
    const next = /--iterator (\S+)/.exec(page.stderr)?.[1];
    expect(next).toBeDefined();
    const rest = await svc(
      ['webhooks', 'endpoints', 'list', '--iterator', next ?? '', '--json'],
      emulator.env,
    );
    expect((json(rest.stdout).endpoints as { id: string }[]).map((e) => e.id)).toEqual([ids[2]]);
    const all = await svc(['webhooks', 'endpoints', 'list', '--all', '--json'], emulator.env);
    expect((json(all.stdout).endpoints as unknown[]).length).toBe(3);

    const secret = await svc(
      ['webhooks', 'endpoints', 'secret', '--endpoint', 'hook-1', '--json'],
      emulator.env,
    );
    expect(json(secret.stdout).secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const off = await svc(
      ['webhooks', 'endpoints', 'update', '--endpoint', ids[0] ?? '', '--disable', '--json'],
      emulator.env,
    );
    expect(json(off.stdout)).toMatchObject({ id: ids[0], disabled: true, rateLimit: 5 });

    const refused = await svc(
      ['webhooks', 'endpoints', 'delete', '--endpoint', ids[0] ?? ''],
      emulator.env,
    );
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('pass --yes to confirm');
    const deleted = await svc(
      ['webhooks', 'endpoints', 'delete', '--endpoint', ids[0] ?? '', '--yes', '--json'],
      emulator.env,
    );
    expect(json(deleted.stdout)).toEqual({ endpointId: ids[0], deleted: true });
    const gone = await svc(
      ['webhooks', 'endpoints', 'secret', '--endpoint', ids[0] ?? ''],
      emulator.env,
    );
    expect(gone.exitCode).toBe(4);
  });

  it('shows the password of a receiver URL masked, in tables, lines and JSON alike', async () => {
    await svc(['webhooks', 'config', 'update', '--advanced', '--enable'], emulator.env);
    const url = 'http://bob:hunter2@127.0.0.1:9/with-password';
    const created = await svc(
      ['webhooks', 'endpoints', 'create', '--url', url, '--json'],
      emulator.env,
    );
    expect(created.exitCode, created.stderr).toBe(0);
    expect(json(created.stdout).url).toBe('http://bob:****@127.0.0.1:9/with-password');
    for (const format of [['--json'], []]) {
      const listed = await svc(['webhooks', 'endpoints', 'list', '--all', ...format], emulator.env);
      expect(listed.exitCode, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('bob:****@127.0.0.1:9/with-password');
      expect(listed.stdout).not.toContain('hunter2');
    }
    const basic = await svc(['webhooks', 'config', 'update', '--url', url, '--json'], emulator.env);
    expect(basic.exitCode, basic.stderr).toBe(0);
    expect(basic.stdout).not.toContain('hunter2');
    expect(basic.stdout).toContain('bob:****@');
  });

  it('takes the basic auth token from stdin only, shows it masked, and a PEM key as bare Base64', async () => {
    const token = 'basic-hook-token-never-shown-9876';
    const dir = mkdtempSync(join(tmpdir(), 'svc-webhooks-'));
    const pem = join(dir, 'key.pem');
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(pem, publicKey.export({ type: 'spki', format: 'pem' }));
    const updated = await svc(
      [
        'webhooks',
        'config',
        'update',
        '--enable',
        '--url',
        'http://127.0.0.1:9/raw',
        '--auth-token-stdin',
        '--encrypt',
        '--public-key-file',
        pem,
        '--trigger',
        'crdt.update_data=on',
        '--json',
        '--debug',
      ],
      emulator.env,
      `${token}\n`,
    );
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(updated.stdout + updated.stderr).not.toContain(token);
    expect(json(updated.stdout)).toEqual({
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: `${'*'.repeat(token.length - 4)}9876`,
        rawNotificationUrl: 'http://127.0.0.1:9/raw',
        processedNotificationUrl: '',
      },
    });
    // The key went as the service takes it: the DER's Base64, no PEM lines.
    const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(updated.stderr).toContain(der.slice(0, 40));

    const badTrigger = await svc(
      ['webhooks', 'config', 'update', '--trigger', 'comment.add=yes'],
      emulator.env,
    );
    expect(badTrigger.exitCode).toBe(2);
    expect(badTrigger.stderr).toContain('give NAME=on or NAME=off');
  });
});
