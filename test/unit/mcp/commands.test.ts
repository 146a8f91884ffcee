import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { selectServed } from '../../../src/mcp/flags.js';
import { toolNames } from '../../../src/commands/mcp/tool-names.js';
import { offlineLogin, runCli, tempConfigDir } from '../../support/harness.js';

describe('svc mcp config', () => {
  it('prints the snippet each client reads, running svc mcp with the flags given', async () => {
    const env = {
      SVC_CONFIG_DIR: tempConfigDir(),
      SVC_API_KEY: 'key_1234567',
      SVC_AUTH_TOKEN: 'tok_secret_0987654',
    };
    const claude = await runCli(
      [
        'mcp',
        'config',
        '--client',
        'claude',
        '--read-only',
        '--toolsets',
        'docs',
        '--toolsets',
        'folders',
      ],
      { env: { ...env, SVC_PROFILE: 'prod' } },
    );
    expect(claude.code).toBe(0);
    expect(JSON.parse(claude.stdout)).toEqual({
      mcpServers: {
        svc: {
          command: 'svc',
          args: ['--profile', 'prod', 'mcp', '--read-only', '--toolsets', 'docs,folders'],
        },
      },
    });
    const vscode = await runCli(
      ['mcp', 'config', '--client', 'vscode', '--confirm-ttl', '90s', '--log-file', 'audit.log'],
      { env },
    );
    expect(JSON.parse(vscode.stdout)).toEqual({
      servers: {
        svc: {
          type: 'stdio',
          command: 'svc',
          args: ['mcp', '--log-file', `${process.cwd()}/audit.log`, '--confirm-ttl', '1m30s'],
        },
      },
    });
    for (const run of [claude, vscode]) {
      expect(run.stdout + run.stderr).not.toContain('tok_secret_0987654');
    }
  });

  it('starts svc by absolute paths for Claude Desktop, which does not get the shell PATH', async () => {
    const run = await runCli(['mcp', 'config', '--client', 'claude-desktop', '--read-only'], {
      env: { SVC_CONFIG_DIR: tempConfigDir() },
    });
    expect(run.code).toBe(0);
    const { command, args } = (
      JSON.parse(run.stdout) as { mcpServers: { svc: { command: string; args: string[] } } }
    ).mcpServers.svc;
    expect(command).toBe(process.execPath);
    expect(isAbsolute(args[0] ?? '')).toBe(true);
    expect(args.slice(-2)).toEqual(['mcp', '--read-only']);
    expect(run.stderr).toContain('claude_desktop_config.json');
  });

  it('refuses what svc mcp would refuse, with exit 2', async () => {
    const unknown = await runCli(['mcp', 'config', '--client', 'cursor', '--tools', 'docs_lst']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--tools: unknown name "docs_lst"');
    expect(unknown.stdout).toBe('');
    const client = await runCli(['mcp', 'config', '--client', 'zed']);
    expect(client.code).toBe(2);
  });
});

describe('svc mcp tools', () => {
  it('lists what the flags serve', async () => {
    const run = await runCli(['mcp', 'tools', '--read-only', '--toolsets', 'docs', '--json']);
    expect(run.code).toBe(0);
    // The reads of the docs group, as the commands declare them.
    const reads = toolNames.filter((t) => t.toolset === 'docs' && operation(t.operation).readOnly);
    expect(reads.map((t) => t.name)).toContain('docs_list');
    expect(JSON.parse(run.stdout)).toEqual(
      reads.map((t) =>
        expect.objectContaining({
          name: t.name,
          command: `svc ${t.command}`,
          operation: t.operation,
          readOnly: true,
        }),
      ),
    );
  });
});

describe('svc mcp at start', () => {
  it('resolves credentials as every command does, and refuses to send them elsewhere', async () => {
    const configDir = tempConfigDir();
    const login = await runCli(offlineLogin('work'), {
      env: { SVC_CONFIG_DIR: configDir },
      stdin: 'tok_stored_secret_123\n',
    });
    expect(login.code, login.stderr).toBe(0);
    const elsewhere = await runCli(
      ['mcp', '--profile', 'work', '--base-url', 'http://127.0.0.1:8'],
      {
        env: { SVC_CONFIG_DIR: configDir },
      },
    );
    expect(elsewhere.code).toBe(3);
    expect(elsewhere.stderr).toContain('the credentials of profile "work" were stored for');
    expect(elsewhere.stdout).toBe('');
    // With the origin they were stored for, it serves, until the client closes stdin.
    const served = await runCli(['mcp', '--profile', 'work'], {
      env: { SVC_CONFIG_DIR: configDir },
    });
    expect(served.code, served.stderr).toBe(0);
    expect(served.stderr).toContain(
      `svc mcp: serving ${selectServed({}, toolNames).served.length} tool(s) for http://127.0.0.1:9`,
    );
    for (const run of [elsewhere, served])
      expect(run.stderr).not.toContain('tok_stored_secret_123');
  });

  it('refuses flags that would seem to apply to the tools', async () => {
    for (const flag of ['--yes', '--dry-run']) {
      const run = await runCli(['mcp', flag], { env: { SVC_BASE_URL: 'http://127.0.0.1:9' } });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${flag} does not apply to svc mcp`);
    }
  });
});
