import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

const emulator = useEmulator();

const crdt = ['crdt', 'update', '--org', 'acme', '--doc', 'plan', '--editor', 'title'];

describe('--data-raw', () => {
  it('sends a value that starts with @ as it is', async () => {
    const shown = await svc(
      [...crdt, '--type', 'text', '--data-raw', '@channel ship it', '--dry-run', '--json'],
      emulator.env,
    );
    expect(shown.exitCode).toBe(0);
    expect((JSON.parse(shown.stdout) as { body: { data: { data: unknown } } }).body.data.data).toBe(
      '@channel ship it',
    );
    const sent = await svc(
      [...crdt, '--type', 'text', '--data-raw', '@channel ship it'],
      emulator.env,
    );
    expect(sent.stderr).toBe('CRDT data updated.');
    expect(sent.exitCode).toBe(0);
  });

  it('takes - as it is, and JSON where the command wants JSON', async () => {
    const dash = await svc(
      [...crdt, '--type', 'text', '--data-raw', '-', '--dry-run', '--json'],
      emulator.env,
    );
    expect((JSON.parse(dash.stdout) as { body: { data: { data: unknown } } }).body.data.data).toBe(
      '-',
    );
    const live = await svc(
      ['livestate', 'broadcast', '--org', 'acme', '--doc', 'welcome', '--id', 'c'],
      emulator.env,
    );
    expect(live.exitCode).toBe(2);
    const raw = await svc(
      [
        'livestate',
        'broadcast',
        '--org',
        'acme',
        '--doc',
        'welcome',
        '--id',
        'c',
        '--data-raw',
        '[1]',
      ],
      emulator.env,
    );
    expect(raw.stderr).toBe(`error: --data-raw must be a JSON object, e.g. '{"x": 1}'`);
    expect(raw.exitCode).toBe(2);
  });

  it('is the way out of --data reading @… as a file', async () => {
    const r = await svc([...crdt, '--type', 'text', '--data', '@channel ship it'], emulator.env);
    expect(r.stderr).toContain('cannot read --data @channel ship it: no such file');
    expect(r.stderr).toContain('give it with --data-raw');
    expect(r.exitCode).toBe(2);
  });

  it('goes with --data neither both nor none', async () => {
    const both = await svc(
      [...crdt, '--type', 'text', '--data', 'a', '--data-raw', 'b'],
      emulator.env,
    );
    expect(both.stderr).toContain("option '--data-raw <value>' cannot be used with option '--data");
    expect(both.exitCode).toBe(2);
    const none = await svc([...crdt, '--type', 'text'], emulator.env);
    expect(none.stderr).toBe(
      'error: give --data (the value, @file, or - for stdin), or --data-raw for a value as it is',
    );
    expect(none.exitCode).toBe(2);
    const api = await svc(
      ['api', '/v2/workspace/email/status', '--data', '{}', '--data-raw', '{}'],
      emulator.env,
    );
    expect(api.exitCode).toBe(2);
  });
});
