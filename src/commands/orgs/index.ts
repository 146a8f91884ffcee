import { defineGroup } from '../../cli/declare/command.js';
import { accessToggles, bulkCommand } from '../../cli/declare/bulk.js';
import { opt } from '../../cli/declare/options.js';
import { count } from '../../io/plural.js';
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

export const orgs = defineGroup({
  name: 'orgs',
  summary: 'Rename organizations and switch their access off or on',
  examples: [
    'svc orgs update --org acme --name "Acme Inc."',
    'svc orgs disable --org acme --yes',
    'svc orgs enable --org acme',
  ],
  commands: [orgsUpdate, orgsDisable, orgsEnable],
});
