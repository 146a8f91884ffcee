import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { docOption, orgOption } from '../common-options.js';

export const broadcastOptions = {
  org: orgOption.required(),
  doc: docOption.required(),
  id: opt.id('--id <id>', 'live-state data id').required(),
  data: opt.valueOrFile(
    '--data <json>',
    'a JSON object, @file or - for stdin (this or --data-raw)',
  ),
  dataRaw: opt
    .text('--data-raw <value>', 'the value as it is, even one that starts with @ or is -')
    .conflicts('data'),
  merge: opt.switch('--merge', 'merge top-level keys into the stored state (null removes a key)'),
};

export const livestate = defineGroup({
  name: 'livestate',
  summary: "Push data to a document's live state and its connected clients",
  examples: [
    `svc livestate broadcast --org acme --doc spec --id cursor --data '{"x": 10, "y": 4}'`,
    'svc livestate broadcast --org acme --doc spec --id status --data @status.json --merge',
  ],
  commands: [
    defineCommand({
      name: 'broadcast',
      summary: 'Broadcast a JSON object to a live-state id of a document',
      sends: [{ operation: 'livestate.broadcast' }],
      options: broadcastOptions,
      examples: [
        `svc livestate broadcast --org acme --doc spec --id cursor --data '{"x": 10, "y": 4}'`,
        `svc livestate broadcast --org acme --doc spec --id status --data '{"stage": null}' --merge`,
        "jq -n '{progress: 0.5}' | svc livestate broadcast --org acme --doc spec --id build --data -",
      ],
      run: () => import('./broadcast.js'),
    }),
  ],
});
