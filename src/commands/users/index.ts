import { withBulkOptions } from '../../cli/bulk-options.js';
import type { Register } from '../../cli/command-kit.js';
import { collect } from '../../cli/command-kit.js';

export const registerUsers: Register = (program, invoke) => {
  const users = program
    .command('users')
    .description('Remove users from organizations, folders and documents');
  withBulkOptions(
    users
      .command('remove')
      .description('Remove users from an organization, or from one folder or document (asks first)')
      .requiredOption('--org <id>', 'organization id')
      .option('--doc <id>', 'only from this document')
      .option('--folder <id>', 'only from this folder')
      .option('--user <id...>', 'user id (repeat, or comma-separate)', collect),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc users remove --org acme --user u1,u2 --yes
  $ svc users remove --org acme --doc spec --user u1
  $ svc users remove --org acme --file leavers.csv --yes --json   # column: userId`,
    )
    .action(invoke(() => import('./remove.js')));
};
