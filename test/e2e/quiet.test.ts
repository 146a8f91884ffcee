import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanEnv, svc } from '../support/e2e.js';
import { envelope } from '../support/envelopes.js';
import { jsonReply, startScriptedServer } from '../support/http-server.js';
import type { ScriptedReply, ScriptedServer } from '../support/http-server.js';
import { svcInTerminal } from '../support/pty.js';
import { useEmulator } from '../support/seeded-emulator.js';

const basic = useEmulator();

/** The same command without and with --quiet: stdout and exit code must not change. */
async function withAndWithout(args: string[], env = basic.env) {
  const loud = await svc(args, env);
  const quiet = await svc([...args, '--quiet'], env);
  expect(quiet.stdout).toBe(loud.stdout);
  expect(quiet.exitCode).toBe(loud.exitCode);
  return { loud, quiet };
}

describe('--quiet', () => {
  it.each([
    [['docs', 'list', '--org', 'acme', '--limit', '1'], 'showing 1 of'],
    [['docs', 'list', '--org', 'acme', '--limit', '1', '--json'], '{"info":'],
    [
      ['docs', 'update', '--org', 'acme', '--doc', 'plan', '--name', 'Plan', '--dry-run'],
      'dry run',
    ],
  ])('leaves stderr empty where %j says something', async (args, said) => {
    const { loud, quiet } = await withAndWithout(args);
    expect(loud.stderr).toContain(said);
    expect(quiet.stderr).toBe('');
  });

  it('drops the notice of a bulk dry run, and -q is the same', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'quiet-')), 'ids.json');
    writeFileSync(file, JSON.stringify(['plan', 'roadmap']));
    const args = ['docs', 'enable', '--org', 'acme', '--file', file, '--dry-run'];
    const { loud, quiet } = await withAndWithout(args);
    expect(loud.stderr).toContain('nothing was sent');
    expect(quiet.stderr).toBe('');
    const short = await svc([...args, '-q'], basic.env);
    expect(short.stderr).toBe('');
  });

  it('drops warnings too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quiet-config-'));
    chmodSync(dir, 0o777);
    const env = { ...basic.env, SVC_CONFIG_DIR: dir };
    const loud = await svc(['profile', 'list'], env);
    expect(loud.stderr).toContain('was writable by others');
    chmodSync(dir, 0o777);
    const quiet = await svc(['profile', 'list', '-q'], env);
    expect(quiet.stderr).toBe('');
  });

  it('keeps errors, their hints and their exit codes', async () => {
    const { quiet } = await withAndWithout(['docs', 'list', '--org', 'acme', '--doc', 'nosuch']);
    expect(quiet.exitCode).toBe(4);
    expect(quiet.stderr).toBe(
      'error: NOT_FOUND: Document nosuch does not exist in organization acme.',
    );
    const failed = await withAndWithout([
      'docs',
      'disable',
      '--org',
      'acme',
      '--doc',
      'nosuch-doc',
      '--yes',
    ]);
    expect(failed.quiet.exitCode).toBe(4);
    expect(failed.quiet.stderr).toBe(failed.loud.stderr);
    expect(failed.quiet.stderr).toContain('error:');
  });

  it('shows no spinner, notice or next steps on a terminal', async () => {
    const args = ['workspace', 'create', '--no-input'];
    const env = (dir: string) => cleanEnv({ SVC_BASE_URL: basic.url, SVC_CONFIG_DIR: dir });
    const loud = svcInTerminal(
      [...args, '--email', 'loud@example.com', '--workspace-name', 'Loud'],
      env(mkdtempSync(join(tmpdir(), 'quiet-ws-'))),
    );
    expect(await loud.exited).toBe(0);
    expect(loud.screen()).toContain('Creating workspace');
    expect(loud.screen()).toContain('Saved the workspace');

    const quiet = svcInTerminal(
      [...args, '--email', 'quiet@example.com', '--workspace-name', 'Quiet', '--quiet'],
      env(mkdtempSync(join(tmpdir(), 'quiet-ws-'))),
    );
    expect(await quiet.exited).toBe(0);
    expect(quiet.screen()).not.toContain('Creating workspace');
    expect(quiet.screen()).not.toContain('Saved the workspace');
    expect(quiet.screen()).not.toContain('Next');
    expect(quiet.screen()).toContain('Quiet');
  });
});

describe('--quiet and retries', () => {
  let server: ScriptedServer | undefined;
  afterEach(() => server?.close());

  it('draws no retry status line on a terminal', async () => {
    let calls = 0;
    server = await startScriptedServer((): ScriptedReply => {
      if (calls++ < 1) {
        const reply = jsonReply(envelope.error('RESOURCE_EXHAUSTED', 'slow down'), 429);
        return { ...reply, headers: { ...reply.headers, 'retry-after': '1' } };
      }
      return jsonReply(envelope.standard([{ id: 'welcome', documentName: 'Welcome' }]));
    });
    const env = cleanEnv({ SVC_BASE_URL: server.url, SVC_API_KEY: 'k1', SVC_AUTH_TOKEN: 't1' });
    const term = svcInTerminal(['docs', 'list', '--org', 'acme', '-q'], env);
    expect(await term.exited).toBe(0);
    expect(calls).toBe(2);
    expect(term.raw()).not.toContain('retrying');
    expect(term.screen()).toContain('welcome');
  });
});
