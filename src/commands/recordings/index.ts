import { defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { pagedCommand } from '../../cli/declare/paged.js';
import { orgOption } from '../common-options.js';

export const recordingsListOptions = {
  org: orgOption.required(),
  doc: opt.id('--doc <id>', 'only the recordings of this document'),
  recording: opt.ids('--recording <id...>', 'only these recordings (repeat, or comma-separate)'),
};

export const recordings = defineGroup({
  name: 'recordings',
  summary: 'List the screen and audio recordings users made in documents',
  examples: [
    'svc recordings list --org acme --doc plan',
    'svc recordings list --org acme --all --json | jq -r ".[].displayName"',
  ],
  commands: [
    pagedCommand({
      name: 'list',
      summary: 'List the recordings of an organization or a document, a page at a time',
      operation: 'recordings.get',
      options: recordingsListOptions,
      request: { organizationId: 'org', documentId: 'doc', recordingIds: 'recording' },
      items: 'recordings',
      help: `Recordings are made by the client SDKs; the REST API only reads them. In the
emulator, a seed fixture adds them (docs/fixtures.md).`,
      examples: [
        'svc recordings list --org acme --doc plan',
        'svc recordings list --org acme --recording rec-plan-1,rec-plan-2',
        'svc recordings list --org acme --all --json | jq length',
      ],
    }),
  ],
});
