import { defineCommand } from '../../cli/declare/command.js';

export const shells = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof shells)[number];

export const completion = defineCommand({
  name: 'completion',
  summary: 'Print the shell completion script for bash, zsh or fish',
  arguments: [{ name: '<shell>', description: 'the shell', choices: shells }],
  options: {},
  printsJson: false,
  help: 'The script completes commands, flags, fixed flag values and profile names.',
  examples: [
    'source <(svc completion bash)',
    'svc completion bash > ~/.local/share/bash-completion/completions/svc',
    'svc completion zsh > "${fpath[1]}/_svc"',
    'svc completion fish > ~/.config/fish/completions/svc.fish',
  ],
  run: () => import('./script.js'),
});

/** What the scripts call back for values only known at completion time. */
export const completeValues = defineCommand({
  name: '__complete',
  summary: '',
  hidden: true,
  arguments: [{ name: '<values>', description: '', choices: ['profiles'] }],
  options: {},
  printsJson: false,
  examples: [],
  run: () => import('./profiles.js'),
});
