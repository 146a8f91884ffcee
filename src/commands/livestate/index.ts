import { Option } from 'commander';
import type { Register } from '../../cli/command-kit.js';

export const registerLivestate: Register = (program, invoke) => {
  const livestate = program
    .command('livestate')
    .description("Push data to a document's live state and its connected clients")
    .addHelpText(
      'after',
      `
Examples:
  $ svc livestate broadcast --org acme --doc spec --id cursor --data '{"x": 10, "y": 4}'
  $ svc livestate broadcast --org acme --doc spec --id status --data @status.json --merge`,
    );
  livestate
    .command('broadcast')
    .description('Broadcast a JSON object to a live-state id of a document')
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--doc <id>', 'document id')
    .requiredOption('--id <id>', 'live-state data id')
    .option('--data <json>', 'a JSON object, @file or - for stdin (this or --data-raw)')
    .addOption(
      new Option(
        '--data-raw <value>',
        'the value as it is, even one that starts with @ or is -',
      ).conflicts('data'),
    )
    .option('--merge', 'merge top-level keys into the stored state (null removes a key)')
    .addHelpText(
      'after',
      `
Examples:
  $ svc livestate broadcast --org acme --doc spec --id cursor --data '{"x": 10, "y": 4}'
  $ svc livestate broadcast --org acme --doc spec --id status --data '{"stage": null}' --merge
  $ jq -n '{progress: 0.5}' | svc livestate broadcast --org acme --doc spec --id build --data -`,
    )
    .action(invoke(() => import('./broadcast.js')));
};
