import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { waitOptions } from '../../cli/wait-options.js';
import { docOption, limitOption, orgOption } from '../common-options.js';
import { accessToggles, bulkCommand } from '../../cli/declare/bulk.js';
import { count, someIds } from '../../io/plural.js';

const MIGRATION_WAIT = 'wait until the migration ends: exit 0 completed, 6 failed, 7 timed out';
const org = orgOption.required();

export const docsListOptions = {
  org,
  doc: opt.ids(
    '--doc <id...>',
    'document id (repeat, or comma-separate); more than 30 are fetched in batches',
  ),
  limit: limitOption,
};

export const docsMigrateOptions = {
  org,
  doc: opt.id('--doc <id>', 'the document to migrate').required(),
  to: opt.id('--to <id>', 'its new id').required(),
  ...waitOptions(MIGRATION_WAIT),
};

export const migrationStatusOptions = {
  org,
  id: opt.id('--id <migration>', 'migration id').required(),
  ...waitOptions(MIGRATION_WAIT),
};

const { disable: docsDisable, enable: docsEnable } = accessToggles({
  operation: 'documents.setDisabled',
  summary: {
    disable: 'Switch off all access to documents (asks first)',
    enable: 'Switch access to documents back on',
  },
  options: {
    org: orgOption.required(),
    doc: opt.ids('--doc <id...>', 'document id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org' },
  item: { ids: 'doc', column: 'documentId' },
  itemFlags: '--doc',
  confirm: (opts, n) =>
    `switch off all access to ${count(n, 'document')} in organization ${opts.org}`,
  examples: {
    disable: [
      'svc docs disable --org acme --doc spec,roadmap --yes',
      'svc docs disable --org acme --file doc-ids.json --yes --json',
    ],
    enable: [
      'svc docs enable --org acme --doc spec,roadmap',
      'svc docs enable --org acme --file doc-ids.json',
    ],
  },
});

const docsUpdate = bulkCommand({
  name: 'update',
  summary: 'Rename documents: one from flags, or many from a file',
  operation: 'documents.update',
  options: {
    org: orgOption.required(),
    doc: docOption,
    name: opt.text('--name <name>', 'new document name'),
  },
  scope: { organizationId: 'org' },
  item: { fields: { documentId: 'doc', documentName: 'name' } },
  itemFlags: '--doc and --name',
  examples: [
    'svc docs update --org acme --doc spec --name "Product spec"',
    'svc docs update --org acme --file renames.csv   # columns: documentId,documentName',
  ],
});

const docsAdd = bulkCommand({
  name: 'add',
  summary: 'Add documents, at the top level or in a folder: one from flags, or many from a file',
  operation: 'documents.add',
  options: {
    org: orgOption.required(),
    folder: opt.id('--folder <id>', 'the folder they go in (default: the top level)'),
    createFolder: opt.switch('--create-folder', 'create the folder, at the top level, if missing'),
    createOrg: opt.switch('--create-org', 'create the organization if missing'),
    doc: docOption,
    name: opt.text('--name <name>', 'document name'),
  },
  scope: {
    organizationId: 'org',
    folderId: 'folder',
    createFolder: 'createFolder',
    createOrganization: 'createOrg',
  },
  item: { fields: { documentId: 'doc', documentName: 'name' } },
  itemFlags: '--doc',
  examples: [
    'svc docs add --org acme --doc budget --name Budget',
    'svc docs add --org acme --folder finance --create-folder --file docs.ndjson   # documentId, documentName',
  ],
});

const docsDelete = bulkCommand({
  name: 'delete',
  summary: 'Delete documents with everything stored for them (asks first)',
  operation: 'documents.delete',
  options: {
    org: orgOption.required(),
    doc: opt.ids('--doc <id...>', 'document id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org' },
  item: { ids: 'doc', column: 'documentId' },
  itemFlags: '--doc',
  confirm: (opts, { count: n = 0, ids = [] }) =>
    `delete ${count(n, 'document')}${ids.length > 0 ? ` (${someIds(ids, n)})` : ''} of organization ${opts.org} and everything stored for them`,
  examples: [
    'svc docs delete --org acme --doc old-spec --yes',
    'svc docs delete --org acme --file stale.csv --yes --json   # column: documentId',
  ],
});

const docsMove = bulkCommand({
  name: 'move',
  summary: 'Move documents into a folder (root: the top level)',
  operation: 'documents.move',
  options: {
    org: orgOption.required(),
    to: opt.id('--to <folder>', 'the folder they go in; root for the top level').required(),
    doc: opt.ids('--doc <id...>', 'document id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org', folderId: 'to' },
  item: { ids: 'doc', column: 'documentId' },
  itemFlags: '--doc',
  // The service answers once per request, with no data.
  batchAnswer: true,
  // Unknown documents would fail the whole batch, which the service answers as one.
  verify: [
    { kind: 'folder', member: 'folderId' },
    { kind: 'documents', column: 'documentId' },
  ],
  examples: [
    'svc docs move --org acme --doc roadmap,notes --to handbook',
    'svc docs move --org acme --file moving.csv --to root   # column: documentId',
  ],
});

const docsAccess = bulkCommand({
  name: 'access',
  summary: "Set documents' access type, in place of any they inherit",
  operation: 'documents.setAccess',
  options: {
    org: orgOption.required(),
    type: opt
      .choice('--type <type>', 'public, organizationPrivate or restricted', [
        'public',
        'organizationPrivate',
        'restricted',
      ])
      .required(),
    doc: opt.ids('--doc <id...>', 'document id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org', accessType: 'type' },
  item: { ids: 'doc', column: 'documentId' },
  itemFlags: '--doc',
  examples: [
    'svc docs access --org acme --doc plan --type restricted',
    'svc docs access --org acme --file docs.csv --type organizationPrivate --json',
  ],
});

export const docs = defineGroup({
  name: 'docs',
  summary: "Add, read, rename, move, delete, switch off and migrate an organization's documents",
  examples: [
    'svc docs list --org acme',
    'svc docs update --org acme --doc spec --name "Product spec"',
    'svc docs migrate --org acme --doc spec --to spec-v2 --wait',
  ],
  commands: [
    defineCommand({
      name: 'list',
      summary: "List an organization's documents, or the given ones",
      sends: [{ operation: 'documents.get' }],
      options: docsListOptions,
      examples: [
        'svc docs list --org acme',
        "svc docs list --org acme --doc spec,roadmap --json | jq -r '.[].documentName'",
      ],
      run: () => import('./list.js'),
    }),
    docsAdd,
    docsUpdate,
    docsMove,
    docsAccess,
    docsDelete,
    docsDisable,
    docsEnable,
    defineCommand({
      name: 'migrate',
      summary: 'Move a document and all its data to a new id; --wait follows it to the end',
      sends: [{ operation: 'documents.migrate' }],
      follows: ['documents.migrationStatus'],
      options: docsMigrateOptions,
      examples: [
        'svc docs migrate --org acme --doc spec --to spec-v2',
        'svc docs migrate --org acme --doc spec --to spec-v2 --wait --wait-timeout 10m',
        'svc docs migrate --org acme --doc spec --to spec-v2 --wait --json | jq -r .status',
      ],
      run: () => import('./migrate.js'),
    }),
    defineCommand({
      name: 'migration-status',
      summary: 'Show the status of a document migration; --wait follows it to the end',
      sends: [{ operation: 'documents.migrationStatus' }],
      options: migrationStatusOptions,
      examples: [
        'svc docs migration-status --org acme --id MIGRATION_ID',
        'svc docs migration-status --org acme --id MIGRATION_ID --wait',
      ],
      run: () => import('./migration-status.js'),
    }),
  ],
});
