import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { limitOption, orgOption } from '../common-options.js';
import { bulkCommand } from '../../cli/declare/bulk.js';
import { waitOptions } from '../../cli/wait-options.js';

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

const foldersUpdate = bulkCommand({
  name: 'update',
  summary: 'Rename folders, or move them with everything in them (--parent root: the top level)',
  operation: 'folders.update',
  options: {
    org: orgOption.required(),
    id: opt.id('--id <id>', 'folder id'),
    name: opt.text('--name <name>', 'new folder name'),
    parent: opt.id('--parent <id>', 'new parent folder id; root for the top level'),
  },
  scope: { organizationId: 'org' },
  item: { fields: { folderId: 'id', folderName: 'name', parentFolderId: 'parent' } },
  itemFlags: '--id',
  dependsOn: 'parentFolderId',
  verify: [{ kind: 'folder', member: 'parentFolderId' }],
  examples: [
    'svc folders update --org acme --id eng --name Engineering',
    'svc folders update --org acme --id hr --parent root',
    'svc folders update --org acme --file moves.csv --json   # columns: folderId,folderName,parentFolderId',
  ],
});

const foldersAccess = bulkCommand({
  name: 'access',
  summary: "Set folders' access type, or let them take their parent's (--inherit)",
  operation: 'folders.setAccess',
  options: {
    org: orgOption.required(),
    type: opt
      .choice('--type <type>', 'public, organizationPrivate or restricted', [
        'public',
        'organizationPrivate',
        'restricted',
      ])
      .conflicts('inherit'),
    inherit: opt.switch('--inherit', "take the parent folder's access from now on"),
    folder: opt.ids('--folder <id...>', 'folder id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org', accessType: 'type', inheritFromParent: 'inherit' },
  item: { ids: 'folder', column: 'folderId' },
  itemFlags: '--folder',
  examples: [
    'svc folders access --org acme --folder handbook --type organizationPrivate',
    'svc folders access --org acme --folder policies,hr --inherit --json',
  ],
});

export const foldersDeleteOptions = {
  org: orgOption.required(),
  folder: opt.id('--folder <id>', 'the folder to delete, with everything in it').required(),
  ...waitOptions('wait until the folder is gone: exit 0 deleted, 7 timed out'),
};

export const folders = defineGroup({
  name: 'folders',
  summary: "Read, add, rename, move, delete and set the access of an organization's folders",
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
    foldersUpdate,
    foldersAccess,
    defineCommand({
      name: 'delete',
      summary:
        'Delete a folder with its subfolders and documents (asks first); --wait until it is gone',
      sends: [{ operation: 'folders.delete' }],
      follows: ['folders.get'],
      options: foldersDeleteOptions,
      confirm: (opts) =>
        `delete folder ${opts.folder} of organization ${opts.org}, its subfolders and every document in them`,
      examples: [
        'svc folders delete --org acme --folder old-projects --yes',
        'svc folders delete --org acme --folder old-projects --yes --wait --wait-timeout 5m',
      ],
      run: () => import('./delete.js'),
    }),
  ],
});
