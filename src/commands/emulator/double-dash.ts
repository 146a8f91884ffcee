import type { Command } from 'commander';
import { shellLine } from '../../io/shell-words.js';

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
export function suggestDoubleDash(exec: Command): void {
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
