import { helpTopics } from '../../cli/reference/topics.js';
import {
  allCommands,
  type ArgumentInfo,
  type CommandInfo,
  type OptionInfo,
} from '../../cli/reference/tree.js';

/**
 * What the shell scripts complete, per command path, taken from the command tree. The
 * three generators render this one description, so the shells offer the same things.
 */

/** How a value completes. */
export type ValueKind =
  /** Fixed words (`.choices()` of an option or argument). */
  | { kind: 'values'; values: readonly string[] }
  /** Stored profile names, asked of `svc __complete profiles` at completion time. */
  | { kind: 'profiles' }
  | { kind: 'files' }
  | { kind: 'dirs' }
  /** A program and its arguments, after `--`. */
  | { kind: 'commands' }
  /** A path of svc commands, and at its first word the given extra words too. */
  | { kind: 'tree'; values: readonly string[] }
  /** Free text: nothing to offer. */
  | { kind: 'text' };

export interface FlagSpec {
  /** `--org` or `-y`. */
  name: string;
  description: string;
  /** Absent for flags that take no value. */
  value?: ValueKind;
}

export interface CommandSpec {
  /** Names below `svc` joined by spaces; '' for `svc` itself. */
  path: string;
  subcommands: readonly { name: string; summary: string }[];
  flags: readonly FlagSpec[];
  /** How its positional arguments complete, when they take anything but free text. */
  args?: ValueKind;
}

const profiles: ValueKind = { kind: 'profiles' };

/** Positional arguments whose values are not in the tree as `.choices()`. */
const argumentValues: Readonly<Record<string, ValueKind>> = {
  'profile use': profiles,
  'profile show': profiles,
  'profile remove': profiles,
  'emulator exec': { kind: 'commands' },
  schema: { kind: 'tree', values: [] },
  help: { kind: 'tree', values: helpTopics.map((t) => t.name) },
};

function optionValue(option: OptionInfo): ValueKind | undefined {
  if (!option.takesValue) return undefined;
  if (option.choices) return { kind: 'values', values: option.choices };
  if (option.long === '--profile') return profiles;
  if (option.placeholder === 'path' || option.placeholder === 'file') return { kind: 'files' };
  if (option.placeholder === 'dir') return { kind: 'dirs' };
  return { kind: 'text' };
}

function argumentsValue(path: string, args: readonly ArgumentInfo[]): ValueKind | undefined {
  const choices = args[0]?.choices;
  if (choices) return { kind: 'values', values: choices };
  return argumentValues[path];
}

function flagsOf(option: OptionInfo): FlagSpec[] {
  const value = optionValue(option);
  return [option.short, option.long]
    .filter((name): name is string => name !== undefined)
    .map((name) => ({ name, description: option.description, ...(value && { value }) }));
}

export function completionSpec(root: CommandInfo): CommandSpec[] {
  return [...allCommands(root)].map((cmd) => {
    const path = cmd.path.join(' ');
    const args = argumentsValue(path, cmd.arguments);
    return {
      path,
      subcommands: cmd.subcommands.map((sub) => ({
        name: sub.path.at(-1) ?? '',
        summary: sub.summary,
      })),
      flags: [...cmd.options, ...cmd.inherited].flatMap(flagsOf),
      ...(args && { args }),
    };
  });
}
