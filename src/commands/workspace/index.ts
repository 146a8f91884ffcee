import { Option } from 'commander';
import { emailTriggerNames } from '../../catalogue/email-triggers.js';
import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { collect, opt } from '../../cli/declare/options.js';
import { limitOption } from '../common-options.js';

export const createOptions = {
  email: opt.text('--email <email>', "owner's email address"),
  name: opt.text('--name <name>', "owner's name (default: the email)"),
  workspaceName: opt.text(
    '--workspace-name <name>',
    'workspace name (default: "<name> workspace")',
  ),
  avatar: opt.url('--avatar <url>', "owner's avatar URL"),
  force: opt.switch(
    '--force',
    'with --profile, replace the credentials that profile holds without asking',
  ),
};

export const tokensOptions = {
  apiKey: opt.id('--api-key <key>', "API key id (default: the profile's key)"),
  showTokens: opt.switch('--show-tokens', 'print the tokens in clear (they are masked otherwise)'),
  limit: limitOption,
};

export const getOptions = {
  showTokens: opt.switch('--show-tokens', 'print the workspace token in clear (masked otherwise)'),
};

export const emailStatusOptions = {
  email: opt.text('--email <email>', "owner's email address").required(),
};

export const loginLinkOptions = {
  email: opt.text('--email <email>', 'address to send the link to').required(),
  continueUrl: opt.url('--continue-url <url>', 'where the link leads after login').required(),
};

export const emailConfigOptions = {
  show: opt.switch('--show', 'show the stored configuration and change nothing'),
  enable: opt.switch('--enable', 'send email notifications'),
  disable: opt.switch('--disable', 'stop sending email notifications'),
  provider: opt.choice('--provider <type>', 'email provider', ['default', 'sendgrid', 'custom']),
  providerKeyStdin: opt.switch(
    '--provider-key-stdin',
    "read the provider's API key from stdin (or set SVC_EMAIL_PROVIDER_KEY)",
  ),
  fromEmail: opt.text('--from-email <address>', 'sender address'),
  fromCompany: opt.text('--from-company <name>', 'sender name'),
  trigger: opt.custom<string[]>(() =>
    new Option(
      '--trigger <name=on/off>',
      "switch one event's emails on or off; repeat, or comma-separate",
    )
      // The choices are what help and completion offer; collect keeps every repeat, and
      // the command checks each one.
      .choices(emailTriggerNames.flatMap((name) => [`${name}=on`, `${name}=off`]))
      .argParser(collect),
  ),
};

// The key-level service configurations (operations 150 to 157): one command each, beside
// email-config; --show reads, the other flags change.
const show = opt.switch('--show', 'show the stored configuration and change nothing');
const enable = (what: string) => opt.switch('--enable', `switch ${what} on`);
const disable = (what: string) => opt.switch('--disable', `switch ${what} off`);
const triggers = (events: string) =>
  opt.list('--trigger <event=on/off>', `switch one ${events} event; repeat, or comma-separate`);

export const apiKeyConfigOptions = {
  show,
  privateComments: opt
    .switch('--private-comments', 'allow private comments')
    .negatedBy('--no-private-comments', 'do not allow private comments'),
  requireJwt: opt
    .switch('--require-jwt', 'client SDKs must authenticate with a signed JWT')
    .negatedBy('--no-require-jwt', 'client SDKs need no JWT'),
  autoOrgUser: opt
    .switch('--auto-org-user', 'add users to the organization on their first access')
    .negatedBy('--no-auto-org-user', 'do not add users on their first access'),
  defaultAccess: opt.choice('--default-access <type>', 'access type of a new document', [
    'public',
    'restricted',
    'organizationPrivate',
  ]),
  aiKeyStdin: opt.choice(
    '--ai-key-stdin <provider>',
    "read this AI provider's API key from stdin",
    ['openai', 'anthropic', 'gemini'],
  ),
};

export const notificationServiceOptions = {
  show,
  enable: enable('in-app notifications'),
  disable: disable('in-app notifications'),
  delay: opt.wholeNumber(
    '--delay <seconds>',
    'send each notification after this delay (0: at once)',
    {
      min: 0,
      max: 15552000,
    },
  ),
  batchDocument: opt.wholeNumber(
    '--batch-document <seconds>',
    "batch a document's notifications over this window (0: off)",
    { min: 0, max: 604800 },
  ),
  batchUser: opt.wholeNumber(
    '--batch-user <seconds>',
    "batch a user's notifications over this window (0: off)",
    { min: 0, max: 604800 },
  ),
  batchMax: opt.wholeNumber('--batch-max <n>', 'most activities in one batch (2 to 50)', {
    min: 2,
    max: 50,
  }),
  trigger: triggers('comment or huddle'),
};

export const activityServiceOptions = {
  show,
  enable: enable('activity logs'),
  disable: disable('activity logs'),
  immutable: opt
    .switch('--immutable', 'activity logs cannot be changed or deleted')
    .negatedBy('--no-immutable', 'activity logs can be changed and deleted'),
  enabledTime: opt.wholeNumber('--enabled-time <epoch-ms>', 'when logging started', { min: 0 }),
  trigger: triggers('comment'),
};

export const permissionProviderOptions = {
  show,
  showToken: opt.switch('--show-token', 'with --show, print the auth token in clear'),
  enable: enable('the permission provider'),
  disable: disable('the permission provider'),
  url: opt.url('--url <url>', 'where the service asks for access decisions'),
  clearUrl: opt.switch('--clear-url', 'remove the stored URL'),
  authTokenStdin: opt.switch(
    '--auth-token-stdin',
    'read the token the service sends to the provider from stdin',
  ),
};

export const workspace = defineGroup({
  name: 'workspace',
  summary: 'Create a workspace, read it and its tokens, verify its owner email',
  examples: [
    'svc workspace create --email ada@example.com --name Ada',
    'svc workspace get',
    "svc workspace tokens --json | jq -r '.authTokens[0].name'",
    'svc workspace email-status --email ada@example.com',
  ],
  commands: [
    defineCommand({
      name: 'create',
      summary: 'Create a workspace and store its credentials in a profile that becomes active',
      sends: [{ operation: 'workspace.create' }],
      options: createOptions,
      help: `At a terminal, svc asks for each value the flags leave out, offering the default; elsewhere
--email is required and the service's defaults fill the rest.

Without --profile, the credentials go to "default", or to a new profile named after the
workspace once "default" exists; the name is printed, and is "profile" in --json. A
profile that holds credentials is replaced only when confirmed, or with --force.`,
      examples: [
        'svc workspace create',
        'svc workspace create --email ada@example.com --name Ada --workspace-name Analytics',
        'svc workspace create --email ci@example.com --profile ci --json | jq -r .id',
      ],
      run: () => import('./create.js'),
    }),
    defineCommand({
      name: 'get',
      summary: 'Show the workspace: its id, name, owner, token and API keys',
      sends: [{ operation: 'workspace.get' }],
      options: getOptions,
      help: `Sent with the workspace's own credentials, as \`workspace tokens\` is. The workspace token is
masked (\`****\` and its last four characters) in the table, the piped line and --json
alike; --show-tokens prints it in clear. The API keys are listed by id, every one of them.`,
      examples: [
        'svc workspace get',
        "svc workspace get --json | jq -r '.apiKeyList | keys[]'",
        'svc workspace get --show-tokens --json',
      ],
      run: () => import('./get.js'),
    }),
    defineCommand({
      name: 'tokens',
      summary: 'List the auth tokens of an API key',
      sends: [{ operation: 'workspace.authTokens' }],
      options: tokensOptions,
      help: `Tokens are masked (\`****\` and their last four characters) in the table, the piped lines
and --json alike, as \`profile show\` and \`svc mcp\` mask them; --show-tokens prints them in
clear. \`svc auth token\` prints the one in use, to put it in a CI secret.`,
      examples: [
        'svc workspace tokens',
        "svc workspace tokens --json | jq -r '.authTokens[0].name'",
        'svc workspace tokens --show-tokens --json',
      ],
      run: () => import('./tokens.js'),
    }),
    defineCommand({
      name: 'email-status',
      summary: "Show whether a workspace owner's email is verified",
      sends: [{ operation: 'workspace.emailStatus' }],
      options: emailStatusOptions,
      examples: [
        'svc workspace email-status --email ada@example.com',
        'svc workspace email-status --email ada@example.com --json | jq -e .verified',
      ],
      run: () => import('./email-status.js'),
    }),
    defineCommand({
      name: 'login-link',
      summary: 'Email a login link that also verifies the owner email',
      sends: [{ operation: 'workspace.loginLink' }],
      options: loginLinkOptions,
      examples: [
        'svc workspace login-link --email ada@example.com --continue-url http://localhost:3000/',
        'svc workspace login-link --email ada@example.com --continue-url http://localhost:3000/welcome --json',
      ],
      run: () => import('./login-link.js'),
    }),
    defineCommand({
      name: 'email-config',
      summary: 'Set up email notifications; with no flags at a terminal, a guided setup',
      sends: [
        { operation: 'workspace.emailConfig' },
        { operation: 'workspace.emailConfigGet', chosenBy: '--show' },
      ],
      options: emailConfigOptions,
      help: `Only the triggers named by --trigger are sent, so one can be switched alone: the
service keeps the others as they are.

The provider key comes from stdin (--provider-key-stdin) or SVC_EMAIL_PROVIDER_KEY, never
from argv. With no flags at a terminal, the guided setup runs even when
SVC_EMAIL_PROVIDER_KEY is set, and uses that key instead of asking for one; elsewhere,
the variable alone sends just the key. --show reads what is stored and changes nothing,
the provider key masked.`,
      examples: [
        'svc workspace email-config',
        'svc workspace email-config --show --json',
        'printf %s "$SENDGRID_KEY" | svc workspace email-config --enable --provider sendgrid --provider-key-stdin --from-email noreply@acme.dev --from-company Acme',
        'svc workspace email-config --trigger comment.add=on --trigger comment_annotation.assign=off --json',
        'svc workspace email-config --disable',
      ],
      run: () => import('./email-config.js'),
    }),
    // The key-level service configurations (operations 150 to 157).
    defineCommand({
      name: 'api-key-config',
      summary: "Show or change the API key's settings: document access, JWT, AI keys",
      sends: [
        { operation: 'workspace.apiKeyConfigUpdate' },
        { operation: 'workspace.apiKeyConfigGet', chosenBy: '--show' },
      ],
      options: apiKeyConfigOptions,
      confirm: () => "change the API key's application configuration",
      help: `Settings left out keep their values. An AI provider's key comes from stdin
(--ai-key-stdin PROVIDER), never from argv; the service answers it masked. --show reads
what is stored and changes nothing.`,
      examples: [
        'svc workspace api-key-config --default-access restricted --private-comments --yes',
        'svc workspace api-key-config --show',
        'printf %s "$OPENAI_KEY" | svc workspace api-key-config --ai-key-stdin openai --yes',
      ],
      run: () => import('./api-key-config.js'),
    }),
    defineCommand({
      name: 'notification-service',
      summary: 'Show or change the in-app notification service: on or off, delay, batching',
      sends: [
        { operation: 'workspace.notificationServiceUpdate' },
        { operation: 'workspace.notificationServiceGet', chosenBy: '--show' },
      ],
      options: notificationServiceOptions,
      confirm: () => 'change the in-app notification service configuration',
      help: `Settings left out keep their values; --trigger switches only the events it names.
The first --enable with no triggers stored switches the standard comment and huddle events
on. In the emulator, --enable and --disable switch its notificationConfig console option.
Not per user: \`svc notifications config\` sets a user's own notification preferences.`,
      examples: [
        'svc workspace notification-service --enable --delay 30 --yes',
        'svc workspace notification-service --show',
        'svc workspace notification-service --batch-document 60 --batch-max 10 --yes',
      ],
      run: () => import('./notification-service.js'),
    }),
    defineCommand({
      name: 'activity-service',
      summary: 'Show or change the activity log service: on or off, immutable, triggers',
      sends: [
        { operation: 'workspace.activityServiceUpdate' },
        { operation: 'workspace.activityServiceGet', chosenBy: '--show' },
      ],
      options: activityServiceOptions,
      confirm: () => 'change the activity log service configuration',
      help: `Settings left out keep their values; --trigger switches only the events it names.
The first --enable switches every comment event on and makes the logs immutable unless
--no-immutable is given. In the emulator, --enable and --disable switch its
activityService console option: \`svc activities\` works at once.`,
      examples: [
        'svc workspace activity-service --enable --no-immutable --yes',
        'svc workspace activity-service --show',
        'svc workspace activity-service --trigger comment.delete=off --yes',
      ],
      run: () => import('./activity-service.js'),
    }),
    defineCommand({
      name: 'permission-provider',
      summary: 'Show or change the permission provider that decides access',
      sends: [
        { operation: 'workspace.permissionProviderUpdate' },
        { operation: 'workspace.permissionProviderGet', chosenBy: '--show' },
      ],
      options: permissionProviderOptions,
      confirm: () => 'change the permission provider configuration',
      help: `Settings left out keep their values: the token is kept when only the URL changes.
The token comes from stdin (--auth-token-stdin), never from argv, and is masked when
shown unless --show-token is given.`,
      examples: [
        'svc workspace permission-provider --url https://example.com/permissions --yes',
        'printf %s "$PROVIDER_TOKEN" | svc workspace permission-provider --enable --auth-token-stdin --yes',
        'svc workspace permission-provider --disable --yes',
        'svc workspace permission-provider --show',
      ],
      run: () => import('./permission-provider.js'),
    }),
  ],
});
