import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { limitOption } from '../common-options.js';

const name = { name: '<name>', description: 'profile name' };

export const profile = defineGroup({
  name: 'profile',
  summary: 'List, switch, show and remove stored profiles',
  examples: ['svc profile list', 'svc profile use staging', 'svc profile remove old-staging'],
  commands: [
    defineCommand({
      name: 'list',
      summary: 'List stored profiles',
      options: { limit: limitOption },
      examples: [
        'svc profile list',
        "svc profile list --json | jq -r '.[] | select(.active) | .name'",
      ],
      run: () => import('./list.js'),
    }),
    defineCommand({
      name: 'use',
      summary: 'Make a profile the active one',
      arguments: [name],
      options: {},
      examples: ['svc profile use staging', 'svc profile use ci && svc auth status'],
      run: () => import('./use.js'),
    }),
    defineCommand({
      name: 'show',
      summary: 'Show a profile, secrets masked (default: the selected one)',
      arguments: [{ name: '[name]', description: 'profile name' }],
      options: {},
      examples: ['svc profile show', 'svc profile show ci --json'],
      run: () => import('./show.js'),
    }),
    defineCommand({
      name: 'remove',
      summary: 'Remove a stored profile',
      arguments: [name],
      options: {},
      help: 'Removing the active profile asks first on a terminal; elsewhere it needs --yes.',
      examples: ['svc profile remove old-staging', 'svc profile remove ci --yes --json'],
      run: () => import('./remove.js'),
    }),
  ],
});
