import { withBulkOptions } from '../../cli/bulk-options.js';
import type { Register } from '../../cli/command-kit.js';

export const registerGroups: Register = (program, invoke) => {
  const groups = program
    .command('groups')
    .description("Add an organization's user groups")
    .addHelpText(
      'after',
      `
Examples:
  $ svc groups add --org acme --id eng --name Engineering
  $ svc groups add --org acme --file groups.csv`,
    );
  withBulkOptions(
    groups
      .command('add')
      .description('Add user groups: one from flags, or many from a file')
      .requiredOption('--org <id>', 'organization id')
      .option('--id <id>', 'group id')
      .option('--name <name>', 'group name'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc groups add --org acme --id eng --name Engineering
  $ svc groups add --org acme --file groups.csv   # columns: groupId,groupName`,
    )
    .action(invoke(() => import('./add.js')));
};
