import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { limitOption, orgOption } from '../common-options.js';

export const permissionsGetOptions = {
  org: orgOption.required(),
  user: opt.ids('--user <id...>', 'user id (repeat, or comma-separate)').required(),
  folder: opt.ids('--folder <id...>', 'folder id (repeat, or comma-separate)'),
  doc: opt.ids('--doc <id...>', 'document id (repeat, or comma-separate)'),
  limit: limitOption,
};

export const permissions = defineGroup({
  name: 'permissions',
  summary: "Read users' access to resources",
  examples: [
    'svc permissions get --org acme --user u1 --doc spec',
    'svc permissions get --org acme --user u1,u2 --folder eng --json',
  ],
  commands: [
    defineCommand({
      name: 'get',
      summary: 'Show what access users have to an organization, its folders and documents',
      sends: [{ operation: 'permissions.get' }],
      options: permissionsGetOptions,
      examples: [
        'svc permissions get --org acme --user u1 --doc spec,roadmap',
        "svc permissions get --org acme --user u1,u2 --folder eng --json | jq '.u1.folders'",
      ],
      run: () => import('./get.js'),
    }),
  ],
});
