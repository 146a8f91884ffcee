import type { Command } from 'commander';
import type { ConfirmSubject } from '../catalogue/destructive.js';
import type { CommandModule } from './declare/command.js';

/** What runs a command: its lazily loaded module, and its confirmation if it has one. */
export interface Handler {
  run: () => Promise<CommandModule<never>>;
  confirm?: (opts: never, subject: ConfirmSubject) => string;
}

/** Turns a handler into a commander action. */
export type Invoke = (handler: Handler) => (...args: unknown[]) => Promise<void>;

/** Registers one group of commands on the program. */
export type Register = (program: Command, invoke: Invoke) => void;

/** A command and every command below it. */
export function* commandsOf(cmd: Command): Generator<Command> {
  yield cmd;
  for (const sub of cmd.commands) yield* commandsOf(sub);
}
