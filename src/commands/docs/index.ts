import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { waitOptions } from '../../cli/wait-options.js';
import { docOption, limitOption, orgOption } from '../common-options.js';
import { accessToggles, bulkCommand } from '../../cli/declare/bulk.js';
import { count } from '../../io/plural.js';

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

export const docs = defineGroup({
  name: 'docs',
  summary: "Read, rename, switch off and migrate an organization's documents",
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
    docsUpdate,
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
