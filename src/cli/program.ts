import { Command } from 'commander';
import { registerActivities } from '../commands/activities/index.js';
import { registerAi } from '../commands/ai/index.js';
import { registerApi } from '../commands/api/index.js';
import { registerAuth } from '../commands/auth/index.js';
import { registerAuthStorage } from '../commands/auth-storage/index.js';
import { registerCompletion } from '../commands/completion/index.js';
import { registerCrdt } from '../commands/crdt/index.js';
import { registerDocs } from '../commands/docs/index.js';
import { registerEmulator } from '../commands/emulator/index.js';
import { registerFolders } from '../commands/folders/index.js';
import { registerGroups } from '../commands/groups/index.js';
import { registerHelp } from '../commands/help/index.js';
import { registerLivestate } from '../commands/livestate/index.js';
import { registerNotifications } from '../commands/notifications/index.js';
import { registerOrgs } from '../commands/orgs/index.js';
import { registerPermissions } from '../commands/permissions/index.js';
import { registerPresence } from '../commands/presence/index.js';
import { registerProfile } from '../commands/profile/index.js';
import { registerSchema } from '../commands/schema/index.js';
import { registerUsers } from '../commands/users/index.js';
import { registerVersion } from '../commands/version/index.js';
import { registerWorkspace } from '../commands/workspace/index.js';
import { VERSION } from '../version.js';
import type { Invoke } from './command-kit.js';
import { applyHelpLayout } from './help-layout.js';
import { durationOption, urlOption } from './option-values.js';
import { environmentNames } from './reference/environment.js';
import { checkRequiredOptionsLast } from './required-options.js';

export interface ProgramOutput {
  writeOut(text: string): void;
  writeErr(text: string): void;
  /** Commander's own error line; reported by main through the one error path. */
  onError(text: string): void;
}

/**
 * The command tree. Only commander and the cheap definition modules load here; each
 * command's implementation is imported when it runs.
 */
export function buildProgram(invoke: Invoke, output: ProgramOutput): Command {
  const program = new Command('svc')
    .description("Command line for the collaboration backend's REST API, with a local emulator")
    .version(VERSION, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => output.writeOut(s),
      writeErr: (s) => output.writeErr(s),
      outputError: (s) => output.onError(s),
    })
    .option('--profile <name>', 'stored profile to use (env: SVC_PROFILE)')
    .addOption(
      urlOption('--base-url <url>', 'service base URL, overriding the profile (env: SVC_BASE_URL)'),
    )
    .option('--json', 'machine output: one JSON document on stdout')
    .option(
      '--jq <expression>',
      'filter the --json document with jq (implies --json); strings print as text',
    )
    .option('-q, --quiet', 'nothing on stderr but errors: no notices, warnings or progress')
    .option('--no-color', 'no colour (also NO_COLOR; FORCE_COLOR forces it)')
    .option('--no-input', 'never prompt; a missing value is an error naming its flag')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--debug', 'trace each HTTP exchange on stderr, secrets redacted')
    .addOption(
      durationOption(
        '--timeout <duration>',
        'time limit of each attempt of a request (retries have their own), e.g. 500ms, 30s, 5m (env: SVC_TIMEOUT)',
      ),
    )
    .option('--dry-run', 'print the request a mutating command would send, and send nothing')
    .option('--insecure', 'allow plain http to a host other than this machine')
    .option('--insecure-storage', 'store tokens in the config file (mode 0600), not the OS keyring')
    .addHelpText(
      'after',
      `
${environmentNames()}
See also: svc help environment, svc help exit-codes, svc help formatting,
          svc help credentials, svc help reference

Examples:
  $ svc emulator exec -- ./my-script.sh
  $ svc workspace create --email me@example.com --name Me
  $ svc workspace tokens --json | jq -r '.authTokens[0].name'`,
    );

  for (const register of [
    registerWorkspace,
    registerPermissions,
    registerFolders,
    registerDocs,
    registerOrgs,
    registerGroups,
    registerUsers,
    registerActivities,
    registerPresence,
    registerLivestate,
    registerCrdt,
    registerNotifications,
    registerAi,
    registerAuth,
    registerAuthStorage,
    registerProfile,
    registerApi,
    registerEmulator,
    registerCompletion,
    registerSchema,
    registerVersion,
    registerHelp,
  ]) {
    register(program, invoke);
  }
  applyHelpLayout(program);
  checkRequiredOptionsLast(program);
  return program;
}
