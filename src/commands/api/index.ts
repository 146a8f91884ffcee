import { Option } from 'commander';
import type { Register } from '../../cli/command-kit.js';

export const registerApi: Register = (program, invoke) => {
  program
    .command('api')
    .description('Call any path of the API and print the whole response body')
    .argument('<path>', 'the API path, e.g. /v2/workspace/email/status')
    .option('--data <json>', "the request's `data` member: JSON, @file, or - for stdin", '{}')
    .addOption(
      new Option(
        '--data-raw <value>',
        'the value as it is, even one that starts with @ or is -',
      ).conflicts('data'),
    )
    .addOption(
      new Option(
        '--auth <level>',
        "which credentials to send (default: the operation's level, else key)",
      ).choices(['key', 'workspace', 'none']),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ svc api /v2/workspace/email/status --auth none --data '{"ownerEmail":"ada@example.com"}'
  $ svc api /v2/workspace/authtokens/get --data @request.json | jq .result.data
  $ echo '{"organizationId":"o1"}' | svc api /v1/organizations/documents/get --data -`,
    )
    .action(invoke(() => import('./call.js')));
};
