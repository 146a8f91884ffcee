import type { Register } from '../../cli/command-kit.js';
import { collect } from '../../cli/command-kit.js';
import { limitOption } from '../../cli/option-values.js';

export const registerPermissions: Register = (program, invoke) => {
  const permissions = program
    .command('permissions')
    .description("Read users' access to resources")
    .addHelpText(
      'after',
      `
Examples:
  $ svc permissions get --org acme --user u1 --doc spec
  $ svc permissions get --org acme --user u1,u2 --folder eng --json`,
    );
  permissions
    .command('get')
    .description('Show what access users have to an organization, its folders and documents')
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--user <id...>', 'user id (repeat, or comma-separate)', collect)
    .option('--folder <id...>', 'folder id (repeat, or comma-separate)', collect)
    .option('--doc <id...>', 'document id (repeat, or comma-separate)', collect)
    .addOption(limitOption())
    .addHelpText(
      'after',
      `
Examples:
  $ svc permissions get --org acme --user u1 --doc spec,roadmap
  $ svc permissions get --org acme --user u1,u2 --folder eng --json | jq '.u1.folders'`,
    )
    .action(invoke(() => import('./get.js')));
};
