import { InvalidArgumentError, Option } from 'commander';
import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { collect, opt } from '../../cli/declare/options.js';
import { pagedCommand } from '../../cli/declare/paged.js';
import { count } from '../../io/plural.js';
import { docOption, orgOption } from '../common-options.js';
import { bulkCommand } from '../../cli/declare/bulk.js';

/** The features an activity log comes from (spec op 17). */
const FEATURE_TYPES = ['comment', 'reaction', 'recorder', 'crdt', 'custom'] as const;

/**
 * Feature types, repeated or comma-separated: help and completion offer the choices, and
 * each value is checked as the line is parsed, so a typo is exit 2 naming the flag.
 */
const featureTypes = opt.custom<string[]>(() =>
  new Option('--feature-type <type...>', 'only from these features (repeat, or comma-separate)')
    .choices(FEATURE_TYPES)
    .argParser((value: string, previous?: string[]) => {
      const values = collect(value, previous);
      if (values.some((v) => !(FEATURE_TYPES as readonly string[]).includes(v))) {
        throw new InvalidArgumentError(`Allowed choices are ${FEATURE_TYPES.join(', ')}.`);
      }
      return values;
    }),
);

export const activitiesListOptions = {
  org: orgOption.required(),
  doc: opt.id('--doc <id>', 'of this document'),
  target: opt.id('--target <id>', 'about this target entity, e.g. a comment annotation'),
  featureType: featureTypes,
  actionType: opt.list(
    '--action-type <name...>',
    'only these actions, e.g. comment.add (repeat, or comma-separate)',
  ),
  user: opt.id('--user <id>', 'only what this user did'),
  id: opt.ids('--id <id...>', 'only these activity logs (repeat, or comma-separate)'),
  order: opt.choice('--order <order>', 'by time (default desc)', ['asc', 'desc']),
};

export const activitiesDeleteOptions = {
  org: orgOption.required(),
  doc: opt.id('--doc <id>', "delete the document's activities"),
  id: opt.ids('--id <id...>', 'activity id (repeat, or comma-separate)'),
  target: opt.id('--target <id>', "delete the target entity's activities"),
};

const activitiesAdd = bulkCommand({
  name: 'add',
  summary: 'Add activity logs: one from flags, or many from a file',
  operation: 'activities.add',
  options: {
    org: orgOption.required(),
    doc: docOption.required(),
    id: opt.id('--id <id>', 'activity id; writing an existing id overwrites it'),
    featureType: opt.choice('--feature-type <type>', 'the feature that acted', FEATURE_TYPES),
    actionType: opt.text(
      '--action-type <name>',
      'what happened, e.g. comment.add or a custom name',
    ),
    user: opt.id('--user <id>', 'id of the user who acted'),
    userName: opt.text('--user-name <name>', "the acting user's name"),
    userEmail: opt.text('--user-email <email>', "the acting user's email"),
    target: opt.id('--target <id>', 'target entity id (required for custom)'),
    message: opt.text('--message <template>', 'display message template, e.g. "{{user}} approved"'),
  },
  scope: { organizationId: 'org', documentId: 'doc' },
  item: {
    fields: {
      id: 'id',
      featureType: 'featureType',
      actionType: 'actionType',
      'actionUser.userId': 'user',
      'actionUser.name': 'userName',
      'actionUser.email': 'userEmail',
      targetEntityId: 'target',
      displayMessageTemplate: 'message',
    },
  },
  itemFlags: '--feature-type, --action-type and --user',
  // The service answers once per request, not per activity.
  batchAnswer: true,
  // Activities with ids overwrite themselves when sent twice; others would be duplicated.
  idempotentWhen: (items) => items.every((a) => typeof a.id === 'string'),
  examples: [
    'svc activities add --org acme --doc spec --feature-type custom --action-type approval.granted --user u1 --target ticket-7',
    'svc activities add --org acme --doc spec --file activities.ndjson --json',
    "jq -c '.[]' export.json | svc activities add --org acme --doc spec --file -",
  ],
});

const activitiesUpdate = bulkCommand({
  name: 'update',
  summary: 'Change activity logs: their message and icon from flags, anything from a file',
  operation: 'activities.update',
  options: {
    org: orgOption.required(),
    id: opt.id('--id <id>', 'activity id'),
    message: opt.text(
      '--message <template>',
      'new display message template, e.g. "{{user}} approved"',
    ),
    icon: opt.text('--icon <icon>', 'new action icon, a URL or name'),
  },
  scope: { organizationId: 'org' },
  item: { fields: { id: 'id', displayMessageTemplate: 'message', actionIcon: 'icon' } },
  itemFlags: '--id',
  examples: [
    'svc activities update --org acme --id a1 --message "{{user}} approved the budget"',
    'svc activities update --org acme --file changes.ndjson --json   # id, and the members to replace',
  ],
});

export const activities = defineGroup({
  name: 'activities',
  summary: "Read, write, change and delete a document's activity log",
  examples: [
    'svc activities list --org acme --doc plan',
    'svc activities add --org acme --doc spec --file activities.ndjson',
    'svc activities delete --org acme --id a1,a2 --yes',
  ],
  commands: [
    pagedCommand({
      name: 'list',
      summary: 'List activity logs of an organization, a document or a user, a page at a time',
      operation: 'activities.get',
      options: activitiesListOptions,
      request: {
        organizationId: 'org',
        documentId: 'doc',
        targetEntityId: 'target',
        featureTypes: 'featureType',
        actionTypes: 'actionType',
        userId: 'user',
        activityIds: 'id',
        order: 'order',
      },
      items: 'activity logs',
      display: async () => (await import('./display-row.js')).displayRow,
      examples: [
        'svc activities list --org acme --doc plan',
        'svc activities list --org acme --user alice --feature-type comment --feature-type custom --order asc',
        'svc activities list --org acme --action-type comment.add --all --json | jq length',
      ],
    }),
    activitiesAdd,
    activitiesUpdate,
    defineCommand({
      name: 'delete',
      summary: 'Delete activity logs by id, by document or by target entity (asks first)',
      sends: [{ operation: 'activities.delete' }],
      options: activitiesDeleteOptions,
      // What the selectors will delete, in the words of the confirmation.
      confirm: (opts, { ids }) => {
        const scope = [
          opts.doc !== undefined && `document ${opts.doc}`,
          opts.target !== undefined && `target ${opts.target}`,
        ].filter(Boolean);
        const within = scope.length > 0 ? ` of ${scope.join(' and ')}` : '';
        if (ids?.length) return `delete ${count(ids.length, 'activity log')}${within}`;
        return `delete every activity log${within}`;
      },
      examples: [
        'svc activities delete --org acme --id a1,a2 --yes',
        'svc activities delete --org acme --doc spec --target ticket-7',
        "svc activities delete --org acme --doc spec --yes --json | jq 'map_values(.success)'",
      ],
      run: () => import('./delete.js'),
    }),
  ],
});
