import type { Deps } from './cli/deps.js';
import { mainOf, runOf } from './cli/main.js';
import { svcCommands } from './commands/index.js';

/**
 * svc: the program of its own commands. The framework of src/cli/ runs whatever tree it is
 * given, and the commands of src/commands/ are written with it; this is where the two meet,
 * so that neither folder imports the other back.
 */

/** Runs one invocation of svc and returns its exit code; tests call it in-process. */
export function main(argv: readonly string[], deps: Deps): Promise<number> {
  return mainOf(svcCommands, argv, deps);
}

/** The process entry point used by bin/svc and the single executable. */
export function run(argv: readonly string[]): Promise<number> {
  return runOf(svcCommands, argv);
}
