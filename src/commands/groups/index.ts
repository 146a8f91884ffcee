import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { bulkCommand } from '../../cli/declare/bulk.js';
import { opt } from '../../cli/declare/options.js';
import { count, someIds } from '../../io/plural.js';
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

const groupOption = opt.id('--group <id>', 'user group id').required();

const membersAdd = bulkCommand({
  name: 'add',
  summary: 'Add users of the organization to a user group: from flags, or many from a file',
  operation: 'groups.members.add',
  options: {
    org: orgOption.required(),
    group: groupOption,
    user: opt.ids('--user <id...>', 'user id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org', organizationUserGroupId: 'group' },
  item: { ids: 'user', column: 'userId' },
  verify: [{ kind: 'users', column: 'userId' }],
  itemFlags: '--user',
  examples: [
    'svc groups members add --org acme --group eng --user alice,bob',
    'svc groups members add --org acme --group eng --file team.csv   # column: userId',
  ],
});

const membersRemove = bulkCommand({
  name: 'remove',
  summary: 'Remove users from a user group (asks first)',
  operation: 'groups.members.remove',
  options: {
    org: orgOption.required(),
    group: groupOption,
    user: opt.ids('--user <id...>', 'user id (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org', organizationUserGroupId: 'group' },
  fixed: { deleteAll: false },
  item: { ids: 'user', column: 'userId' },
  itemFlags: '--user',
  confirm: (opts, { count: n = 0, ids = [] }) =>
    `remove ${count(n, 'user')}${ids.length > 0 ? ` (${someIds(ids, n)})` : ''} from user group ${opts.group} of organization ${opts.org}`,
  examples: [
    'svc groups members remove --org acme --group eng --user carol --yes',
    'svc groups members remove --org acme --group eng --file leavers.csv --yes   # column: userId',
  ],
});

export const membersClearOptions = {
  org: orgOption.required(),
  group: groupOption,
};

const members = defineGroup({
  name: 'members',
  summary: "Add and remove a user group's members",
  examples: [
    'svc groups members add --org acme --group eng --user alice,bob',
    'svc groups members remove --org acme --group eng --user carol --yes',
    'svc users list --org acme --group eng',
  ],
  commands: [
    membersAdd,
    membersRemove,
    defineCommand({
      name: 'clear',
      summary: 'Remove every member of a user group (asks first)',
      sends: [{ operation: 'groups.members.remove', fixed: { deleteAll: true } }],
      options: membersClearOptions,
      confirm: (opts) =>
        `remove every member of user group ${opts.group} of organization ${opts.org}`,
      examples: [
        'svc groups members clear --org acme --group eng --yes',
        'svc groups members clear --org acme --group eng --yes --json',
      ],
      run: () => import('./clear.js'),
    }),
  ],
});

export const groups = defineGroup({
  name: 'groups',
  summary: "Add an organization's user groups and change their members",
  examples: [
    'svc groups add --org acme --id eng --name Engineering',
    'svc groups add --org acme --file groups.csv',
    'svc groups members add --org acme --group eng --user alice,bob',
  ],
  commands: [groupsAdd, members],
});
