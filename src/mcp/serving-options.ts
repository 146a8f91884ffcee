import { opt } from '../cli/declare/options.js';

/** The flags that choose what `svc mcp` serves; `mcp config` writes them into the snippet. */
export const servingOptions = {
  readOnly: opt.switch('--read-only', 'serve reads only, whatever else is given'),
  allowDestructive: opt.switch(
    '--allow-destructive',
    'also serve the tools that remove or replace data (each such call is confirmed: by the user where the client can ask, else with a token)',
  ),
  toolsets: opt.ids(
    '--toolsets <name...>',
    'serve only the tools of these groups, e.g. docs,folders (repeat, or comma-separate)',
  ),
  tools: opt.ids('--tools <name...>', 'serve only these tools (repeat, or comma-separate)'),
  excludeTools: opt.ids('--exclude-tools <name...>', 'do not serve these tools'),
  revealSecrets: opt.switch(
    '--reveal-secrets',
    'show tokens in tool results in clear (masked by default)',
  ),
  logFile: opt.text(
    '--log-file <path>',
    'append the audit lines to this file (created 0600), not stderr',
  ),
  confirmTtl: opt.duration(
    '--confirm-ttl <duration>',
    "how long a destructive call's confirmation token stays valid (default 5m)",
  ),
  emulator: opt.switch(
    '--emulator',
    'serve against a private in-process emulator with a fresh workspace',
  ),
  seed: opt.file(
    '--seed <file>',
    'with --emulator: load this fixture first (see docs/fixtures.md)',
  ),
};
