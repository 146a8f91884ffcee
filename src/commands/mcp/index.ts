import { Option, type Command } from 'commander';
import { collect, type Register } from '../../cli/command-kit.js';
import { durationOption } from '../../cli/option-values.js';

/** The flags that choose what `svc mcp` serves; `mcp config` writes them into the snippet. */
function servingOptions(command: Command): Command {
  return command
    .option('--read-only', 'serve reads only, whatever else is given')
    .option(
      '--allow-destructive',
      'also serve the destructive tools (each call still needs a confirmation token)',
    )
    .option(
      '--toolsets <name...>',
      'serve only the tools of these groups, e.g. docs,folders (repeat, or comma-separate)',
      collect,
    )
    .option('--tools <name...>', 'serve only these tools (repeat, or comma-separate)', collect)
    .option('--exclude-tools <name...>', 'do not serve these tools', collect)
    .option('--reveal-secrets', 'show tokens in tool results in clear (masked by default)')
    .option('--log-file <path>', 'append the audit lines to this file (created 0600), not stderr')
    .addOption(
      durationOption(
        '--confirm-ttl <duration>',
        "how long a destructive call's confirmation token stays valid (default 5m)",
      ),
    )
    .option('--emulator', 'serve against a private in-process emulator with a fresh workspace')
    .option('--seed <file>', 'with --emulator: load this fixture first (see docs/fixtures.md)');
}

export const registerMcp: Register = (program, invoke) => {
  const mcp = program
    .command('mcp')
    .description("Serve the API's operations as MCP tools to a coding agent, over stdio")
    .addHelpText(
      'after',
      `
svc mcp alone runs svc mcp serve.

Examples:
  $ svc mcp serve --read-only
  $ svc mcp serve --toolsets docs,folders --allow-destructive
  $ svc mcp config --client claude
  $ svc mcp tools --allow-destructive`,
    );

  servingOptions(
    mcp
      .command('serve', { isDefault: true })
      .description('Serve the tools over stdio (what `svc mcp` runs); logs go to stderr'),
  )
    .addHelpText(
      'after',
      `
Reads and writes that destroy nothing are served by default. Destructive tools need
--allow-destructive, and then each call first returns a preview and a single-use
confirmation token; only a second call with the same arguments and the token acts.
Credentials come from the profile and environment as for every command. See docs/mcp.md.

Examples:
  $ svc mcp serve
  $ svc mcp serve --profile prod --read-only --toolsets docs,folders
  $ svc mcp serve --emulator --seed examples/fixtures/basic.json
  $ svc mcp serve --allow-destructive --log-file ~/.svc-mcp-audit.log`,
    )
    .action(invoke(() => import('./serve.js')));

  servingOptions(
    mcp
      .command('config')
      .description("Print the snippet that adds svc's MCP server to a client's configuration")
      .addOption(
        new Option('--client <name>', 'the client whose configuration to print')
          .choices(['claude', 'cursor', 'vscode'])
          .makeOptionMandatory(),
      ),
  )
    .addHelpText(
      'after',
      `
The snippet runs \`svc mcp\` with the flags given here (and --profile, when given); it
never holds a token. Merge it into .mcp.json (claude), .cursor/mcp.json (cursor) or
.vscode/mcp.json (vscode).

Examples:
  $ svc mcp config --client claude
  $ svc mcp config --client vscode --read-only --profile prod`,
    )
    .action(invoke(() => import('./config.js')));

  servingOptions(
    mcp
      .command('tools')
      .description('List the tools `svc mcp` serves with these flags')
      .option('--markdown', 'as the Markdown list of docs/mcp.md'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc mcp tools
  $ svc mcp tools --read-only --toolsets docs --json`,
    )
    .action(invoke(() => import('./tools.js')));
};
