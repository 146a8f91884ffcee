import { Option } from 'commander';
import type { Register } from '../../cli/command-kit.js';
import { collect } from '../../cli/command-kit.js';
import { limitOption, wholeNumberOption } from '../../cli/option-values.js';

export const registerNotifications: Register = (program, invoke) => {
  const notifications = program
    .command('notifications')
    .description("Read users' notifications and notification settings")
    .addHelpText(
      'after',
      `
Examples:
  $ svc notifications list --org acme --user u1 --all --json
  $ svc notifications config --org acme --user u1 --doc spec`,
    );
  notifications
    .command('list')
    .description('List notifications of a document, a location or a user, a page at a time')
    .requiredOption('--org <id>', 'organization id')
    .option('--doc <id>', 'of this document')
    .option('--location <id>', 'of this location')
    .option('--user <id>', 'for this user')
    .option(
      '--id <id...>',
      'only these notifications, at most 30 (repeat, or comma-separate)',
      collect,
    )
    .addOption(new Option('--order <order>', 'by time (default desc)').choices(['asc', 'desc']))
    .addOption(
      wholeNumberOption('--page-size <n>', 'notifications per request (default 1000)', { min: 1 }),
    )
    .option('--page-token <token>', 'continue from the page token a previous call printed')
    .addOption(wholeNumberOption('--limit <n>', 'fetch pages until N notifications', { min: 1 }))
    .option('--all', 'fetch every page')
    .addHelpText(
      'after',
      `
Examples:
  $ svc notifications list --org acme --doc spec
  $ svc notifications list --org acme --user u1 --order asc --limit 50
  $ svc notifications list --org acme --doc spec --all --json | jq length`,
    )
    .action(invoke(() => import('./list.js')));

  notifications
    .command('config')
    .description("Show a user's notification settings for documents, or for the organization")
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--user <id>', 'user id')
    .option('--doc <id...>', 'document id (repeat, or comma-separate)', collect)
    .option('--org-level', "the user's organization-level settings (v2 only)")
    .addOption(new Option('--api <version>', 'API version (default v2)').choices(['v1', 'v2']))
    .addOption(limitOption())
    .addHelpText(
      'after',
      `
Examples:
  $ svc notifications config --org acme --user u1 --doc spec,roadmap
  $ svc notifications config --org acme --user u1 --org-level --json
  $ svc notifications config --org acme --user u1 --doc spec --api v1`,
    )
    .action(invoke(() => import('./config.js')));
};
