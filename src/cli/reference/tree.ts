import { Help, type Argument, type Command, type Option } from 'commander';
import { inheritedOptions, optionGroup } from '../help-layout.js';
import { buildProgram } from '../program.js';
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

/** The whole tree, as `svc` defines it; nothing runs. */
export function commandTree(): CommandInfo {
  let written = '';
  const ignore = () => undefined;
  const program = buildProgram(() => async () => undefined, {
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

/** The command at a path, if there is one. */
export function findCommand(root: CommandInfo, path: readonly string[]): CommandInfo | undefined {
  let cmd: CommandInfo | undefined = root;
  for (const name of path) cmd = cmd?.subcommands.find((sub) => sub.path.at(-1) === name);
  return cmd;
}
