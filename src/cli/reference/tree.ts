import { Help, type Argument, type Command, type Option } from 'commander';
import { inheritedOptions, optionGroup } from '../help-layout.js';
import { buildProgram, type CommandTree } from '../program.js';
import { isRequired } from '../required-options.js';

/**
 * The command tree as data: what the command reference, the shell completions, `svc schema`
 * and the help tests read. It is taken from the same commander tree that parses argv, so it
 * cannot drift from what svc accepts.
 */

export interface OptionInfo {
  /** As written in help, e.g. `-y, --yes` or `--org <id>`. */
  flags: string;
  long: string | undefined;
  short: string | undefined;
  description: string;
  /** Help group heading without its colon, e.g. `Options`, `Waiting`, `Global options`. */
  group: string;
  takesValue: boolean;
  /** The value's placeholder without brackets or dots, e.g. `id` for `<id...>`. */
  placeholder: string | undefined;
  variadic: boolean;
  mandatory: boolean;
  choices: readonly string[] | undefined;
  /** Help's rendering of the default, e.g. `"0"`. */
  defaultText: string | undefined;
  /** The environment variable that gives its value (`Option.env()`). */
  envVar: string | undefined;
}

export interface ArgumentInfo {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  choices: readonly string[] | undefined;
}

export interface CommandInfo {
  /** Names below `svc`; empty for `svc` itself. */
  path: readonly string[];
  /** The one-line description. */
  summary: string;
  usage: string;
  /** Help group heading of a top-level command, without its colon. */
  group: string;
  arguments: readonly ArgumentInfo[];
  /** Its own options. */
  options: readonly OptionInfo[];
  /** The global options it accepts, and help. */
  inherited: readonly OptionInfo[];
  /** Text of its help besides the examples. */
  notes: string;
  /** The example command lines of its help, without the `$ ` prompt. */
  examples: readonly string[];
  subcommands: readonly CommandInfo[];
}

const help = new Help();

function heading(text: string): string {
  return text.replace(/:$/, '');
}

function optionInfo(option: Option): OptionInfo {
  const placeholder = /[<[]([^>\]]+?)(?:\.\.\.)?[>\]]/.exec(option.flags)?.[1];
  return {
    flags: option.flags,
    long: option.long,
    short: option.short,
    description: option.description,
    group: heading(optionGroup(option)),
    takesValue: option.required || option.optional,
    placeholder,
    variadic: option.variadic,
    mandatory: isRequired(option),
    choices: option.argChoices,
    defaultText:
      option.defaultValue === undefined || option.negate
        ? undefined
        : (option.defaultValueDescription ?? JSON.stringify(option.defaultValue)),
    envVar: option.envVar,
  };
}

function argumentInfo(argument: Argument): ArgumentInfo {
  return {
    name: argument.name(),
    description: argument.description,
    required: argument.required,
    variadic: argument.variadic,
    choices: argument.argChoices,
  };
}

/** Splits the after-help text into its notes and the `$ …` lines under `Examples:`. */
export function splitHelpText(text: string): { notes: string; examples: string[] } {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => /^Examples:\s*$/.test(line));
  if (at === -1) return { notes: text.trim(), examples: [] };
  let end = at + 1;
  const examples: string[] = [];
  for (; end < lines.length; end++) {
    const example = /^\s+\$ (.*)$/.exec(lines[end] ?? '')?.[1];
    if (example === undefined) break;
    examples.push(example.trim());
  }
  const notes = [lines.slice(0, at), lines.slice(end)]
    .map((part) => part.join('\n').trim())
    .filter(Boolean)
    .join('\n\n');
  return { notes, examples };
}

function describeCommand(
  cmd: Command,
  path: readonly string[],
  textAfterHelp: (cmd: Command) => string,
): CommandInfo {
  const { notes, examples } = splitHelpText(textAfterHelp(cmd));
  // Options and subcommands as help shows them.
  const layout = cmd.createHelp();
  const inherited = inheritedOptions(cmd);
  const own = layout.visibleOptions(cmd).filter((option) => !inherited.includes(option));
  return {
    path,
    summary: cmd.summary() || (cmd.description().split('\n')[0] ?? ''),
    usage: help.commandUsage(cmd),
    group: heading(cmd.helpGroup()),
    arguments: cmd.registeredArguments.map(argumentInfo),
    options: own.map(optionInfo),
    inherited: inherited.map(optionInfo),
    notes,
    examples,
    subcommands: layout
      .visibleCommands(cmd)
      .map((sub) => describeCommand(sub, [...path, sub.name()], textAfterHelp)),
  };
}

/** The whole program of `tree` (svc's: `svcCommands`), as it defines it; nothing runs. */
export function commandTree(tree: CommandTree): CommandInfo {
  let written = '';
  const ignore = () => undefined;
  const program = buildProgram(tree, () => async () => undefined, {
    writeOut: (s) => {
      written += s;
    },
    writeErr: ignore,
    onError: ignore,
  });
  // What `addHelpText('after', …)` adds: the printed help past commander's own part.
  const textAfterHelp = (cmd: Command) => {
    written = '';
    cmd.outputHelp();
    const own = cmd.helpInformation();
    return written.startsWith(own) ? written.slice(own.length) : '';
  };
  return describeCommand(program, [], textAfterHelp);
}

export function* allCommands(root: CommandInfo): Generator<CommandInfo> {
  yield root;
  for (const sub of root.subcommands) yield* allCommands(sub);
}

/** Edits (insert, delete, replace, swap of neighbours) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      const row = d[i];
      if (row) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The command path meant by a mistyped one, word by word as commander suggests a command:
 * each unknown word replaced by the nearest name at its place, if one is near enough.
 */
export function nearestCommand(
  root: CommandInfo,
  path: readonly string[],
): CommandInfo | undefined {
  let cmd: CommandInfo | undefined = root;
  for (const name of path) {
    const subs: readonly CommandInfo[] = cmd?.subcommands ?? [];
    cmd =
      subs.find((sub) => sub.path.at(-1) === name) ??
      subs
        .map((sub) => {
          const other = sub.path.at(-1) ?? '';
          const distance = editDistance(name, other);
          const length = Math.max(name.length, other.length);
          return { sub, distance, similarity: (length - distance) / length };
        })
        // Commander's measure for "did you mean": at most two edits, and more alike than not.
        .filter(({ distance, similarity }) => distance <= 2 && similarity > 0.4)
        .sort((x, y) => x.distance - y.distance)[0]?.sub;
  }
  return cmd;
}

/** The command at a path, if there is one. */
export function findCommand(root: CommandInfo, path: readonly string[]): CommandInfo | undefined {
  let cmd: CommandInfo | undefined = root;
  for (const name of path) cmd = cmd?.subcommands.find((sub) => sub.path.at(-1) === name);
  return cmd;
}
