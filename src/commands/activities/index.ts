import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { count } from '../../io/plural.js';
import { docOption, orgOption } from '../common-options.js';
import { bulkCommand } from '../../cli/declare/bulk.js';

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
    featureType: opt.choice('--feature-type <type>', 'the feature that acted', [
      'comment',
      'reaction',
      'recorder',
      'crdt',
      'custom',
    ]),
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

export const activities = defineGroup({
  name: 'activities',
  summary: "Write and delete a document's activity log",
  examples: [
    'svc activities add --org acme --doc spec --file activities.ndjson',
    'svc activities delete --org acme --id a1,a2 --yes',
  ],
  commands: [
    activitiesAdd,
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
