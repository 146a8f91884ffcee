import { withBulkOptions } from '../../cli/bulk-options.js';
import type { Register } from '../../cli/command-kit.js';

export const registerPresence: Register = (program, invoke) => {
  const presence = program
    .command('presence')
    .description('Set who is present in a document')
    .addHelpText(
      'after',
      `
Examples:
  $ svc presence add --org acme --doc spec --user u1 --status online
  $ svc presence add --org acme --doc spec --file people.csv`,
    );
  withBulkOptions(
    presence
      .command('add')
      .description("Add users to a document's presence list: one from flags, or many from a file")
      .requiredOption('--org <id>', 'organization id')
      .requiredOption('--doc <id>', 'document id')
      .option('--user <id>', 'user id')
      .option('--name <name>', "the user's name")
      .option('--email <email>', "the user's email")
      .option('--status <status>', 'online, away or offline'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc presence add --org acme --doc spec --user u1 --name Ana --status online
  $ svc presence add --org acme --doc spec --file people.csv   # columns: userId,name,email,status`,
    )
    .action(invoke(() => import('./add.js')));
};
