import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { count } from '../../io/plural.js';
import { activitiesAdd } from '../bulk-commands.js';
import { orgOption } from '../common-options.js';

export const activitiesDeleteOptions = {
  org: orgOption.required(),
  doc: opt.id('--doc <id>', "delete the document's activities"),
  id: opt.ids('--id <id...>', 'activity id (repeat, or comma-separate)'),
  target: opt.id('--target <id>', "delete the target entity's activities"),
};

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
