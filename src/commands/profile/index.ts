import type { Register } from '../../cli/command-kit.js';
import { limitOption } from '../../cli/option-values.js';

export const registerProfile: Register = (program, invoke) => {
  const profile = program
    .command('profile')
    .description('List, switch, show and remove stored profiles')
    .addHelpText(
      'after',
      `
Examples:
  $ svc profile list
  $ svc profile use staging
  $ svc profile remove old-staging`,
    );

  profile
    .command('list')
    .description('List stored profiles')
    .addOption(limitOption())
    .addHelpText(
      'after',
      `
Examples:
  $ svc profile list
  $ svc profile list --json | jq -r '.[] | select(.active) | .name'`,
    )
    .action(invoke(() => import('./list.js')));

  profile
    .command('use')
    .description('Make a profile the active one')
    .argument('<name>', 'profile name')
    .addHelpText(
      'after',
      `
Examples:
  $ svc profile use staging
  $ svc profile use ci && svc auth status`,
    )
    .action(invoke(() => import('./use.js')));

  profile
    .command('show')
    .description('Show a profile, secrets masked (default: the selected one)')
    .argument('[name]', 'profile name')
    .addHelpText('after', '\nExamples:\n  $ svc profile show\n  $ svc profile show ci --json')
    .action(invoke(() => import('./show.js')));

  profile
    .command('remove')
    .description('Remove a stored profile')
    .argument('<name>', 'profile name')
    .addHelpText(
      'after',
      `
Removing the active profile asks first on a terminal; elsewhere it needs --yes.

Examples:
  $ svc profile remove old-staging
  $ svc profile remove ci --yes --json`,
    )
    .action(invoke(() => import('./remove.js')));
};
