import { Argument, type AddHelpTextContext, type Command } from 'commander';
import type { Invoke } from '../command-kit.js';
import { fitProse } from '../help-layout.js';
import type { AnyCommand, GroupDeclaration } from './command.js';
import type { OptionRecord } from './options.js';

/**
 * The text after a command's options in its help: its notes, then its examples. The notes
 * are fitted to the terminal the help goes to; the examples are commands, kept whole.
 */
export function helpAfter(
  help: string | undefined,
  examples: readonly string[],
): (context: AddHelpTextContext) => string {
  const lines = examples.map((example) => `  $ ${example}`).join('\n');
  return (context) => {
    const output = context.command.configureOutput();
    const width = context.error ? output.getErrHelpWidth?.() : output.getOutHelpWidth?.();
    const notes = help ? `${fitProse(help, width)}\n\n` : '';
    return `\n${notes}Examples:\n${lines}`;
  };
}

/** Adds every group and command of a tree to the program (or a group), in order. */
export function mountTree(
  program: Command,
  tree: readonly (GroupDeclaration | AnyCommand)[],
  invoke: Invoke,
): void {
  for (const entry of tree) {
    if ('commands' in entry) mountGroup(program, entry, invoke);
    else mountCommand(program, entry, invoke);
  }
}

/** Adds a group and its commands to the program. */
export function mountGroup(program: Command, group: GroupDeclaration, invoke: Invoke): Command {
  const parent = program
    .command(group.name)
    .description(group.summary)
    .addHelpText('after', helpAfter(group.help, group.examples));
  mountTree(parent, group.commands, invoke);
  return parent;
}

/**
 * Adds one declared command. A flag's key in the declaration must be the name commander
 * gives its value, or the handler would read a member that is never set.
 */
export function mountCommand(parent: Command, declaration: AnyCommand, invoke: Invoke): Command {
  const command = parent
    .command(declaration.name, {
      isDefault: declaration.isDefault === true,
      hidden: declaration.hidden === true,
    })
    .description(declaration.summary);
  for (const arg of declaration.arguments ?? []) {
    const argument = new Argument(arg.name, arg.description);
    command.addArgument(arg.choices ? argument.choices(arg.choices) : argument);
  }
  for (const [key, declared] of Object.entries(declaration.options as OptionRecord)) {
    for (const option of declared.buildAll()) {
      if (option.attributeName() !== key) {
        throw new Error(`${declaration.name}: ${option.flags} is declared as "${key}"`);
      }
      command.addOption(option);
    }
  }
  if (declaration.examples.length > 0 || declaration.help) {
    command.addHelpText('after', helpAfter(declaration.help, declaration.examples));
  }
  declaration.configure?.(command);
  const handle = invoke(declaration);
  const answer = declaration.answersItself;
  return command.action(
    answer ? (...args: unknown[]) => (answer(command) ? undefined : handle(...args)) : handle,
  );
}
