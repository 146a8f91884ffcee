import type { Command } from 'commander';
import { defineCommand, defineGroup } from '../../cli/declare/command.js';
import { opt } from '../../cli/declare/options.js';
import { shellLine } from '../../io/shell-words.js';
import { aiUrlEnv } from '../../emulator/ai/url-env.js';

export { aiUrlEnv };

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
  seed: opt
    .file(
      '--seed <file>',
      'load a fixture file at start (see docs/fixtures.md); SVC_EMULATOR_SEED_JSON gives one as JSON text',
    )
    .env('SVC_EMULATOR_SEED'),
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
  allowedHost: opt
    .list(
      '--allowed-host <host>',
      'another name clients address the emulator by, e.g. a container service name; name:port for one port only (repeatable)',
    )
    .env('SVC_EMULATOR_ALLOWED_HOSTS'),
  webhookHost: opt.list(
    '--webhook-host <host>',
    'another host webhooks may be sent to, besides loopback (repeatable)',
  ),
  admin: opt.switch(
    '--no-admin',
    'switch off the /_emulator/ admin routes (for an emulator others reach)',
  ),
  adminToken: opt.switch(
    '--no-admin-token',
    'let the admin routes answer without the admin token: any user of this machine could then export every token (loopback only)',
  ),
  ui: opt
    .switch('--ui', 'serve the web UI even when --host faces the network')
    .negatedBy('--no-ui', 'do not serve the web UI at /_emulator/ui/'),
};

/** The flags of `emulator start`: those of every start, its admin token and --detach. */
export const startOptions = {
  ...serverOptions,
  // The default since the admin token became one; kept so that older scripts still run.
  requireAdminToken: opt
    .switch('--require-admin-token', 'the admin routes need the admin token (the default)')
    .conflicts('adminToken')
    .hidden(),
  detach: opt.switch(
    '--detach',
    'start it in the background, wait until it answers, write its URL and credentials to an env file in the state directory, and return (svc emulator stop ends it)',
  ),
};

export const execOptions = {
  ...serverOptions,
  workspace: opt.switch(
    '--no-workspace',
    'do not create a workspace (no credential variables are set)',
  ),
};

export const healthOptions = {
  url: opt.url('--url <url>', "the emulator's base URL").required(),
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
  examples: [
    'svc emulator start --port 4510',
    'svc emulator exec -- npm test',
    'svc emulator start --detach',
  ],
  commands: [
    defineCommand({
      name: 'start',
      summary: 'Start the emulator and serve until Ctrl-C',
      options: startOptions,
      printsJson: false,
      help: `Prints one JSON line {"status":"ready","url":…,"ui":…} on stdout once it accepts
requests; open the ui address in a browser to see the data and every request.

With --detach it returns once the emulator answers, leaving it running, and the ready line
also names the env file (mode 0600, in svc's state directory) that holds SVC_BASE_URL and
the credentials of the seed's first workspace (or of owner@example.com), one
export NAME='value' a line, for \`. FILE\` in sh or bash.
svc emulator stop ends it.

AI rewrite sends text to the public provider APIs with the workspace's keys (set with
the seed file's aiKeys or POST /_emulator/ai-keys); the --*-url flags point it elsewhere.

Every /_emulator/ admin route but health needs its admin token, sent as Authorization:
Bearer TOKEN: SVC_EMULATOR_ADMIN_TOKEN when set, else one made at start and shown only at a
terminal, in the export line and in the web UI's link (…/_emulator/ui/#token=…).
--no-admin-token lets every user of this machine reset the emulator and export its tokens;
it is refused with a --host other than loopback (docs/emulator-security.md).`,
      examples: [
        'svc emulator start --port 4510',
        'svc emulator start --data-dir .svc-emulator',
        'svc emulator start --seed examples/fixtures/basic.json',
        'svc emulator start --openai-url http://127.0.0.1:8099',
        'svc emulator start --host 0.0.0.0 --port 8080 --allowed-host svc-emulator',
        'svc emulator start --detach --seed examples/fixtures/basic.json',
      ],
      run: () => import('./start.js'),
    }),
    defineCommand({
      name: 'stop',
      summary: 'Stop the emulator that start --detach left running',
      options: {},
      printsJson: false,
      help: `Sends it SIGTERM, waits for it to close its store (SIGKILL after 10 s), and removes
its env file. Nothing recorded, or an emulator already gone, is not an error.`,
      examples: ['svc emulator stop', 'svc emulator start --detach && npm test; svc emulator stop'],
      run: () => import('./stop.js'),
    }),
    defineCommand({
      name: 'exec',
      summary: 'Start the emulator, run a command against it, stop it, and pass on its exit code',
      arguments: [{ name: '<command...>', description: 'the command and its arguments, after --' }],
      options: execOptions,
      printsJson: false,
      help: `The command runs with SVC_BASE_URL, SVC_EMULATOR_ADMIN_TOKEN (unless
--no-admin-token or --no-admin) and, unless --no-workspace, SVC_WORKSPACE_ID,
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
    defineCommand({
      name: 'health',
      summary: 'Check that an emulator answers (exit 0), e.g. as a container health check',
      options: healthOptions,
      printsJson: false,
      help: `Asks GET /_emulator/health, which needs no admin token. Exit 75 with the reason
when the emulator does not answer (within --timeout, default 2s), or answers otherwise.`,
      examples: [
        'svc emulator health --url http://127.0.0.1:8080',
        'svc emulator health --url http://svc-emulator:8080 --timeout 5s',
      ],
      run: () => import('./health.js'),
    }),
  ],
});
