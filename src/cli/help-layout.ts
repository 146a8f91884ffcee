import { Help, type Command, type HelpConfiguration, type Option } from 'commander';
import { commandsOf } from './command-kit.js';
import { isRequired } from './required-options.js';
import { wrapWords } from '../text/wrap.js';

/**
 * How every command's help is laid out: the command's own options first, then the option
 * families many commands share, then the global options (accepted after any command), and
 * on `svc --help` the commands in groups. Options are grouped by flag here, in one place,
 * so the command modules stay plain.
 */

const OWN_OPTIONS = 'Options:';
const GLOBAL_OPTIONS = 'Global options:';

/** Shared option families by flag, in the order they are shown. */
export const optionFamilies: readonly (readonly [heading: string, flags: readonly string[]])[] = [
  ['Input:', ['--file', '--data', '--data-raw']],
  ['Batching:', ['--batch-size', '--concurrency', '--resume', '--resend-unknown']],
  ['Paging:', ['--page-size', '--page-token', '--limit', '--all']],
  ['Waiting:', ['--wait', '--wait-timeout']],
];

/** The groups of `svc --help`, by top-level command. */
const commandGroups: readonly (readonly [heading: string, names: readonly string[]])[] = [
  ['Resources:', ['workspace', 'permissions', 'folders', 'docs', 'orgs', 'groups', 'users']],
  [
    'Collaboration:',
    [
      'activities',
      'presence',
      'livestate',
      'crdt',
      'recordings',
      'notifications',
      'ai',
      'webhooks',
    ],
  ],
  ['Account and configuration:', ['auth', 'profile']],
  ['Tools:', ['api', 'emulator', 'mcp', 'completion', 'schema', 'openapi', 'version', 'help']],
];
const OTHER_COMMANDS = 'Commands:';

/** Root options that belong to `svc` alone rather than to every command. */
const rootOnly = new Set(['--version']);

const order = [
  OWN_OPTIONS,
  ...optionFamilies.map(([heading]) => heading),
  GLOBAL_OPTIONS,
  ...commandGroups.map(([heading]) => heading),
  OTHER_COMMANDS,
];
/** Headings nobody listed go after the known families, before the global options. */
function rank(heading: string): number {
  const i = order.indexOf(heading);
  return i === -1 ? order.indexOf(GLOBAL_OPTIONS) - 0.5 : i;
}

const plain = new Help();

export function optionGroup(option: Option): string {
  return option.helpGroupHeading ?? OWN_OPTIONS;
}

/** The help option, which commander keeps apart from `cmd.options`. */
function helpOptionOf(cmd: Command): Option | undefined {
  return plain.visibleOptions(cmd).find((option) => !cmd.options.includes(option));
}

function rootOf(cmd: Command): Command {
  let root = cmd;
  while (root.parent) root = root.parent;
  return root;
}

/** The options of the root that a command accepts too, with the help option last. */
export function inheritedOptions(cmd: Command): Option[] {
  const root = rootOf(cmd);
  const help = helpOptionOf(cmd);
  if (root === cmd) return help ? [help] : [];
  const globals = root.options.filter(
    (option) => !option.hidden && !rootOnly.has(option.long ?? ''),
  );
  return help ? [...globals, help] : globals;
}

/**
 * The command a group runs when given none (`svc mcp` runs `svc mcp serve`), whose flags the
 * group accepts too. Commander keeps its name in a field of its own without a getter.
 */
function defaultCommandOf(cmd: Command): Command | undefined {
  const name = (cmd as Command & { _defaultCommandName?: string | null })._defaultCommandName;
  return name ? cmd.commands.find((sub) => sub.name() === name) : undefined;
}

/** Under this many columns for a description beside its flag, it goes on lines below it. */
const NARROW_DESCRIPTION = 40;
/** How far a description below its flag is indented. */
const BELOW_INDENT = '      ';

const layout: HelpConfiguration = {
  // Commander wraps nothing narrower than 40 columns, so on a narrower terminal the
  // terminal's edge broke descriptions inside words; they break between words at any width.
  minWidthToWrap: 1,
  // Commander leaves a description unwrapped when the column beside the flags is narrow (a
  // terminal of 60 columns), so lines ran to 100 characters; there it goes below the flag,
  // wrapped to the terminal's width.
  formatItem(term, termWidth, description, helper) {
    const width = helper.helpWidth ?? 80;
    if (!description || width - termWidth - 4 >= NARROW_DESCRIPTION) {
      return Help.prototype.formatItem.call(helper, term, termWidth, description, helper);
    }
    const wrapped = helper.boxWrap(description, width - BELOW_INDENT.length);
    return `  ${term}\n${wrapped.replace(/^/gm, BELOW_INDENT)}`;
  },
  // Commander lists the allowed values of an enumerated flag; a flag that must be given
  // says so too, since its `<value>` looks like any other.
  optionDescription(option) {
    const extras: string[] = [];
    if (isRequired(option)) extras.push('required');
    if (option.argChoices) extras.push(`one of ${option.argChoices.join(', ')}`);
    // As commander shows it: for a flag that takes a value.
    if (option.defaultValue !== undefined && (option.required || option.optional)) {
      extras.push(
        `default: ${option.defaultValueDescription ?? JSON.stringify(option.defaultValue)}`,
      );
    }
    if (option.envVar !== undefined) extras.push(`env: ${option.envVar}`);
    return extras.length > 0 ? `${option.description} (${extras.join('; ')})` : option.description;
  },
  // Commander's implicit `help [command]` of each group repeats `--help` and `svc help`;
  // it still works, but is not listed.
  visibleCommands(cmd) {
    return plain.visibleCommands(cmd).filter((sub) => cmd.commands.includes(sub));
  },
  visibleOptions(cmd) {
    const own = cmd.options.filter((option) => !option.hidden);
    // On `svc --help`, --version goes last with --help rather than first.
    const last = own.filter((option) => rootOnly.has(option.long ?? ''));
    // A group's help is about its commands; the help of each of those lists the globals.
    const group = cmd.parent !== null && cmd.commands.length > 0;
    const inherited = inheritedOptions(cmd).filter(
      (option) => !group || !rootOf(cmd).options.includes(option),
    );
    // A group that runs a command when given none accepts that command's flags as its own.
    const byDefault = defaultCommandOf(cmd)?.options.filter((option) => !option.hidden) ?? [];
    return [...own.filter((option) => !last.includes(option)), ...byDefault, ...last, ...inherited];
  },
  groupItems(_unsorted, visible, getGroup) {
    const groups = new Map<string, typeof visible>();
    for (const item of visible) {
      const heading = getGroup(item);
      groups.set(heading, [...(groups.get(heading) ?? []), item]);
    }
    return new Map([...groups].sort(([a], [b]) => rank(a) - rank(b)));
  },
};

/**
 * A command's notes fitted to `width` columns: as written when every line fits (or there is
 * no terminal), else each paragraph of plain sentences is wrapped again. A paragraph with
 * an indented line (a list, a table, a command) is left as it is.
 */
export function fitProse(text: string, width: number | undefined): string {
  const lines = text.split('\n');
  if (!width || lines.every((line) => line.length <= width)) return text;
  return text
    .split(/\n{2,}/)
    .map((paragraph) =>
      paragraph.split('\n').some((line) => /^\s/.test(line))
        ? paragraph
        : wrapWords(paragraph.replace(/\n/g, ' '), width),
    )
    .join('\n\n');
}

/** Applies the layout to the whole tree; call it once every command is registered. */
export function applyHelpLayout(program: Command): void {
  for (const option of program.options) option.helpGroup(GLOBAL_OPTIONS);
  helpOptionOf(program)?.helpGroup(GLOBAL_OPTIONS);
  for (const sub of program.commands) {
    const group = commandGroups.find(([, names]) => names.includes(sub.name()));
    sub.helpGroup(group?.[0] ?? OTHER_COMMANDS);
  }
  for (const cmd of commandsOf(program)) {
    cmd.configureHelp(layout);
    if (cmd === program) continue;
    for (const option of cmd.options) {
      const family = optionFamilies.find(([, flags]) => flags.includes(option.long ?? ''));
      if (family) option.helpGroup(family[0]);
    }
  }
}
