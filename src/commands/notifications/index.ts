import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { pagedCommand } from '../../cli/declare/paged.js';
import { bulkCommand } from '../../cli/declare/bulk.js';
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

const LEVELS = ['ALL', 'MINE', 'NONE'] as const;

export const notificationsAddOptions = {
  org,
  doc: opt.id('--doc <id>', 'the document it is about').required(),
  from: opt.id('--from <user>', 'id of the user who caused it').required(),
  fromName: opt.text('--from-name <name>', "that user's name"),
  to: opt.ids('--to <user...>', 'users to notify (repeat, or comma-separate)'),
  onlyTo: opt.switch('--only-to', 'notify the --to users only, not every user of the organization'),
  headline: opt.text('--headline <template>', 'headline, with {actionUser} and other placeholders'),
  body: opt.text('--body <text>', 'body text'),
  id: opt.id('--id <id>', 'its id (letters, digits, _ and -); the same id again adds nothing'),
  verifyAccess: opt.switch('--verify-access', 'notify only the users who may open the document'),
  source: opt.text('--source <source>', 'custom, comment, huddle or crdt'),
  createOrg: opt.switch('--create-org', 'create the organization if missing'),
  createDoc: opt.switch('--create-doc', 'create the document, at the top level, if missing'),
};

const notificationsUpdate = bulkCommand({
  name: 'update',
  summary: 'Change notifications or mark them read: from flags, or many from a file',
  operation: 'notifications.update',
  options: {
    org,
    doc: opt.id('--doc <id>', 'only notifications of this document'),
    location: opt.id('--location <id>', 'only notifications of this location'),
    user: opt.id('--user <id>', 'only notifications for this user'),
    id: opt.id('--id <id>', 'the notification to change'),
    headline: opt.text('--headline <template>', 'new headline'),
    body: opt.text('--body <text>', 'new body text'),
    readBy: opt.ids('--read-by <user...>', 'users who have read it (repeat, or comma-separate)'),
  },
  scope: { organizationId: 'org', documentId: 'doc', locationId: 'location', userId: 'user' },
  item: {
    fields: {
      id: 'id',
      displayHeadlineMessageTemplate: 'headline',
      displayBodyMessage: 'body',
      readByUserIds: 'readBy',
    },
  },
  itemFlags: '--id',
  examples: [
    'svc notifications update --org acme --id n1 --read-by u1',
    'svc notifications update --org acme --doc spec --file changes.ndjson --json',
  ],
});

export const notificationsDeleteOptions = {
  org,
  doc: opt.id('--doc <id>', 'the notifications of this document'),
  location: opt.id('--location <id>', 'of this location'),
  user: opt.id('--user <id>', 'the notifications this user receives'),
  id: opt.ids('--id <id...>', 'only these notifications (repeat, or comma-separate)'),
};

/** "the notifications of document spec for user u1" */
function selected(opts: { doc?: string; location?: string; user?: string; id?: string[] }): string {
  const which = opts.id?.length ? `notifications ${opts.id.join(', ')}` : 'the notifications';
  const of = [
    opts.doc && `of document ${opts.doc}`,
    opts.location && `at location ${opts.location}`,
    opts.user && `for user ${opts.user}`,
  ].filter(Boolean);
  return [which, ...of].join(' ');
}

const notificationsSetConfig = bulkCommand({
  name: 'set-config',
  summary: "Set users' notification settings for documents, or their organization default",
  operation: 'notifications.config.set',
  options: {
    org,
    doc: opt.ids('--doc <id...>', "these documents' settings (default: the organization's)"),
    inbox: opt.choice('--inbox <level>', 'in-app: ALL, MINE or NONE', LEVELS),
    email: opt.choice('--email <level>', 'email: ALL, MINE or NONE', LEVELS),
    slack: opt.choice('--slack <level>', 'Slack: ALL, MINE or NONE', LEVELS),
    user: opt.ids('--user <id...>', 'user id (repeat, or comma-separate)'),
  },
  scope: {
    organizationId: 'org',
    documentIds: 'doc',
    'config.inbox': 'inbox',
    'config.email': 'email',
    'config.slack': 'slack',
  },
  item: { ids: 'user', column: 'userId' },
  itemFlags: '--user',
  examples: [
    'svc notifications set-config --org acme --user u1 --doc spec --email NONE',
    'svc notifications set-config --org acme --file users.csv --inbox MINE --json   # column: userId',
  ],
});

export const notifications = defineGroup({
  name: 'notifications',
  summary: "Send, read, change and delete notifications, and users' notification settings",
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
    defineCommand({
      name: 'add',
      summary: "Send a notification about a document to its organization's users, or to some",
      sends: [{ operation: 'notifications.add' }],
      options: notificationsAddOptions,
      examples: [
        "svc notifications add --org acme --doc spec --from u1 --to u2 --only-to --headline '{actionUser} mentioned you' --body 'Look at the goals'",
        "svc notifications add --org acme --doc spec --from u1 --id release-1 --headline 'Released' --body 'v2 is out' --verify-access",
      ],
      run: () => import('./add.js'),
    }),
    notificationsUpdate,
    defineCommand({
      name: 'delete',
      summary:
        'Delete the notifications of a document, a location or a user, or some of them (asks first)',
      sends: [{ operation: 'notifications.delete' }],
      options: notificationsDeleteOptions,
      confirm: (opts) => `delete ${selected(opts)} in organization ${opts.org}`,
      examples: [
        'svc notifications delete --org acme --doc spec --yes',
        'svc notifications delete --org acme --user u1 --id n1,n2 --yes --json',
      ],
      run: () => import('./delete.js'),
    }),
    notificationsSetConfig,
  ],
});
