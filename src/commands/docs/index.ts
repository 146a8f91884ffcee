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
};
