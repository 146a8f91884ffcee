import { Option } from 'commander';
import { withBulkOptions } from '../../cli/bulk-options.js';
import type { Register } from '../../cli/command-kit.js';
import { collect } from '../../cli/command-kit.js';

export const registerActivities: Register = (program, invoke) => {
  const activities = program
    .command('activities')
    .description("Write and delete a document's activity log")
    .addHelpText(
      'after',
      `
Examples:
  $ svc activities add --org acme --doc spec --file activities.ndjson
  $ svc activities delete --org acme --id a1,a2 --yes`,
    );
  withBulkOptions(
    activities
      .command('add')
      .description('Add activity logs: one from flags, or many from a file')
      .requiredOption('--org <id>', 'organization id')
      .requiredOption('--doc <id>', 'document id')
      .option('--id <id>', 'activity id; writing an existing id overwrites it')
      .addOption(
        new Option('--feature-type <type>', 'the feature that acted').choices([
          'comment',
          'reaction',
          'recorder',
          'crdt',
          'custom',
        ]),
      )
      .option('--action-type <name>', 'what happened, e.g. comment.add or a custom name')
      .option('--user <id>', 'id of the user who acted')
      .option('--user-name <name>', "the acting user's name")
      .option('--user-email <email>', "the acting user's email")
      .option('--target <id>', 'target entity id (required for custom)')
      .option('--message <template>', 'display message template, e.g. "{{user}} approved"'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc activities add --org acme --doc spec --feature-type custom --action-type approval.granted --user u1 --target ticket-7
  $ svc activities add --org acme --doc spec --file activities.ndjson --json
  $ jq -c '.[]' export.json | svc activities add --org acme --doc spec --file -`,
    )
    .action(invoke(() => import('./add.js')));

  activities
    .command('delete')
    .description('Delete activity logs by id, by document or by target entity (asks first)')
    .requiredOption('--org <id>', 'organization id')
    .option('--doc <id>', "delete the document's activities")
    .option('--id <id...>', 'activity id (repeat, or comma-separate)', collect)
    .option('--target <id>', "delete the target entity's activities")
    .addHelpText(
      'after',
      `
Examples:
  $ svc activities delete --org acme --id a1,a2 --yes
  $ svc activities delete --org acme --doc spec --target ticket-7
  $ svc activities delete --org acme --doc spec --yes --json | jq 'map_values(.success)'`,
    )
    .action(invoke(() => import('./delete.js')));
};
