import type { Command } from 'commander';
import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { shellLine } from '../../io/shell-words.js';

/** The variables that give the AI provider URL flags their value, by provider. */
export const aiUrlEnv = {
  openai: 'SVC_EMULATOR_OPENAI_URL',
  anthropic: 'SVC_EMULATOR_ANTHROPIC_URL',
  google: 'SVC_EMULATOR_GOOGLE_URL',
} as const;

/** The flags of every command that starts an emulator. */
export const serverOptions = {
  port: opt
    .wholeNumber('--port <n>', 'port to listen on; 0 picks a free one', { max: 65_535 })
    .withDefault(0),
  host: opt
    .text('--host <host>', 'address to bind; anything but loopback exposes it')
    .withDefault('127.0.0.1'),
  dataDir: opt.text(
    '--data-dir <dir>',
    'keep state in SQLite under this folder (default: in memory)',
  ),
  seed: opt.file('--seed <file>', 'load a fixture file at start (see docs/fixtures.md)'),
  jobDelay: opt.jobDelay(
    '--job-delay <duration>',
    'time each step of a job takes: 0 finishes jobs at once, manual waits for POST /_emulator/jobs/step (default 200ms)',
  ),
  openaiUrl: opt
    .url('--openai-url <url>', 'base URL of the OpenAI API that AI rewrite calls')
    .env(aiUrlEnv.openai),
  anthropicUrl: opt
    .url('--anthropic-url <url>', 'base URL of the Anthropic API that AI rewrite calls')
    .env(aiUrlEnv.anthropic),
  googleUrl: opt
    .url('--google-url <url>', 'base URL of the Google Gemini API that AI rewrite calls')
    .env(aiUrlEnv.google),
  faults: opt.text(
    '--faults <plan>',
    'inject latency, error statuses and dropped connections: JSON or @file (docs/emulator-faults.md)',
  ),
  consoleOption: opt.list(
    '--console-option <name>',
    'switch a console option on in every workspace: advancedQueries, activityService, notificationConfig, or all (repeatable)',
  ),
  allowedContinueHost: opt.list(
    '--allowed-continue-host <host>',
    'another host a login link may continue to, besides localhost and the console host (repeatable)',
  ),
  webhookHost: opt.list(
    '--webhook-host <host>',
    'another host webhooks may be sent to, besides loopback (repeatable)',
  ),
  admin: opt.switch(
    '--no-admin',
    'switch off the /_emulator/ admin routes (for an emulator others reach)',
  ),
  ui: opt
    .switch('--ui', 'serve the web UI even when --host faces the network')
    .negatedBy('--no-ui', 'do not serve the web UI at /_emulator/ui/'),
};

export const execOptions = {
  ...serverOptions,
  workspace: opt.switch(
    '--no-workspace',
    'do not create a workspace (no credential variables are set)',
  ),
};

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

export const emulator = defineGroup({
  name: 'emulator',
  summary: 'Run a local, stateful emulator of the whole service',
  examples: ['svc emulator start --port 4510', 'svc emulator exec -- npm test'],
  commands: [
    defineCommand({
      name: 'start',
      summary: 'Start the emulator and serve until Ctrl-C',
      options: serverOptions,
      printsJson: false,
      help: `Prints one JSON line {"status":"ready","url":…,"ui":…} on stdout once it accepts
requests; open the ui address in a browser to see the data and every request.

AI rewrite sends text to the public provider APIs with the workspace's keys (set with
the seed file's aiKeys or POST /_emulator/ai-keys); the --*-url flags point it elsewhere.`,
      examples: [
        'svc emulator start --port 4510',
        'svc emulator start --data-dir .svc-emulator',
        'svc emulator start --seed examples/fixtures/basic.json',
        'svc emulator start --openai-url http://127.0.0.1:8099',
      ],
      run: () => import('./start.js'),
    }),
    defineCommand({
      name: 'exec',
      summary: 'Start the emulator, run a command against it, stop it, and pass on its exit code',
      arguments: [{ name: '<command...>', description: 'the command and its arguments, after --' }],
      options: execOptions,
      printsJson: false,
      help: `The command runs with SVC_BASE_URL and, unless --no-workspace, SVC_WORKSPACE_ID,
SVC_WORKSPACE_TOKEN, SVC_API_KEY and SVC_AUTH_TOKEN set, svc on its PATH, and a fresh
SVC_CONFIG_DIR of its own, removed afterwards. No other credential or key svc reads
(SVC_EMAIL_PROVIDER_KEY…) and no SVC_PROFILE reaches it.`,
      examples: [
        'svc emulator exec -- npm test',
        "svc emulator exec -- sh -c 'svc workspace tokens --json | jq .'",
        'svc emulator exec --no-workspace -- ./scripts/onboarding.sh',
      ],
      configure: suggestDoubleDash,
      run: () => import('./exec.js'),
    }),
  ],
});
