import { CommanderError, type Command } from 'commander';
import type { ConfirmSubject } from '../catalogue/destructive.js';
import {
  CancelledError,
  ExitStatus,
  HungUpError,
  TerminatedError,
  UsageError,
} from '../errors/errors.js';
import { ExitCode } from '../errors/exit-codes.js';
import { reportError } from '../errors/report.js';
import type { Invoke } from './command-kit.js';
import type { CommandModule } from './declare/command.js';
import type { Context, Deps } from './context.js';
import type { GlobalOptions } from './globals.js';
import { buildProgram, type CommandTree } from './program.js';
import { isRequired } from './required-options.js';

/** Commander's "error: …\n(Did you mean …?)" → a message and a hint. */
function fromCommanderMessage(text: string): UsageError {
  const lines = text
    .replace(/^error:\s*/i, '')
    .trim()
    .split('\n');
  const [first = 'invalid usage', ...rest] = lines;
  const hint = rest.join(' ').trim();
  return new UsageError(first, hint ? { hint: hint.replace(/^\((.*)\)$/, '$1') } : undefined);
}

/**
 * For a word given where the command takes none (`svc docs list acme`), the line it was most
 * likely meant as: the command's one required flag that is missing, given that word
 * (`svc docs list --org acme`), as words. Undefined when there is no such single flag or word.
 */
function flagMeant(program: Command, argv: readonly string[]): string[] | undefined {
  let command = program;
  const takesValue = (word: string) =>
    [...command.options, ...program.options].some(
      (option) => (option.long === word || option.short === word) && /[<[]/.test(option.flags),
    );
  const extra: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (word === '--') break;
    if (word.startsWith('-')) {
      if (!word.includes('=') && takesValue(word)) i++;
      continue;
    }
    const sub = command.commands.find((c) => c.name() === word);
    if (sub && extra.length === 0) command = sub;
    else extra.push(i);
  }
  const missing = command.options.filter(
    (option) =>
      isRequired(option) &&
      option.long !== undefined &&
      !argv.some((word) => word === option.long || word.startsWith(`${option.long}=`)),
  );
  const [at] = extra;
  const [flag] = missing;
  if (extra.length !== 1 || at === undefined || missing.length !== 1 || !flag?.long) return;
  return ['svc', ...argv.slice(0, at), flag.long, ...argv.slice(at)];
}

const VERSION_FLAGS = new Set(['--version', '-v']);

/** `--jq EXPR` or `--jq=EXPR`, which imply --json. */
const isJqFlag = (arg: string) => arg === '--jq' || arg.startsWith('--jq=');

/**
 * `svc --version --json` as `svc version --json`: commander prints a version as text only,
 * and a lone `--version` never gets here (bin/svc answers it without loading the CLI).
 */
function versionCommandFor(argv: readonly string[]): string[] | undefined {
  if (!argv.some((arg) => VERSION_FLAGS.has(arg))) return undefined;
  if (!argv.includes('--json') && !argv.some(isJqFlag)) return undefined;
  return ['version', ...argv.filter((arg) => !VERSION_FLAGS.has(arg))];
}

/** `auth token` for the command `svc auth token`. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let cmd: Command | null = command; cmd?.parent; cmd = cmd.parent) names.unshift(cmd.name());
  return names.join(' ');
}

/**
 * Runs one invocation of the program of `tree` and returns its exit code. Everything outside
 * the process comes in through `deps`, so tests run it in-process.
 */
export async function mainOf(
  tree: CommandTree,
  given: readonly string[],
  deps: Deps,
): Promise<number> {
  const argv = versionCommandFor(given) ?? given;
  const json = argv.includes('--json') || argv.some(isJqFlag);
  let context: Context | undefined;
  let commanderError = '';

  const invoke: Invoke =
    (handler) =>
    async (...args) => {
      const command = args[args.length - 1] as Command;
      const opts = command.optsWithGlobals<GlobalOptions & Record<string, unknown>>();
      const [{ Context }, module] = await Promise.all([import('./context.js'), handler.run()]);
      const confirm = handler.confirm as
        ((options: typeof opts, subject: ConfirmSubject) => string) | undefined;
      const ctx = new Context(deps, opts, argv, confirm && ((subject) => confirm(opts, subject)));
      context = ctx;
      await ctx.prepare(commandPath(command), handler.printsJson);
      // A result that did not reach its reader is a failure, though the command did its work.
      await ctx.out.deliver(() =>
        (module as CommandModule<typeof opts>).run(ctx, opts, command.args),
      );
    };

  const program = buildProgram(
    tree,
    invoke,
    {
      writeOut: (s) => deps.stdout.write(s),
      writeErr: (s) => {
        if (!json) deps.stderr.write(s);
      },
      onError: (s) => {
        commanderError = s;
      },
    },
    argv,
  );

  if (argv.length === 0) {
    program.outputHelp();
    return ExitCode.Success;
  }

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return ExitCode.Success;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return ExitCode.Success;
      // A group called without a subcommand has already printed its help to stderr.
      if (error.code === 'commander.help' && !json) return ExitCode.Usage;
      const usage =
        error.code === 'commander.help'
          ? new UsageError('a subcommand is required', { hint: 'see --help' })
          : fromCommanderMessage(commanderError || error.message);
      const meant =
        error.code === 'commander.excessArguments' ? flagMeant(program, argv) : undefined;
      if (meant) {
        // Loaded only here: a usage error is no start-up path.
        const { shellLine } = await import('../io/shell-words.js');
        const line = `did you mean: ${shellLine(meant)}`;
        usage.hint = usage.hint ? `${usage.hint}\n${line}` : line;
      }
      return report(usage);
    }
    // Loaded only for a credentials error, which it may explain: an emulator that forgot.
    const { withEmulatorHint } = await import('./emulator-hint.js');
    return report(await withEmulatorHint(context, error));
  }

  function report(error: unknown): number {
    const ctx = context;
    return reportError(stoppedBy(deps.signal, error), {
      stderr: deps.stderr,
      json,
      debug: ctx?.debug ?? deps.env.SVC_DEBUG === '1',
      ...(ctx && { style: ctx.out.style.err }),
      redact: (text) => ctx?.redactor.text(text) ?? text,
    });
  }
}

/**
 * What ended a run that a signal stopped: the code reports whatever it was doing then (a
 * request, a wait) as cancelled, and the signal decides which: SIGTERM exits 143, Ctrl-C 130.
 */
function stoppedBy(signal: AbortSignal | undefined, error: unknown): unknown {
  // A status handed on as it is (`emulator exec`'s command's) was reported by what ended so.
  if (!signal?.aborted || error instanceof ExitStatus) return error;
  const reason: unknown = signal.reason;
  if (!(error instanceof CancelledError)) {
    return reason instanceof CancelledError ? reason : new CancelledError('interrupted');
  }
  if (reason instanceof TerminatedError && !(error instanceof TerminatedError)) {
    // Of the same class as the reason: a hang-up stays one, and exits 129.
    const Stopped = reason.constructor as typeof TerminatedError;
    return new Stopped(error.message.replace(/^interrupted/, 'terminated'), {
      ...(error.hint && { hint: error.hint }),
    });
  }
  return error;
}

const ECHO_WINDOW_MS = 250;

/** The process's entry point for the program of `tree` (src/main.ts gives svc's). */
export async function runOf(tree: CommandTree, argv: readonly string[]): Promise<number> {
  const controller = new AbortController();
  let firstInterrupt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    const now = Date.now();
    if (firstInterrupt === undefined) {
      firstInterrupt = now;
      controller.abort(
        signal === 'SIGTERM'
          ? new TerminatedError('terminated')
          : signal === 'SIGHUP'
            ? new HungUpError('terminated: the terminal went away')
            : new CancelledError('interrupted'),
      );
      return;
    }
    // A second Ctrl-C means "now": skip the clean-up that the first one started, and die
    // of the signal so that the shell sees 130. Libraries that hook exit signals (conf's
    // atomically, through when-exit) re-raise the one they saw; that echo arrives at once,
    // and no person presses twice within a quarter of a second.
    if (now - firstInterrupt < ECHO_WINDOW_MS) return;
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // A closed terminal window or a dropped SSH session: the same clean-up as SIGTERM, where
  // Node's default would end the process at once.
  process.on('SIGHUP', onSignal);
  return mainOf(tree, argv, {
    // Made on first use: src/io/streams.ts says why.
    get stdin() {
      return process.stdin;
    },
    stdinIsTTY: process.getBuiltinModule('node:tty').isatty(0),
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    signal: controller.signal,
    binPath: process.argv[1],
  });
}
