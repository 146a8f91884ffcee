import type { Command } from 'commander';
import type { Context } from './context.js';

/** What a command module exports: a run function that receives the context. */
export interface CommandModule<O = Record<string, unknown>> {
  run(ctx: Context, opts: O, args: string[]): Promise<void>;
}

/** Turns a lazily imported command module into a commander action. */
export type Invoke = (
  load: () => Promise<CommandModule<never>>,
) => (...args: unknown[]) => Promise<void>;

/** Registers one group of commands on the program. */
export type Register = (program: Command, invoke: Invoke) => void;

/** `--user a --user b,c` → ['a', 'b', 'c'] (the contract's repeatable flags). */
export function collect(value: string, previous: string[] = []): string[] {
  return previous.concat(
    value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== ''),
  );
}

/** A command and every command below it. */
export function* commandsOf(cmd: Command): Generator<Command> {
  yield cmd;
  for (const sub of cmd.commands) yield* commandsOf(sub);
}
