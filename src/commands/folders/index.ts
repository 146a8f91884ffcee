import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { limitOption, orgOption } from '../common-options.js';
import { bulkCommand } from '../../cli/declare/bulk.js';

export const foldersListOptions = {
  org: orgOption.required(),
  folder: opt.id('--folder <id>', 'start from this folder'),
  maxDepth: opt.wholeNumber('--max-depth <n>', 'nest subfolders to this depth'),
  limit: limitOption,
};

const foldersAdd = bulkCommand({
  name: 'add',
  summary: 'Add folders: one from flags, or many from a file (parents before children)',
  operation: 'folders.add',
  options: {
    org: orgOption.required(),
    id: opt.id('--id <id>', 'folder id'),
    name: opt.text('--name <name>', 'folder name'),
    // `--parent ''` is refused as an empty id, not taken for the top level.
    parent: opt.id('--parent <id>', 'parent folder id (default: top level)'),
  },
  scope: { organizationId: 'org' },
  item: { fields: { folderId: 'id', folderName: 'name', parentFolderId: 'parent' } },
  itemFlags: '--id and --name',
  // A folder whose parent is in the same input is sent after the parent exists.
  dependsOn: 'parentFolderId',
  examples: [
    'svc folders add --org acme --id eng --name Engineering',
    "svc folders add --org acme --file folders.ndjson --json | jq 'map_values(select(.success|not))'",
    "printf 'folderId,folderName,parentFolderId\\nops,Ops,root\\n' | svc folders add --org acme --file -",
  ],
});

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
