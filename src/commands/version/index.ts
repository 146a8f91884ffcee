import type { Register } from '../../cli/command-kit.js';

export const registerVersion: Register = (program, invoke) => {
  program
    .command('version')
    .description('Show the version, and the Node, platform and build it runs on')
    .addHelpText(
      'after',
      `
Examples:
  $ svc version
  $ svc version --json
  $ svc version --jq .build`,
    )
    .action(invoke(() => import('./run.js')));
};
