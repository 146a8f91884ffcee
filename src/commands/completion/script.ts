import type { Context } from '../../cli/context.js';
import { commandTree } from '../../cli/reference/tree.js';
import { UsageError } from '../../errors/errors.js';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { shells, type Shell } from './index.js';
import { completionSpec, type CommandSpec } from './spec.js';
import { zshScript } from './zsh.js';
import { svcCommands } from '../index.js';

const generators: Record<Shell, (spec: readonly CommandSpec[]) => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
};

function isShell(name: string | undefined): name is Shell {
  return shells.some((shell) => shell === name);
}

/** The completion script of one shell for svc's command tree, as committed under completions/. */
export function completionScript(shell: Shell): string {
  return generators[shell](completionSpec(commandTree(svcCommands)));
}

export async function run(ctx: Context, _opts: unknown, [shell]: string[]): Promise<void> {
  if (!isShell(shell)) throw new UsageError(`no completion for shell "${shell ?? ''}"`);
  ctx.io.stdout.write(completionScript(shell));
}
