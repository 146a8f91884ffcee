import { withBulkOptions } from '../../cli/bulk-options.js';
import type { Register } from '../../cli/command-kit.js';
import { collect } from '../../cli/command-kit.js';

export const registerDocs: Register = (program, invoke) => {
  const docs = program
    .command('docs')
    .description("Read, rename, switch off and migrate an organization's documents");
  docs
    .command('list')
    .description("List an organization's documents, or the given ones")
    .requiredOption('--org <id>', 'organization id')
    .option(
      '--doc <id...>',
      'document id (repeat, or comma-separate); more than 30 are fetched in batches',
      collect,
    )
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
};
