import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { webhookEventNames } from '../../catalogue/webhook-events.js';

const advanced = opt.switch('--advanced', 'the advanced (signed, Standard Webhooks) configuration');

export const configGetOptions = { advanced };

export const configUpdateOptions = {
  advanced,
  enable: opt.switch('--enable', 'switch webhooks on (the first --advanced update must)'),
  disable: opt.switch('--disable', 'switch webhooks off'),
  url: opt.url('--url <url>', 'basic: where raw notifications are posted'),
  processedUrl: opt.url('--processed-url <url>', 'basic: where processed notifications are posted'),
  authTokenStdin: opt.switch(
    '--auth-token-stdin',
    'basic: read the token sent as "Authorization: Basic <token>" from stdin',
  ),
  encode: opt
    .switch('--encode', 'send the payload Base64-encoded ({encodedPayload})')
    .negatedBy('--no-encode', 'send the payload as JSON'),
  encrypt: opt
    .switch('--encrypt', 'send the payload encrypted with --public-key-file')
    .negatedBy('--no-encrypt', 'send the payload unencrypted'),
  publicKeyFile: opt.file(
    '--public-key-file <path>',
    'RSA public key (PEM, or bare Base64 of the key) that wraps the AES key',
  ),
  trigger: opt.list(
    '--trigger <name=on/off>',
    "basic: switch one event's webhook on or off; repeat, or comma-separate",
  ),
  dataProtection: opt
    .switch('--data-protection', 'advanced: switch data protection on')
    .negatedBy('--no-data-protection', 'advanced: switch data protection off'),
};

const endpoint = opt.id('--endpoint <id>', 'endpoint id (ep_…)').required();

const endpointFields = {
  description: opt.text('--description <text>', 'what the endpoint is for'),
  events: opt.list(
    '--events <names>',
    'only these event types (comma-separated); all when left out',
  ),
  channel: opt.list('--channel <name>', 'only these channels; repeat, or comma-separate'),
  rateLimit: opt.wholeNumber('--rate-limit <n>', 'messages per second at most', {
    min: 1,
    max: 1_000_000,
  }),
  metadata: opt.list('--metadata <key=value>', 'a metadata entry; repeat, or comma-separate'),
};

export const endpointsCreateOptions = {
  url: opt.url('--url <url>', 'where messages are posted').required(),
  ...endpointFields,
  disabled: opt.switch('--disabled', 'create it switched off'),
  uid: opt.id('--uid <uid>', 'your own unique id for the endpoint'),
};

export const endpointsListOptions = {
  iterator: opt.text('--iterator <iterator>', 'continue from the iterator a previous page gave'),
  limit: opt.wholeNumber('--limit <n>', 'fetch pages until N endpoints', { min: 1 }),
  all: opt.switch('--all', 'fetch every page'),
};

export const endpointsUpdateOptions = {
  endpoint,
  url: opt.url('--url <url>', 'where messages are posted'),
  ...endpointFields,
  enable: opt.switch('--enable', 'switch the endpoint on (also one disabled after failures)'),
  disable: opt.switch('--disable', 'switch the endpoint off'),
};

export const endpointOnlyOptions = { endpoint };

export const listenOptions = {
  forwardTo: opt.url('--forward-to <url>', 'where each delivery is passed on').required(),
  events: opt.list(
    '--events <names>',
    'only these event types (comma-separated); all when left out',
  ),
};

export const triggerOptions = {
  org: opt.id('--org <id>', 'the organization the sample names (default sample-org)'),
  doc: opt.id('--doc <id>', 'the document the sample names (default sample-doc)'),
};

const config = defineGroup({
  name: 'config',
  summary: 'Read and change the webhook configuration, basic or advanced',
  examples: [
    'svc webhooks config get',
    'svc webhooks config update --advanced --enable',
    'svc webhooks config update --enable --url https://example.com/hooks --trigger crdt.update_data=on',
  ],
  commands: [
    defineCommand({
      name: 'get',
      summary: 'Show the basic webhook configuration, or the advanced one',
      sends: [
        { operation: 'webhooks.config.get' },
        { operation: 'webhooks.advancedConfig.get', chosenBy: '--advanced' },
      ],
      options: configGetOptions,
      examples: ['svc webhooks config get', 'svc webhooks config get --advanced --json'],
      run: () => import('./config-get.js'),
    }),
    defineCommand({
      name: 'update',
      summary: 'Change the basic webhook configuration, or the advanced one',
      sends: [
        { operation: 'webhooks.config.update' },
        { operation: 'webhooks.advancedConfig.update', chosenBy: '--advanced' },
      ],
      options: configUpdateOptions,
      help: `Members left out keep their values; --trigger switches only the events it names.
Advanced webhooks answer FAILED_PRECONDITION until an update with --advanced --enable.
The auth token comes from stdin (--auth-token-stdin), never from argv.`,
      examples: [
        'svc webhooks config update --advanced --enable',
        'svc webhooks config update --enable --url https://example.com/hooks',
        'printf %s "$HOOK_TOKEN" | svc webhooks config update --auth-token-stdin',
        'svc webhooks config update --trigger crdt.update_data=on,comment.delete=off --json',
      ],
      run: () => import('./config-update.js'),
    }),
  ],
});

const endpoints = defineGroup({
  name: 'endpoints',
  summary: 'Add, list, change and remove advanced webhook endpoints',
  examples: [
    'svc webhooks endpoints create --url https://example.com/hooks --events comment.add',
    'svc webhooks endpoints list --all',
  ],
  commands: [
    defineCommand({
      name: 'create',
      summary: 'Add an endpoint; the service gives it its own signing secret',
      sends: [{ operation: 'webhooks.endpoints.create' }],
      options: endpointsCreateOptions,
      examples: [
        'svc webhooks endpoints create --url https://example.com/hooks',
        'svc webhooks endpoints create --url https://example.com/hooks --events comment.add,crdt.update_data --rate-limit 10',
      ],
      run: () => import('./endpoints-create.js'),
    }),
    defineCommand({
      name: 'list',
      summary: 'List the endpoints, a page at a time',
      sends: [{ operation: 'webhooks.endpoints.list' }],
      options: endpointsListOptions,
      examples: ['svc webhooks endpoints list', 'svc webhooks endpoints list --all --json'],
      run: () => import('./endpoints-list.js'),
    }),
    defineCommand({
      name: 'update',
      summary: 'Change an endpoint; members left out keep their values',
      sends: [{ operation: 'webhooks.endpoints.update' }],
      options: endpointsUpdateOptions,
      examples: [
        'svc webhooks endpoints update --endpoint ep_1 --events comment.add',
        'svc webhooks endpoints update --endpoint ep_1 --enable',
      ],
      run: () => import('./endpoints-update.js'),
    }),
    defineCommand({
      name: 'delete',
      summary: 'Remove an endpoint and invalidate its secret (asks first)',
      sends: [{ operation: 'webhooks.endpoints.delete' }],
      options: endpointOnlyOptions,
      confirm: (opts) =>
        `Remove webhook endpoint ${opts.endpoint}? Its messages stop and its secret stops working.`,
      examples: [
        'svc webhooks endpoints delete --endpoint ep_1',
        'svc webhooks endpoints delete --endpoint my-uid --yes --json',
      ],
      run: () => import('./endpoints-delete.js'),
    }),
    defineCommand({
      name: 'secret',
      summary: "Print an endpoint's signing secret (whsec_…)",
      sends: [{ operation: 'webhooks.endpoints.secret' }],
      options: endpointOnlyOptions,
      examples: [
        'svc webhooks endpoints secret --endpoint ep_1',
        'svc webhooks endpoints secret --endpoint ep_1 --json | jq -r .secret',
      ],
      run: () => import('./endpoints-secret.js'),
    }),
  ],
});

export const webhooks = defineGroup({
  name: 'webhooks',
  summary: 'Configure webhooks and their endpoints',
  examples: [
    'svc webhooks config update --advanced --enable',
    'svc webhooks endpoints create --url https://example.com/hooks',
  ],
  commands: [
    config,
    endpoints,
    defineCommand({
      name: 'listen',
      summary: "Forward the emulator's webhooks to a local URL until stopped",
      follows: [
        'webhooks.endpoints.create',
        'webhooks.endpoints.secret',
        'webhooks.endpoints.delete',
      ],
      options: listenOptions,
      // One line per attempt as it happens (NDJSON with --json), never one document.
      printsJson: false,
      help: `Against the emulator (advanced webhooks enabled): adds an endpoint of its own,
prints its signing secret first (stderr; with --json the first NDJSON line on stdout),
passes each delivery on to --forward-to with its headers and body unchanged, answers the
emulator with that URL's status (so its retries follow), and prints one line per attempt.
Ctrl-C removes the endpoint and stops.`,
      examples: [
        'svc webhooks listen --forward-to http://localhost:3000/webhooks',
        'svc webhooks listen --forward-to http://localhost:3000/webhooks --events comment.add,crdt.update_data --json',
      ],
      run: () => import('./listen.js'),
    }),
    defineCommand({
      name: 'trigger',
      summary: 'Make the emulator send a realistic sample of an event',
      arguments: [
        { name: '<event>', description: 'the event, e.g. comment.add', choices: webhookEventNames },
      ],
      options: triggerOptions,
      examples: [
        'svc webhooks trigger comment.add',
        'svc webhooks trigger crdt.update_data --org acme --doc plan --json',
      ],
      run: () => import('./trigger.js'),
    }),
  ],
});
