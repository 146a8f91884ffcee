import { Option } from 'commander';
import { emailTriggerNames } from '../../catalogue/email-triggers.js';
import { collect, type Register } from '../../cli/command-kit.js';
import { urlOption } from '../../cli/option-values.js';
import { limitOption } from '../../cli/option-values.js';

export const registerWorkspace: Register = (program, invoke) => {
  const workspace = program
    .command('workspace')
    .description('Create a workspace, read its tokens, verify its owner email')
    .addHelpText(
      'after',
      `
Examples:
  $ svc workspace create --email ada@example.com --name Ada
  $ svc workspace tokens --json | jq -r '.authTokens[0].name'
  $ svc workspace email-status --email ada@example.com`,
    );

  workspace
    .command('create')
    .description('Create a workspace and store its credentials in a profile that becomes active')
    .option('--email <email>', "owner's email address")
    .option('--name <name>', "owner's name (default: the email)")
    .option('--workspace-name <name>', 'workspace name (default: "<name> workspace")')
    .addOption(urlOption('--avatar <url>', "owner's avatar URL"))
    .option('--force', 'with --profile, replace the credentials that profile holds without asking')
    .addHelpText(
      'after',
      `
At a terminal, svc asks for each value the flags leave out, offering the default; elsewhere
--email is required and the service's defaults fill the rest.

Without --profile, the credentials go to "default", or to a new profile named after the
workspace once "default" exists; the name is printed, and is "profile" in --json. A
profile that holds credentials is replaced only when confirmed, or with --force.

Examples:
  $ svc workspace create
  $ svc workspace create --email ada@example.com --name Ada --workspace-name Analytics
  $ svc workspace create --email ci@example.com --profile ci --json | jq -r .id`,
    )
    .action(invoke(() => import('./create.js')));

  workspace
    .command('tokens')
    .description('List the auth tokens of an API key')
    .option('--api-key <key>', "API key id (default: the profile's key)")
    .addOption(limitOption())
    .addHelpText(
      'after',
      `
Examples:
  $ svc workspace tokens
  $ svc workspace tokens --json | jq -r '.authTokens[0].name'`,
    )
    .action(invoke(() => import('./tokens.js')));

  workspace
    .command('email-status')
    .description("Show whether a workspace owner's email is verified")
    .requiredOption('--email <email>', "owner's email address")
    .addHelpText(
      'after',
      `
Examples:
  $ svc workspace email-status --email ada@example.com
  $ svc workspace email-status --email ada@example.com --json | jq -e .verified`,
    )
    .action(invoke(() => import('./email-status.js')));

  workspace
    .command('login-link')
    .description('Email a login link that also verifies the owner email')
    .requiredOption('--email <email>', 'address to send the link to')
    .addOption(
      urlOption('--continue-url <url>', 'where the link leads after login').makeOptionMandatory(),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ svc workspace login-link --email ada@example.com --continue-url http://localhost:3000/
  $ svc workspace login-link --email ada@example.com --continue-url http://localhost:3000/welcome --json`,
    )
    .action(invoke(() => import('./login-link.js')));

  workspace
    .command('email-config')
    .description('Set up email notifications; with no flags at a terminal, a guided setup')
    .option('--enable', 'send email notifications')
    .option('--disable', 'stop sending email notifications')
    .addOption(
      new Option('--provider <type>', 'email provider').choices(['default', 'sendgrid', 'custom']),
    )
    .option(
      '--provider-key-stdin',
      "read the provider's API key from stdin (or set SVC_EMAIL_PROVIDER_KEY)",
    )
    .option('--from-email <address>', 'sender address')
    .option('--from-company <name>', 'sender name')
    .addOption(
      new Option(
        '--trigger <name=on/off>',
        "switch one event's emails on or off; repeat, or comma-separate",
      )
        // The choices are what help and completion offer; collect keeps every repeat, and
        // the command checks each one.
        .choices(emailTriggerNames.flatMap((name) => [`${name}=on`, `${name}=off`]))
        .argParser(collect),
    )
    .addHelpText(
      'after',
      `
Only the triggers named by --trigger are sent, so one can be switched alone: the
service keeps the others as they are.

The provider key comes from stdin (--provider-key-stdin) or SVC_EMAIL_PROVIDER_KEY, never
from argv. With no flags at a terminal, the guided setup runs even when
SVC_EMAIL_PROVIDER_KEY is set, and uses that key instead of asking for one; elsewhere,
the variable alone sends just the key.

Examples:
  $ svc workspace email-config
  $ printf %s "$SENDGRID_KEY" | svc workspace email-config --enable --provider sendgrid --provider-key-stdin --from-email noreply@acme.dev --from-company Acme
  $ svc workspace email-config --trigger comment.add=on --trigger comment_annotation.assign=off --json
  $ svc workspace email-config --disable`,
    )
    .action(invoke(() => import('./email-config.js')));
};
