import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { bulkOptions } from '../../cli/bulk-options.js';
import { waitOptions } from '../../cli/wait-options.js';
import { count, someIds } from '../../io/plural.js';
import { usersRemove } from '../bulk-commands.js';

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

export const users = defineGroup({
  name: 'users',
  summary: 'Remove users from organizations, folders or documents, or delete all their data',
  examples: [
    'svc users remove --org acme --user u1 --yes',
    'svc users purge --user u1,u2 --yes --wait',
    'svc users purge-status --job JOB_ID',
  ],
  commands: [
    usersRemove,
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
