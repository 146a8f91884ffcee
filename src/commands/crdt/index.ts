import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { docOption, orgOption } from '../common-options.js';

export const crdtGetOptions = {
  org: orgOption.required(),
  doc: docOption.required(),
  editor: opt.id('--editor <id>', 'only this editor (default: every editor of the document)'),
};

export const crdtUpdateOptions = {
  org: orgOption.required(),
  doc: docOption.required(),
  editor: opt.id('--editor <id>', 'editor id').required(),
  type: opt.choice('--type <type>', 'the content type', ['text', 'map', 'array', 'xml']).required(),
  data: opt.valueOrFile(
    '--data <value>',
    'text or markup itself (text, xml), or JSON (map, array); @file or - for stdin (this or --data-raw)',
  ),
  dataRaw: opt
    .text('--data-raw <value>', 'the value as it is, even one that starts with @ or is -')
    .conflicts('data'),
  contentKey: opt.text(
    '--content-key <key>',
    'name of the content in the editor (xml; default content)',
  ),
};

export const crdt = defineGroup({
  name: 'crdt',
  summary: "Create, read and replace a collaborative editor's content",
  examples: [
    'svc crdt get --org acme --doc plan',
    "svc crdt update --org acme --doc spec --editor body --type text --data 'Hello, world'",
    'svc crdt update --org acme --doc spec --editor meta --type map --data @meta.json',
  ],
  commands: [
    defineCommand({
      name: 'get',
      summary: "Print the content of a document's editors, or of one",
      sends: [{ operation: 'crdt.get' }],
      options: crdtGetOptions,
      help: `Text and markup print as they are, maps and arrays as indented JSON. With several
editors, each one's content follows a line naming the editor, as head names several files,
and an empty line parts them:

  ==> title <==
  Q3 plan

--json prints every editor's record as the service sent it, with the time and user of its
last change.`,
      examples: [
        'svc crdt get --org acme --doc plan',
        'svc crdt get --org acme --doc plan --editor title > title.txt',
        "svc crdt get --org acme --doc roadmap --editor meta --json | jq '.[0].data'",
      ],
      run: () => import('./get.js'),
    }),
    defineCommand({
      name: 'add',
      summary: 'Create an editor of a document with its first content',
      sends: [{ operation: 'crdt.add' }],
      options: crdtUpdateOptions,
      examples: [
        "svc crdt add --org acme --doc spec --editor notes --type text --data 'First notes'",
        `svc crdt add --org acme --doc spec --editor meta --type map --data '{"title": "Spec"}'`,
      ],
      run: () => import('./add.js'),
    }),
    defineCommand({
      name: 'update',
      summary: "Replace an editor's content; connected clients receive the change",
      sends: [{ operation: 'crdt.update' }],
      options: crdtUpdateOptions,
      examples: [
        "svc crdt update --org acme --doc spec --editor body --type text --data 'Hello, world'",
        `svc crdt update --org acme --doc spec --editor meta --type map --data '{"title": "Spec"}'`,
        'svc crdt update --org acme --doc spec --editor page --type xml --data @page.xml',
        "svc crdt update --org acme --doc spec --editor chat --type text --data-raw '@channel ship it'",
      ],
      run: () => import('./update.js'),
    }),
  ],
});
