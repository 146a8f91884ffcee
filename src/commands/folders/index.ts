import type { Register } from '../../cli/command-kit.js';

export const registerFolders: Register = (program, invoke) => {
  const folders = program.command('folders').description("Read and add an organization's folders");
  folders
    .command('list')
    .description("List an organization's folders, or one folder and its subfolders")
    .requiredOption('--org <id>', 'organization id')
    .option('--folder <id>', 'start from this folder')
    .option('--max-depth <n>', 'nest subfolders to this depth')
    .addHelpText(
      'after',
      `
Examples:
  $ svc folders list --org acme
  $ svc folders list --org acme --folder eng --max-depth 3 --json | jq '.[0].subFolders'`,
    )
    .action(invoke(() => import('./list.js')));
};
