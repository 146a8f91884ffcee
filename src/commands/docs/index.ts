import { withBulkOptions } from '../../cli/bulk-options.js';
import type { Register } from '../../cli/command-kit.js';
import { collect } from '../../cli/command-kit.js';
import { withWaitOptions } from '../../cli/wait-options.js';
import { limitOption } from '../../cli/option-values.js';

const MIGRATION_WAIT = 'wait until the migration ends: exit 0 completed, 6 failed, 7 timed out';

export const registerDocs: Register = (program, invoke) => {
  const docs = program
    .command('docs')
    .description("Read, rename, switch off and migrate an organization's documents")
    .addHelpText(
      'after',
      `
Examples:
  $ svc docs list --org acme
  $ svc docs update --org acme --doc spec --name "Product spec"
  $ svc docs migrate --org acme --doc spec --to spec-v2 --wait`,
    );
  docs
    .command('list')
    .description("List an organization's documents, or the given ones")
    .requiredOption('--org <id>', 'organization id')
    .option(
      '--doc <id...>',
      'document id (repeat, or comma-separate); more than 30 are fetched in batches',
      collect,
    )
    .addOption(limitOption())
    .addHelpText(
      'after',
      `
Examples:
  $ svc docs list --org acme
  $ svc docs list --org acme --doc spec,roadmap --json | jq -r '.[].documentName'`,
    )
    .action(invoke(() => import('./list.js')));

  withBulkOptions(
    docs
      .command('update')
      .description('Rename documents: one from flags, or many from a file')
      .requiredOption('--org <id>', 'organization id')
      .option('--doc <id>', 'document id')
      .option('--name <name>', 'new document name'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc docs update --org acme --doc spec --name "Product spec"
  $ svc docs update --org acme --file renames.csv   # columns: documentId,documentName`,
    )
    .action(invoke(() => import('./update.js')));

  for (const [verb, summary, module] of [
    ['disable', 'Switch off all access to documents (asks first)', () => import('./disable.js')],
    ['enable', 'Switch access to documents back on', () => import('./enable.js')],
  ] as const) {
    withBulkOptions(
      docs
        .command(verb)
        .description(summary)
        .requiredOption('--org <id>', 'organization id')
        .option('--doc <id...>', 'document id (repeat, or comma-separate)', collect),
    )
      .addHelpText(
        'after',
        `
Examples:
  $ svc docs ${verb} --org acme --doc spec,roadmap${verb === 'disable' ? ' --yes' : ''}
  $ svc docs ${verb} --org acme --file doc-ids.json${verb === 'disable' ? ' --yes --json' : ''}`,
      )
      .action(invoke(module));
  }

  withWaitOptions(
    docs
      .command('migrate')
      .description('Move a document and all its data to a new id; --wait follows it to the end')
      .requiredOption('--org <id>', 'organization id')
      .requiredOption('--doc <id>', 'the document to migrate')
      .requiredOption('--to <id>', 'its new id'),
    MIGRATION_WAIT,
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc docs migrate --org acme --doc spec --to spec-v2
  $ svc docs migrate --org acme --doc spec --to spec-v2 --wait --wait-timeout 10m
  $ svc docs migrate --org acme --doc spec --to spec-v2 --wait --json | jq -r .status`,
    )
    .action(invoke(() => import('./migrate.js')));

  withWaitOptions(
    docs
      .command('migration-status')
      .description('Show the status of a document migration; --wait follows it to the end')
      .requiredOption('--org <id>', 'organization id')
      .requiredOption('--id <migration>', 'migration id'),
    MIGRATION_WAIT,
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc docs migration-status --org acme --id MIGRATION_ID
  $ svc docs migration-status --org acme --id MIGRATION_ID --wait`,
    )
    .action(invoke(() => import('./migration-status.js')));
};
