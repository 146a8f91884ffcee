import { Output } from '../io/output.js';
import { pagerSettings } from '../io/pager.js';
import { Prompter } from '../io/prompter.js';
import { createIOStreams, type IOStreams } from '../io/streams.js';
import type { Deps } from './deps.js';
import type { GlobalOptions } from './globals.js';

/** The streams, the one writer of results and the prompter a command's global flags ask for. */
export function terminalOutput(
  deps: Deps,
  globals: GlobalOptions,
): { io: IOStreams; out: Output; prompter: Prompter } {
  const io = createIOStreams({
    get stdin() {
      return deps.stdin;
    },
    ...(deps.stdinIsTTY !== undefined && { stdinIsTTY: deps.stdinIsTTY }),
    stdout: deps.stdout,
    stderr: deps.stderr,
    env: deps.env,
    noColorFlag: globals.color === false,
    noInputFlag: globals.input === false,
  });
  // A listing's own --limit: commander hands every option of the command over with the
  // global ones, and the output layer applies it whichever command it is.
  const { limit } = globals as GlobalOptions & { limit?: number };
  const pager = pagerSettings(deps.env, globals.pager === false);
  const out = new Output(io, globals.json === true || globals.jq !== undefined, {
    quiet: globals.quiet === true,
    ...(limit !== undefined && { limit }),
    ...(pager && { pager }),
  });
  return { io, out, prompter: new Prompter(io) };
}
