import type { Command } from 'commander';
import type { Register } from '../../cli/command-kit.js';
import { collect } from '../../cli/declare/options.js';
import { jobDelayOption, urlOption, wholeNumberOption } from '../../cli/option-values.js';
import { shellLine } from '../../io/shell-words.js';

function serverOptions(command: Command): Command {
  return command
    .addOption(
      wholeNumberOption('--port <n>', 'port to listen on; 0 picks a free one', {
        max: 65_535,
      }).default(0),
    )
    .option('--host <host>', 'address to bind; anything but loopback exposes it', '127.0.0.1')
    .option('--data-dir <dir>', 'keep state in SQLite under this folder (default: in memory)')
    .option('--seed <file>', 'load a fixture file at start (see docs/fixtures.md)')
    .addOption(
      jobDelayOption(
        '--job-delay <duration>',
        'time each step of a job takes: 0 finishes jobs at once, manual waits for POST /_emulator/jobs/step (default 200ms)',
      ),
    )
    .addOption(
      urlOption('--openai-url <url>', 'base URL of the OpenAI API that AI rewrite calls').env(
        'SVC_EMULATOR_OPENAI_URL',
      ),
    )
    .addOption(
      urlOption('--anthropic-url <url>', 'base URL of the Anthropic API that AI rewrite calls').env(
        'SVC_EMULATOR_ANTHROPIC_URL',
      ),
    )
    .addOption(
      urlOption(
        '--google-url <url>',
        'base URL of the Google Gemini API that AI rewrite calls',
      ).env('SVC_EMULATOR_GOOGLE_URL'),
    )
    .option(
      '--faults <plan>',
      'inject latency, error statuses and dropped connections: JSON or @file (docs/emulator-faults.md)',
    )
    .option(
      '--console-option <name>',
      'switch a console option on in every workspace: advancedQueries, activityService, notificationConfig, or all (repeatable)',
      collect,
    )
    .option(
      '--allowed-continue-host <host>',
      'another host a login link may continue to, besides localhost and the console host (repeatable)',
      collect,
    )
    .option('--no-admin', 'switch off the /_emulator/ admin routes (for an emulator others reach)')
    .option('--ui', 'serve the web UI even when --host faces the network')
    .option('--no-ui', 'do not serve the web UI at /_emulator/ui/');
}

/** Commander's own members that its typings leave out. */
type Untyped = Command & { unknownOption(flag: string): never; rawArgs: string[] };

/** The words given to the program, as the user typed them. */
function rawWords(command: Command): string[] {
  let root = command;
  while (root.parent) root = root.parent;
  return (root as Untyped).rawArgs;
}

/**
 * `svc emulator exec sh -c 'exit 3'` takes `-c` for an option of exec's own. When a command
 * came before the unknown option, the error says to put `--` before it, with the whole
 * line as it should have been typed.
 */
function suggestDoubleDash(exec: Command): void {
  const command = exec as Untyped;
  const unknownOption = command.unknownOption.bind(command);
  command.unknownOption = (flag: string): never => {
    // Operands come first in args; without one, the flag itself leads (a typo of exec's own).
    const [first] = command.args;
    const raw = rawWords(command);
    const at =
      first === undefined || first === flag
        ? -1
        : raw.indexOf(first, raw.indexOf(command.name()) + 1);
    if (at === -1) return unknownOption(flag);
    const fixed = ['svc', ...raw.slice(0, at), '--', ...raw.slice(at)];
    return command.error(
      `error: unknown option '${flag}'\n(put -- before the command to run: ${shellLine(fixed)})`,
      { code: 'commander.unknownOption' },
    );
  };
}

export const registerEmulator: Register = (program, invoke) => {
  const emulator = program
    .command('emulator')
    .description('Run a local, stateful emulator of the whole service')
    .addHelpText(
      'after',
      `
Examples:
  $ svc emulator start --port 4510
  $ svc emulator exec -- npm test`,
    );

  serverOptions(emulator.command('start').description('Start the emulator and serve until Ctrl-C'))
    .addHelpText(
      'after',
      `
Prints one JSON line {"status":"ready","url":…,"ui":…} on stdout once it accepts
requests; open the ui address in a browser to see the data and every request.

Examples:
  $ svc emulator start --port 4510
  $ svc emulator start --data-dir .svc-emulator
  $ svc emulator start --seed examples/fixtures/basic.json
  $ svc emulator start --openai-url http://127.0.0.1:8099

AI rewrite sends text to the public provider APIs with the workspace's keys (set with
the seed file's aiKeys or POST /_emulator/ai-keys); the --*-url flags point it elsewhere.`,
    )
    .action(invoke({ run: () => import('./start.js') }));

  const exec = serverOptions(
    emulator
      .command('exec')
      .description(
        'Start the emulator, run a command against it, stop it, and pass on its exit code',
      )
      .argument('<command...>', 'the command and its arguments, after --'),
  )
    .option('--no-workspace', 'do not create a workspace (no credential variables are set)')
    .addHelpText(
      'after',
      `
The command runs with SVC_BASE_URL and, unless --no-workspace, SVC_WORKSPACE_ID,
SVC_WORKSPACE_TOKEN, SVC_API_KEY and SVC_AUTH_TOKEN set, svc on its PATH, and a fresh
SVC_CONFIG_DIR unless one is set already.

Examples:
  $ svc emulator exec -- npm test
  $ svc emulator exec -- sh -c 'svc workspace tokens --json | jq .'
  $ svc emulator exec --no-workspace -- ./scripts/onboarding.sh`,
    )
    .action(invoke({ run: () => import('./exec.js') }));
  suggestDoubleDash(exec);
};
