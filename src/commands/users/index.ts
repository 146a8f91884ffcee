import { withBulkOptions } from '../../cli/bulk-options.js';
import type { Register } from '../../cli/command-kit.js';
import { collect } from '../../cli/command-kit.js';
import { withWaitOptions } from '../../cli/wait-options.js';

const DELETION_WAIT = 'wait until the deletion ends: exit 0 completed, 6 failed, 7 timed out';

export const registerUsers: Register = (program, invoke) => {
  const users = program
    .command('users')
    .description('Remove users from organizations, folders or documents, or delete all their data')
    .addHelpText(
      'after',
      `
Examples:
  $ svc users remove --org acme --user u1 --yes
  $ svc users purge --user u1,u2 --yes --wait
  $ svc users purge-status --job JOB_ID`,
    );
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

  withBulkOptions(
    withWaitOptions(
      users
        .command('purge')
        .description(
          'Delete all data of users: access, mentions and what they created (asks first)',
        )
        .option('--user <id...>', 'user id (repeat, or comma-separate)', collect)
        .option('--org <id...>', 'only these organizations (speeds the job up)', collect),
      DELETION_WAIT,
    ),
    { resumable: false },
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc users purge --user u1,u2
  $ svc users purge --user u1 --user u2 --yes --json
  $ cut -d, -f1 leavers.csv | svc users purge --file - --yes --wait`,
    )
    .action(invoke(() => import('./purge.js')));

  withWaitOptions(
    users
      .command('purge-status')
      .description('Show the status of user-data deletions; --wait follows them to the end')
      .requiredOption(
        '--job <id...>',
        'job id printed by `svc users purge` (repeat, or comma-separate)',
        collect,
      ),
    DELETION_WAIT,
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc users purge-status --job JOB_ID
  $ svc users purge-status --job JOB_ID --wait --json`,
    )
    .action(invoke(() => import('./purge-status.js')));
};
