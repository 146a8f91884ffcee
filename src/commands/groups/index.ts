import { defineGroup } from '../../cli/declare/command.js';
import { groupsAdd } from '../bulk-commands.js';

export const groups = defineGroup({
  name: 'groups',
  summary: "Add an organization's user groups",
  examples: [
    'svc groups add --org acme --id eng --name Engineering',
    'svc groups add --org acme --file groups.csv',
  ],
  commands: [groupsAdd],
});
