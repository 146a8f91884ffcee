import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { servingOptions } from '../../mcp/serving-options.js';

export const mcpConfigOptions = {
  client: opt
    .choice('--client <name>', 'the client whose configuration to print', [
      'claude',
      'claude-desktop',
      'cursor',
      'vscode',
    ])
    .required(),
  ...servingOptions,
};

export const mcpToolsOptions = {
  markdown: opt.switch('--markdown', 'as the Markdown list of docs/mcp.md'),
  ...servingOptions,
};

export const mcp = defineGroup({
  name: 'mcp',
  summary: "Serve the API's operations as MCP tools to a coding agent, over stdio",
  help: 'svc mcp alone runs svc mcp serve.',
  examples: [
    'svc mcp serve --read-only',
    'svc mcp serve --toolsets docs,folders --allow-destructive',
    'svc mcp config --client claude',
    'svc mcp tools --allow-destructive',
  ],
  commands: [
    defineCommand({
      name: 'serve',
      isDefault: true,
      summary: 'Serve the tools over stdio (what `svc mcp` runs); logs go to stderr',
      options: servingOptions,
      help: `Reads and writes that destroy nothing are served by default. Destructive tools need
--allow-destructive, and then each call first returns a preview and a single-use
confirmation token; only a second call with the same arguments and the token acts.
Credentials come from the profile and environment as for every command. See docs/mcp.md.`,
      examples: [
        'svc mcp serve',
        'svc mcp serve --profile prod --read-only --toolsets docs,folders',
        'svc mcp serve --emulator --seed examples/fixtures/basic.json',
        'svc mcp serve --allow-destructive --log-file ~/.svc-mcp-audit.log',
      ],
      run: () => import('./serve.js'),
    }),
    defineCommand({
      name: 'config',
      summary: "Print the snippet that adds svc's MCP server to a client's configuration",
      options: mcpConfigOptions,
      help: `The snippet runs \`svc mcp\` with the flags given here (and --profile, when given); it
never holds a token. Merge it into .mcp.json (claude), .cursor/mcp.json (cursor) or
.vscode/mcp.json (vscode). For claude-desktop, which starts servers without the shell's
PATH, it starts svc by absolute paths; merge it into claude_desktop_config.json.`,
      examples: [
        'svc mcp config --client claude',
        'svc mcp config --client claude-desktop --read-only',
        'svc mcp config --client vscode --read-only --profile prod',
      ],
      run: () => import('./config.js'),
    }),
    defineCommand({
      name: 'tools',
      summary: 'List the tools `svc mcp` serves with these flags',
      options: mcpToolsOptions,
      examples: ['svc mcp tools', 'svc mcp tools --read-only --toolsets docs --json'],
      run: () => import('./tools.js'),
    }),
  ],
});
