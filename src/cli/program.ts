import { Command, type Option } from 'commander';
import { VERSION } from '../version.js';
import type { Invoke } from './command-kit.js';
import type { AnyCommand, GroupDeclaration } from './declare/command.js';
import { mountTree } from './declare/mount.js';
import { applyHelpLayout } from './help-layout.js';
import { durationOption, headerPrefixOption, urlOption } from './option-values.js';
import { environmentNames, wrappedList } from './reference/environment.js';
import { helpTopics } from './reference/topics.js';
import { checkRequiredOptionsLast } from './required-options.js';

export interface ProgramOutput {
  writeOut(text: string): void;
  writeErr(text: string): void;
  /** Commander's own error line; reported by main through the one error path. */
  onError(text: string): void;
}

/** The declared commands a program mounts (svc's are `svcCommands`, src/commands/index.ts). */
export type CommandTree = readonly (GroupDeclaration | AnyCommand)[];

/**
 * The program of `tree`. Only commander and the cheap definition modules load here; each
 * command's implementation is imported when it runs. Given the words of a run, it mounts
 * only what they can reach (`mountedFor`); without them, the whole tree.
 */
export function buildProgram(
  tree: CommandTree,
  invoke: Invoke,
  output: ProgramOutput,
  argv?: readonly string[],
): Command {
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
    .addOption(
      headerPrefixOption(
        '--header-prefix <prefix>',
        "the credential headers' prefix where the service's is not x-service, e.g. x-acme (env: SVC_HEADER_PREFIX)",
      ),
    )
    .option('--json', 'machine output: one JSON document on stdout')
    .option(
      '--jq <expression>',
      'filter the --json document with jq (implies --json); strings print as text',
    )
    .option('-q, --quiet', 'nothing on stderr but errors: no notices, warnings or progress')
    .option('--no-color', 'no colour (also NO_COLOR; FORCE_COLOR forces it)')
    .option('--no-input', 'never prompt; a missing value is an error naming its flag')
    .option('--no-pager', 'never page long output at a terminal (also SVC_PAGER=cat)')
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
    .addHelpText('after', (context) => {
      // Fitted to the terminal the help goes to, as every command's notes are; at most 80
      // columns, the width the lists were written for.
      const output = context.command.configureOutput();
      const helpWidth = context.error ? output.getErrHelpWidth?.() : output.getOutHelpWidth?.();
      const width = Math.min(helpWidth ?? 80, 80);
      return `
${environmentNames(width)}
${wrappedList(
  'See also:',
  helpTopics.map(({ name }) => `svc help ${name}`),
  width,
  10,
)}

Examples:
  $ svc emulator exec -- ./my-script.sh
  $ svc workspace create --email me@example.com --name Me
  $ svc workspace tokens --json | jq -r '.authTokens[0].name'`;
    });

  mountTree(program, argv ? mountedFor(program, tree, argv) : tree, invoke);
  applyHelpLayout(program);
  checkRequiredOptionsLast(program);
  return program;
}

/**
 * The entries of `tree` a run of `argv` can reach: the one group or command its first word
 * names, when it names one. Mounting every group with all its options was about 15 ms of
 * each command's start on Node 24, for commands the run never reaches. Anything else mounts
 * the whole tree, so that what lists or suggests commands sees all of them: no command
 * word, one that names nothing (commander suggests the nearest), an option svc does not
 * know before it, and `help`, which finds the command it is asked about in the program.
 */
export function mountedFor(
  program: Command,
  tree: CommandTree,
  argv: readonly string[],
): CommandTree {
  const word = firstCommandWord(program.options, argv);
  const named = tree.find((entry) => entry.name === word);
  return named && named.name !== 'help' ? [named] : tree;
}

/** The first word of `argv` that is not a root option or its value, if it can be told. */
function firstCommandWord(options: readonly Option[], argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (!word.startsWith('-') || word === '-') return word;
    if (word === '--') return undefined;
    if (word.startsWith('--') && word.includes('=')) continue;
    const option = options.find((o) => o.long === word || o.short === word);
    if (!option) return undefined;
    const next = argv[i + 1];
    if (option.required || (option.optional && next !== undefined && !next.startsWith('-'))) i++;
  }
  return undefined;
}
