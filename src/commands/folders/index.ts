import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { foldersAdd } from '../bulk-commands.js';
import { limitOption, orgOption } from '../common-options.js';

export const foldersListOptions = {
  org: orgOption.required(),
  folder: opt.id('--folder <id>', 'start from this folder'),
  maxDepth: opt.wholeNumber('--max-depth <n>', 'nest subfolders to this depth'),
  limit: limitOption,
};

export const folders = defineGroup({
  name: 'folders',
  summary: "Read and add an organization's folders",
  examples: [
    'svc folders list --org acme --max-depth 2',
    'svc folders add --org acme --id eng --name Engineering',
  ],
  commands: [
    defineCommand({
      name: 'list',
      summary: "List an organization's folders, or one folder and its subfolders",
      sends: [{ operation: 'folders.get' }],
      options: foldersListOptions,
      examples: [
        'svc folders list --org acme',
        "svc folders list --org acme --folder eng --max-depth 3 --json | jq '.[0].subFolders'",
      ],
      run: () => import('./list.js'),
    }),
    foldersAdd,
  ],
});
