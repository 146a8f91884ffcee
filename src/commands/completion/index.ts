import { Argument } from 'commander';
import type { Register } from '../../cli/command-kit.js';

export const shells = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof shells)[number];

export const registerCompletion: Register = (program, invoke) => {
  program
    .command('completion')
    .description('Print the shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'the shell').choices(shells))
    .addHelpText(
      'after',
      `
The script completes commands, flags, fixed flag values and profile names.

Examples:
  $ source <(svc completion bash)
  $ svc completion bash > ~/.local/share/bash-completion/completions/svc
  $ svc completion zsh > "\${fpath[1]}/_svc"
  $ svc completion fish > ~/.config/fish/completions/svc.fish`,
    )
    .action(invoke({ run: () => import('./script.js') }));

  // What the scripts call back for values only known at completion time.
  program
    .command('__complete', { hidden: true })
    .addArgument(new Argument('<values>').choices(['profiles']))
    .action(invoke({ run: () => import('./profiles.js') }));
};
