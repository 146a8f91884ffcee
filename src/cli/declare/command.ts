import type { Command } from 'commander';
import type { ConfirmSubject } from '../../catalogue/destructive.js';
import type { OperationName } from '../../catalogue/operations.js';
import type { Context } from '../context.js';
import type { GlobalOptions } from '../globals.js';
import type { OptionRecord, OptionsOf } from './options.js';

/**
 * A command as data: its words, the operations it is the home of, its flags with their
 * parsers, its confirmation, its help and the module that runs it. The declaration is
 * cheap to load (help and completion read it); the module loads only when the command runs.
 */

/** An operation a command sends, and the request fields it fixes. */
export interface Sends {
  operation: OperationName;
  /**
   * Fields the command sets itself, where commands split one operation by an argument:
   * `docs disable` sends `disabled: true`, `docs enable` sends `disabled: false`.
   */
  fixed?: Readonly<Record<string, unknown>>;
  /**
   * For a command that is the home of several operations, the flag and value that choose
   * this one (`--api v1`); the first operation is the one sent without it.
   */
  chosenBy?: string;
}

export interface ArgumentDeclaration {
  /** As commander spells it: `<path>`, `[topic...]`. */
  name: string;
  description: string;
  choices?: readonly string[];
}

/** What a handler receives: its own flags, already parsed, and the global ones. */
export type HandlerOptions<O extends OptionRecord> = OptionsOf<O> & GlobalOptions;

/** The module a command loads when it runs. */
export interface CommandModule<Opts> {
  run(ctx: Context, opts: Opts, args: string[]): Promise<void>;
}

export interface CommandDeclaration<O extends OptionRecord> {
  /** Its word under its group (`list`), or its name at the top (`api`). */
  name: string;
  /** What the group runs when no command of it is named (`svc mcp` is `svc mcp serve`). */
  isDefault?: boolean;
  /** Run by svc's own scripts, not by people: left out of help and completion. */
  hidden?: boolean;
  summary: string;
  /** The operations this command is the one home of; `svc mcp` and the tests read them. */
  sends?: readonly Sends[];
  /** Operations it also sends though another command is their home (a wait polls a status). */
  follows?: readonly OperationName[];
  arguments?: readonly ArgumentDeclaration[];
  options: O;
  /**
   * The question asked before anything is removed or switched off, for a command that
   * sends a destructive operation; the framework asks it, or refuses without `--yes`.
   */
  confirm?: (opts: HandlerOptions<O>, subject: ConfirmSubject) => string;
  /** Paragraphs shown in help before the examples. */
  help?: string;
  /** Command lines without the `$ `, each one that works when pasted. */
  examples: readonly string[];
  /**
   * False for a command whose output is never a JSON document, whatever the flags: a token,
   * a shell script, another program's output. `--json` leaves it as it is, and `--jq` is
   * refused rather than ignored.
   */
  printsJson?: false;
  /** What only commander can say about this command, such as a custom unknown-option error. */
  configure?: (command: Command) => void;
  /**
   * Answers from the command tree alone, before the command's module loads, when it can:
   * returns true when it has answered (`svc help docs` prints commander's help of `docs`).
   */
  answersItself?: (command: Command) => boolean;
  run: () => Promise<CommandModule<HandlerOptions<O>>>;
}

/**
 * A declaration whose option types are no longer known: what a group holds. The handler's
 * types were checked where the command was declared.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased after checking
export type AnyCommand = CommandDeclaration<any>;

/** Declares a command; the identity function that lets TypeScript check it whole. */
export function defineCommand<const O extends OptionRecord>(
  declaration: CommandDeclaration<O>,
): CommandDeclaration<O> {
  return declaration;
}

export interface GroupDeclaration {
  name: string;
  summary: string;
  /** Paragraphs shown in the group's help before the examples. */
  help?: string;
  examples: readonly string[];
  /** Its commands, and groups of them (`webhooks endpoints`), in the order help lists them. */
  commands: readonly (AnyCommand | GroupDeclaration)[];
}

export function defineGroup(group: GroupDeclaration): GroupDeclaration {
  return group;
}
