import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { bulkOptions } from '../../cli/bulk-options.js';
import { waitOptions } from '../../cli/wait-options.js';
import { count, someIds } from '../../io/plural.js';
import { bulkCommand } from '../../cli/declare/bulk.js';
import { pagedCommand } from '../../cli/declare/paged.js';
import { orgOption } from '../common-options.js';

const DELETION_WAIT = 'wait until the deletion ends: exit 0 completed, 6 failed, 7 timed out';

export const purgeOptions = {
  user: opt.ids('--user <id...>', 'user id (repeat, or comma-separate)'),
  org: opt.ids('--org <id...>', 'only these organizations (speeds the job up)'),
  ...waitOptions(DELETION_WAIT),
  ...bulkOptions,
};

export const purgeStatusOptions = {
  job: opt
    .ids('--job <id...>', 'job id printed by `svc users purge` (repeat, or comma-separate)')
    .required(),
  ...waitOptions(DELETION_WAIT),
};

export const usersListOptions = {
  org: orgOption.required(),
  doc: opt.id('--doc <id>', 'only the users of this document').conflicts('folder'),
  folder: opt.id('--folder <id>', 'only the users of this folder'),
  group: opt.ids(
    '--group <id...>',
    'only the members of these user groups, at most 30 (repeat, or comma-separate)',
  ),
  user: opt.ids('--user <id...>', 'only these users, at most 30 (repeat, or comma-separate)'),
  allDocuments: opt
    .switch(
      '--all-documents',
      'the users of every document of the organization, rather than its own users',
    )
    .conflicts('doc', 'folder'),
};

const usersList = pagedCommand({
  name: 'list',
  summary: 'List the users of an organization, a document, a folder or a group, a page at a time',
  operation: 'users.get',
  options: usersListOptions,
  request: {
    organizationId: 'org',
    documentId: 'doc',
    folderId: 'folder',
    organizationUserGroupIds: 'group',
    userIds: 'user',
    allDocuments: 'allDocuments',
  },
  items: 'users',
  examples: [
    'svc users list --org acme',
    'svc users list --org acme --doc plan --json',
    'svc users list --org acme --group engineering --all',
    'svc users list --org acme --user alice,bob --page-size 1',
  ],
});

export const exportOptions = {
  org: orgOption.required(),
  user: opt.id('--user <id>', 'the user whose data to export').required(),
  file: opt.text(
    '--file <path>',
    'write JSON lines ({"list": …, "item": …}) to this new file as pages arrive; - for stdout',
  ),
};

const usersExport = defineCommand({
  name: 'export',
  summary: 'Export everything the service holds of a user in an organization (GDPR)',
  sends: [{ operation: 'users.export' }],
  options: exportOptions,
  help: `Reads every page of the export. On a terminal, or piped, it prints how many items each
list holds; --json prints the whole export as one JSON object of lists, and --file writes
one JSON line an item as the pages arrive, to a new file (renamed into place once whole)
or, with -, to stdout.`,
  examples: [
    'svc users export --org acme --user alice',
    "svc users export --org acme --user alice --json | jq '.notifications | length'",
    'svc users export --org acme --user alice --file alice.ndjson',
  ],
  run: () => import('./export.js'),
});

const usersRemove = bulkCommand({
  name: 'remove',
  summary: 'Remove users from an organization, or from one folder or document (asks first)',
  operation: 'users.remove',
  options: {
    org: orgOption.required(),
    doc: opt.id('--doc <id>', 'only from this document').conflicts('folder'),
    folder: opt.id('--folder <id>', 'only from this folder'),
    user: opt.ids('--user <id...>', 'user id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org', documentId: 'doc', folderId: 'folder' },
  item: { ids: 'user', column: 'userId' },
  itemFlags: '--user',
  confirm: (opts, { count: n = 0, ids = [] }) => {
    const from = opts.doc
      ? `document ${opts.doc}`
      : opts.folder
        ? `folder ${opts.folder}`
        : `organization ${opts.org} (all its documents and its contact list)`;
    return `remove ${count(n, 'user')}${ids.length > 0 ? ` (${someIds(ids, n)})` : ''} from ${from}`;
  },
  examples: [
    'svc users remove --org acme --user u1,u2 --yes',
    'svc users remove --org acme --doc spec --user u1',
    'svc users remove --org acme --file leavers.csv --yes --json   # column: userId',
  ],
});

/** Who a user add or update names, and what of them; `--role` gives their access role. */
const userFields = {
  user: opt.id('--user <id>', 'user id'),
  name: opt.text('--name <name>', "the user's name"),
  email: opt.text('--email <email>', "the user's email"),
  role: opt.choice('--role <role>', 'editor or viewer', ['editor', 'viewer']),
};

const usersAdd = bulkCommand({
  name: 'add',
  summary: 'Add users to an organization, or give them a folder or document: from flags or a file',
  operation: 'users.add',
  options: {
    org: orgOption.required(),
    doc: opt.id('--doc <id>', 'give the users this document only').conflicts('folder'),
    folder: opt.id('--folder <id>', 'give the users this folder only'),
    createOrg: opt.switch('--create-org', 'create the organization if missing'),
    createDoc: opt.switch('--create-doc', 'create the document, at the top level, if missing'),
    createFolder: opt.switch('--create-folder', 'create the folder, at the top level, if missing'),
    ...userFields,
  },
  scope: {
    organizationId: 'org',
    documentId: 'doc',
    folderId: 'folder',
    createOrganization: 'createOrg',
    createDocument: 'createDoc',
    createFolder: 'createFolder',
  },
  item: { fields: { userId: 'user', name: 'name', email: 'email', accessRole: 'role' } },
  itemFlags: '--user',
  examples: [
    'svc users add --org acme --user dana --name Dana --email dana@example.com --role viewer',
    'svc users add --org acme --doc plan --user dana',
    'svc users add --org acme --file people.csv --json   # columns: userId,name,email,accessRole',
  ],
});

const usersUpdate = bulkCommand({
  name: 'update',
  summary: "Change users' name, email or access role: from flags, or many from a file",
  operation: 'users.update',
  options: {
    org: orgOption.required(),
    doc: opt.id('--doc <id>', 'their access role at this document').conflicts('folder'),
    folder: opt.id('--folder <id>', 'their access role at this folder'),
    ...userFields,
  },
  scope: { organizationId: 'org', documentId: 'doc', folderId: 'folder' },
  item: { fields: { userId: 'user', name: 'name', email: 'email', accessRole: 'role' } },
  itemFlags: '--user',
  examples: [
    'svc users update --org acme --user bob --role editor',
    'svc users update --org acme --file people.csv --json   # columns: userId,name,email,accessRole',
  ],
});

export const users = defineGroup({
  name: 'users',
  summary:
    'List, add and change users, remove them from organizations, folders or documents, export or delete all their data',
  examples: [
    'svc users list --org acme --doc plan',
    'svc users remove --org acme --user u1 --yes',
    'svc users purge --user u1,u2 --yes --wait',
    'svc users purge-status --job JOB_ID',
  ],
  commands: [
    usersList,
    usersAdd,
    usersUpdate,
    usersRemove,
    usersExport,
    defineCommand({
      name: 'purge',
      summary: 'Delete all data of users: access, mentions and what they created (asks first)',
      sends: [{ operation: 'users.purge' }],
      follows: ['users.purgeStatus'],
      options: purgeOptions,
      // "delete all data of 7 users (u1, u2, u3, u4, u5 and 2 more) in organizations acme, beta"
      confirm: (opts, { ids = [] }) => {
        const who = `${count(ids.length, 'user')} (${someIds(ids)})`;
        const where = opts.org?.length
          ? `in ${opts.org.length === 1 ? 'organization' : 'organizations'} ${opts.org.join(', ')}`
          : 'in every organization where they have data';
        return `delete all data of ${who} ${where}`;
      },
      examples: [
        'svc users purge --user u1,u2',
        'svc users purge --user u1 --user u2 --yes --json',
        'cut -d, -f1 leavers.csv | svc users purge --file - --yes --wait',
      ],
      run: () => import('./purge.js'),
    }),
    defineCommand({
      name: 'purge-status',
      summary: 'Show the status of user-data deletions; --wait follows them to the end',
      sends: [{ operation: 'users.purgeStatus' }],
      options: purgeStatusOptions,
      examples: [
        'svc users purge-status --job JOB_ID',
        'svc users purge-status --job JOB_ID --wait --json',
      ],
      run: () => import('./purge-status.js'),
    }),
  ],
});
