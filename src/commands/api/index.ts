import { defineCommand } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';

export const apiOptions = {
  data: opt
    .valueOrFile('--data <json>', "the request's `data` member: JSON, @file, or - for stdin")
    .withDefault('{}'),
  dataRaw: opt
    .text('--data-raw <value>', 'the value as it is, even one that starts with @ or is -')
    .conflicts('data'),
  auth: opt.choice(
    '--auth <level>',
    "which credentials to send (default: the operation's level, else key)",
    ['key', 'workspace', 'none'],
  ),
};

export const api = defineCommand({
  name: 'api',
  summary: 'Call any path of the API and print the whole response body',
  arguments: [{ name: '<path>', description: 'the API path, e.g. /v2/workspace/email/status' }],
  options: apiOptions,
  examples: [
    `svc api /v2/workspace/email/status --auth none --data '{"ownerEmail":"ada@example.com"}'`,
    'svc api /v2/workspace/authtokens/get --data @request.json | jq .result.data',
    `echo '{"organizationId":"o1"}' | svc api /v1/organizations/documents/get --data -`,
  ],
  run: () => import('./call.js'),
});
