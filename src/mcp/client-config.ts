import { resolve } from 'node:path';
import type { Invocation } from '../cli/printed-command.js';
import { formatDuration } from '../http/duration.js';
import type { McpFlags } from './flags.js';

export type ClientName = 'claude' | 'claude-desktop' | 'cursor' | 'vscode';

/**
 * How this svc is started by absolute paths (launch.ts's `svcCommand`): Claude Desktop starts
 * servers without the shell's PATH, where neither `svc` nor the `node` its script runs with
 * may be found.
 */
export interface Started {
  file: string;
  args: readonly string[];
}

/**
 * `svc mcp`'s arguments for a client to start it with: the serving flags as given, paths
 * made absolute (a client starts servers from a directory of its own), and the global
 * options that choose the service, as `printedCommand` carries them. Never a secret: those
 * stay in the profile and the environment.
 */
export function serverArgs(invocation: Invocation, flags: McpFlags, cwd: string): string[] {
  const { globals, env } = invocation;
  const profile = globals.profile || env.SVC_PROFILE;
  const list = (flag: string, names: readonly string[] | undefined) =>
    names === undefined ? [] : [flag, names.join(',')];
  return [
    ...(profile ? ['--profile', profile] : []),
    ...(globals.baseUrl ? ['--base-url', globals.baseUrl] : []),
    ...(globals.headerPrefix ? ['--header-prefix', globals.headerPrefix] : []),
    ...(globals.insecure ? ['--insecure'] : []),
    'mcp',
    ...(flags.readOnly ? ['--read-only'] : []),
    ...(flags.allowDestructive ? ['--allow-destructive'] : []),
    ...list('--toolsets', flags.toolsets),
    ...list('--tools', flags.tools),
    ...list('--exclude-tools', flags.excludeTools),
    ...(flags.revealSecrets ? ['--reveal-secrets'] : []),
    ...(flags.logFile !== undefined ? ['--log-file', resolve(cwd, flags.logFile)] : []),
    ...(flags.confirmTtl !== undefined ? ['--confirm-ttl', formatDuration(flags.confirmTtl)] : []),
    ...(flags.emulator ? ['--emulator'] : []),
    ...(flags.seed !== undefined ? ['--seed', resolve(cwd, flags.seed)] : []),
  ];
}

/** The configuration snippet of each client, with the server named `svc`. */
export function clientConfig(
  client: ClientName,
  args: readonly string[],
  started?: Started,
): unknown {
  if (client === 'claude-desktop' && started !== undefined) {
    return { mcpServers: { svc: { command: started.file, args: [...started.args, ...args] } } };
  }
  const server = { command: 'svc', args };
  if (client === 'vscode') return { servers: { svc: { type: 'stdio', ...server } } };
  return { mcpServers: { svc: server } };
}

/** Where each client reads the snippet from, in a project. */
export const configFile: Record<ClientName, string> = {
  claude: '.mcp.json',
  'claude-desktop':
    'claude_desktop_config.json (Claude Desktop: Settings, Developer, Edit Config), then restart Claude Desktop',
  cursor: '.cursor/mcp.json',
  vscode: '.vscode/mcp.json',
};
