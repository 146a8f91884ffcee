import type { Command } from 'commander';
import type { ConfirmSubject } from '../catalogue/destructive.js';
import type { CommandModule } from './declare/command.js';

/**
 * What runs a command: its lazily loaded module, its confirmation if it has one, and
 * whether its output can be a JSON document.
 */
export interface Handler {
  run: () => Promise<CommandModule<never>>;
  confirm?: (opts: never, subject: ConfirmSubject) => string;
  printsJson?: false;
}

/** Turns a handler into a commander action. */
export type Invoke = (handler: Handler) => (...args: unknown[]) => Promise<void>;

/** A command and every command below it. */
export function* commandsOf(cmd: Command): Generator<Command> {
  yield cmd;
  for (const sub of cmd.commands) yield* commandsOf(sub);
}
