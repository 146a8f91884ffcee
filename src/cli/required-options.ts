import type { Command, Option } from 'commander';
import { commandsOf } from './command-kit.js';

/**
 * Commander checks required options before it looks for unknown ones, so a mistyped
 * `--orgg x` was reported as a missing `--org`, with no "Did you mean --org?". The
 * required options of the tree are checked here instead, once commander has reported
 * unknown options and stray arguments, with commander's own message.
 */

const required = new WeakSet<Option>();

/** Whether the option was declared with `.requiredOption()`: for the command reference. */
export function isRequired(option: Option): boolean {
  return option.mandatory || required.has(option);
}

/** Moves the check of required options after every other usage check; call it once. */
export function checkRequiredOptionsLast(program: Command): void {
  for (const cmd of commandsOf(program)) {
    for (const option of cmd.options) {
      if (!option.mandatory) continue;
      required.add(option);
      option.makeOptionMandatory(false);
    }
  }
  program.hook('preAction', (_program, action) => {
    const missing = action.options.find(
      (option) =>
        required.has(option) && action.getOptionValue(option.attributeName()) === undefined,
    );
    if (missing) {
      action.error(`error: required option '${missing.flags}' not specified`, {
        code: 'commander.missingMandatoryOptionValue',
      });
    }
  });
}
