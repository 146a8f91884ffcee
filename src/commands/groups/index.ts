import { defineGroup } from '../../cli/declare/command.js';
import { bulkCommand } from '../../cli/declare/bulk.js';
import { opt } from '../../cli/declare/options.js';
import { orgOption } from '../common-options.js';

const groupsAdd = bulkCommand({
  name: 'add',
  summary: 'Add user groups: one from flags, or many from a file',
  operation: 'groups.add',
  options: {
    org: orgOption.required(),
    id: opt.id('--id <id>', 'group id'),
    name: opt.text('--name <name>', 'group name'),
  },
  scope: { organizationId: 'org' },
  item: { fields: { groupId: 'id', groupName: 'name' } },
  itemFlags: '--id and --name',
  examples: [
    'svc groups add --org acme --id eng --name Engineering',
    'svc groups add --org acme --file groups.csv   # columns: groupId,groupName',
  ],
});

export const groups = defineGroup({
  name: 'groups',
  summary: "Add an organization's user groups",
  examples: [
    'svc groups add --org acme --id eng --name Engineering',
    'svc groups add --org acme --file groups.csv',
  ],
  commands: [groupsAdd],
});
