import { Option } from 'commander';
import type { Register } from '../../cli/command-kit.js';

export const registerCrdt: Register = (program, invoke) => {
  const crdt = program
    .command('crdt')
    .description("Replace a collaborative editor's content")
    .addHelpText(
      'after',
      `
Examples:
  $ svc crdt update --org acme --doc spec --editor body --type text --data 'Hello, world'
  $ svc crdt update --org acme --doc spec --editor meta --type map --data @meta.json`,
    );
  crdt
    .command('update')
    .description("Replace an editor's content; connected clients receive the change")
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--doc <id>', 'document id')
    .requiredOption('--editor <id>', 'editor id')
    .addOption(
      new Option('--type <type>', 'the content type')
        .choices(['text', 'map', 'array', 'xml'])
        .makeOptionMandatory(),
    )
    .option(
      '--data <value>',
      'text or markup itself (text, xml), or JSON (map, array); @file or - for stdin (this or --data-raw)',
    )
    .addOption(
      new Option(
        '--data-raw <value>',
        'the value as it is, even one that starts with @ or is -',
      ).conflicts('data'),
    )
    .option('--content-key <key>', 'name of the content in the editor (xml; default content)')
    .addHelpText(
      'after',
      `
Examples:
  $ svc crdt update --org acme --doc spec --editor body --type text --data 'Hello, world'
  $ svc crdt update --org acme --doc spec --editor meta --type map --data '{"title": "Spec"}'
  $ svc crdt update --org acme --doc spec --editor page --type xml --data @page.xml
  $ svc crdt update --org acme --doc spec --editor chat --type text --data-raw '@channel ship it'`,
    )
    .action(invoke(() => import('./update.js')));
};
