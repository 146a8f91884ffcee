import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { pagedCommand } from '../../cli/declare/paged.js';
import { limitOption, orgOption } from '../common-options.js';

const org = orgOption.required();

export const notificationsListOptions = {
  org,
  doc: opt.id('--doc <id>', 'of this document'),
  location: opt.id('--location <id>', 'of this location'),
  user: opt.id('--user <id>', 'for this user'),
  id: opt.ids('--id <id...>', 'only these notifications, at most 30 (repeat, or comma-separate)'),
  order: opt.choice('--order <order>', 'by time (default desc)', ['asc', 'desc']),
};

export const notificationsConfigOptions = {
  org,
  user: opt.id('--user <id>', 'user id').required(),
  doc: opt.ids('--doc <id...>', 'document id (repeat, or comma-separate)'),
  orgLevel: opt.switch('--org-level', "the user's organization-level settings (v2 only)"),
  api: opt.choice('--api <version>', 'API version (default v2)', ['v1', 'v2']),
  limit: limitOption,
};

export const notifications = defineGroup({
  name: 'notifications',
  summary: "Read users' notifications and notification settings",
  examples: [
    'svc notifications list --org acme --user u1 --all --json',
    'svc notifications config --org acme --user u1 --doc spec',
  ],
  commands: [
    pagedCommand({
      name: 'list',
      summary: 'List notifications of a document, a location or a user, a page at a time',
      operation: 'notifications.get',
      options: notificationsListOptions,
      request: {
        organizationId: 'org',
        documentId: 'doc',
        locationId: 'location',
        userId: 'user',
        notificationIds: 'id',
        order: 'order',
      },
      items: 'notifications',
      display: async () => (await import('./display-row.js')).displayRow,
      examples: [
        'svc notifications list --org acme --doc spec',
        'svc notifications list --org acme --user u1 --order asc --limit 50',
        'svc notifications list --org acme --doc spec --all --json | jq length',
      ],
    }),
    defineCommand({
      name: 'config',
      summary: "Show a user's notification settings for documents, or for the organization",
      // `--api` picks the version; each is its own operation.
      sends: [
        { operation: 'notifications.config.v2' },
        { operation: 'notifications.config.v1', chosenBy: '--api v1' },
      ],
      options: notificationsConfigOptions,
      examples: [
        'svc notifications config --org acme --user u1 --doc spec,roadmap',
        'svc notifications config --org acme --user u1 --org-level --json',
        'svc notifications config --org acme --user u1 --doc spec --api v1',
      ],
      run: () => import('./config.js'),
    }),
  ],
});
