import { defineGroup } from '../../cli/declare/command.js';
import { accessToggles, bulkCommand } from '../../cli/declare/bulk.js';
import { opt } from '../../cli/declare/options.js';
import { pagedCommand } from '../../cli/declare/paged.js';
import { count, someIds } from '../../io/plural.js';
import { orgOption } from '../common-options.js';

const { disable: orgsDisable, enable: orgsEnable } = accessToggles({
  operation: 'organizations.setDisabled',
  summary: {
    disable: 'Switch off access to every document of organizations (asks first)',
    enable: 'Switch access to organizations back on',
  },
  options: {
    org: opt.ids('--org <id...>', 'organization id (repeat, or comma-separate)'),
  },
  item: { ids: 'org', column: 'organizationId' },
  itemFlags: '--org',
  confirm: (_opts, n) => `switch off all access to every document of ${count(n, 'organization')}`,
  examples: {
    disable: ['svc orgs disable --org acme --yes', 'svc orgs disable --org acme,globex --json'],
    enable: ['svc orgs enable --org acme', 'svc orgs enable --org acme,globex --json'],
  },
});

export const orgsListOptions = {
  org: opt.ids(
    '--org <id...>',
    'only these organizations, at most 30 (repeat, or comma-separate; default: all)',
  ),
};

const orgsList = pagedCommand({
  name: 'list',
  summary: 'List the organizations of the workspace, a page at a time',
  operation: 'organizations.get',
  options: orgsListOptions,
  request: { organizationIds: 'org' },
  items: 'organizations',
  examples: ['svc orgs list', 'svc orgs list --org acme,globex --json', 'svc orgs list --all'],
});

const orgsUpdate = bulkCommand({
  name: 'update',
  summary: 'Rename organizations: one from flags, or many from a file',
  operation: 'organizations.update',
  options: {
    org: orgOption,
    name: opt.text('--name <name>', 'new organization name'),
  },
  item: { fields: { organizationId: 'org', organizationName: 'name' } },
  itemFlags: '--org and --name',
  examples: [
    'svc orgs update --org acme --name "Acme Inc."',
    'svc orgs update --file orgs.ndjson --json',
  ],
});

const orgsAdd = bulkCommand({
  name: 'add',
  summary: 'Add organizations: one from flags, or many from a file',
  operation: 'organizations.add',
  options: {
    org: orgOption,
    name: opt.text('--name <name>', 'organization name'),
  },
  item: { fields: { organizationId: 'org', organizationName: 'name' } },
  itemFlags: '--org and --name',
  examples: [
    'svc orgs add --org initech --name Initech',
    'svc orgs add --file orgs.csv   # columns: organizationId,organizationName',
  ],
});

const orgsDelete = bulkCommand({
  name: 'delete',
  summary: 'Delete organizations with everything in them (asks first)',
  operation: 'organizations.delete',
  options: {
    org: opt.ids('--org <id...>', 'organization id (repeat, or comma-separate)'),
  },
  item: { ids: 'org', column: 'organizationId' },
  itemFlags: '--org',
  confirm: (_opts, { count: n = 0, ids = [] }) =>
    `delete ${count(n, 'organization')}${ids.length > 0 ? ` (${someIds(ids, n)})` : ''} and everything in them: folders, documents, users, groups, grants, activities`,
  examples: [
    'svc orgs delete --org globex --yes',
    'svc orgs delete --file closed-orgs.csv --yes --json   # column: organizationId',
  ],
});

export const orgs = defineGroup({
  name: 'orgs',
  summary: 'List, add, rename and delete organizations, and switch their access off or on',
  examples: [
    'svc orgs list',
    'svc orgs add --org initech --name Initech',
    'svc orgs update --org acme --name "Acme Inc."',
    'svc orgs disable --org acme --yes',
    'svc orgs enable --org acme',
  ],
  commands: [orgsList, orgsAdd, orgsUpdate, orgsDelete, orgsDisable, orgsEnable],
});
