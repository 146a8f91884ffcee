import { withBulkOptions } from '../../cli/bulk-options.js';
import type { Register } from '../../cli/command-kit.js';
import { limitOption, wholeNumberOption } from '../../cli/option-values.js';

export const registerFolders: Register = (program, invoke) => {
  const folders = program
    .command('folders')
    .description("Read and add an organization's folders")
    .addHelpText(
      'after',
      `
Examples:
  $ svc folders list --org acme --max-depth 2
  $ svc folders add --org acme --id eng --name Engineering`,
    );
  folders
    .command('list')
    .description("List an organization's folders, or one folder and its subfolders")
    .requiredOption('--org <id>', 'organization id')
    .option('--folder <id>', 'start from this folder')
    .addOption(wholeNumberOption('--max-depth <n>', 'nest subfolders to this depth'))
    .addOption(limitOption())
    .addHelpText(
      'after',
      `
Examples:
  $ svc folders list --org acme
  $ svc folders list --org acme --folder eng --max-depth 3 --json | jq '.[0].subFolders'`,
    )
    .action(invoke(() => import('./list.js')));

  withBulkOptions(
    folders
      .command('add')
      .description('Add folders: one from flags, or many from a file (parents before children)')
      .requiredOption('--org <id>', 'organization id')
      .option('--id <id>', 'folder id')
      .option('--name <name>', 'folder name')
      .option('--parent <id>', 'parent folder id (default: top level)'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ svc folders add --org acme --id eng --name Engineering
  $ svc folders add --org acme --file folders.ndjson --json | jq 'map_values(select(.success|not))'
  $ printf 'folderId,folderName,parentFolderId\\nops,Ops,root\\n' | svc folders add --org acme --file -`,
    )
    .action(invoke(() => import('./add.js')));
};
