import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BASIC_FIXTURE, cleanEnv, pasteInShell, SVC } from '../support/e2e.js';
import { svcInTerminal } from '../support/pty.js';

describe('emulator start --seed', () => {
  it('at a terminal, prints an export line per seeded workspace that works when pasted', async () => {
    const env = cleanEnv();
    const term = svcInTerminal(['emulator', 'start', '--port', '0', '--seed', BASIC_FIXTURE], env, {
      cols: 60,
      rows: 40,
    });
    try {
      await term.waitFor('Press Ctrl-C to stop.');
      const screen = term.screen();
      const line = /Seeded workspace of owner@example\.com:\n\s*(export [^\n]+)/.exec(screen)?.[1];
      expect(line).toBeDefined();
      for (const name of [
        'SVC_BASE_URL',
        'SVC_WORKSPACE_ID',
        'SVC_WORKSPACE_TOKEN',
        'SVC_API_KEY',
        'SVC_AUTH_TOKEN',
      ]) {
        expect(line).toContain(`${name}=`);
      }
      expect(screen).toContain('Seeded workspace of rival@example.com:');
      const r = await pasteInShell(`${line} && svc docs list --org acme --json`, env);
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
      expect((JSON.parse(r.stdout) as { id: string }[]).map((d) => d.id)).toContain('plan');
      const tokens = await pasteInShell(`${line} && svc auth status --json`, env);
      expect(tokens.exitCode).toBe(0);
    } finally {
      term.signal('SIGTERM');
      await term.exited;
    }
  });

  it('without a terminal, names the ids and the API key but no token', async () => {
    const child = execa(SVC, ['emulator', 'start', '--port', '0', '--seed', BASIC_FIXTURE], {
      env: cleanEnv(),
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
    });
    let stderr = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no seeded lines: ${stderr}`)), 15_000);
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('gives a command all of them')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill('SIGTERM');
    await child;
    expect(stderr).toMatch(/export SVC_BASE_URL=\S+ SVC_WORKSPACE_ID=\S+ SVC_API_KEY=\S+\n/);
    expect(stderr).not.toContain('SVC_WORKSPACE_TOKEN');
    expect(stderr).not.toContain('SVC_AUTH_TOKEN');
  });
});
