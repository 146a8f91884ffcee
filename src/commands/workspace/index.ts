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
  ],
});
