import { UsageError } from '../errors/errors.js';
import type { Context } from './context.js';

/** What a confirmation needs; without `io`, it cannot tell that stdin was used up. */
type Asker = Pick<Context, 'yes' | 'dryRun' | 'prompter'> & { io?: Context['io'] };

/**
 * Asks before a destructive command sends anything. `--yes` (and `--dry-run`, which sends
 * nothing) skip the question; where svc may not prompt, it refuses. The refusal names
 * `--yes` in its message, since under `--json` the message is all a script sees.
 */
export async function confirmDestructive(ctx: Asker, action: string): Promise<void> {
  if (ctx.yes || ctx.dryRun) return;
  if (!ctx.prompter.enabled) {
    throw new UsageError(`refusing to ${action} without confirmation: pass --yes to confirm`, {
      hint: 'svc cannot prompt here (no terminal, --no-input or CI)',
    });
  }
  const question = `${action[0]?.toUpperCase() ?? ''}${action.slice(1)}?`;
  const ok = stdinUsedUp(ctx)
    ? await askOnTerminal(ctx, question)
    : await ctx.prompter.confirm(question);
  if (!ok) throw new UsageError('not confirmed: nothing was sent');
}

/**
 * A terminal's stdin that the command has read to its end (ids typed, then Ctrl-D) can
 * answer nothing more: the question goes to the terminal itself.
 */
function stdinUsedUp(ctx: Asker): ctx is Asker & { io: Context['io'] } {
  return ctx.io !== undefined && ctx.io.stdinIsTTY && ctx.io.stdin.readableEnded;
}

/** Asks `question` on /dev/tty, the terminal svc runs in, whatever stdin was. */
async function askOnTerminal(
  ctx: Asker & { io: Context['io'] },
  question: string,
): Promise<boolean> {
  const { openSync } = await import('node:fs');
  const { ReadStream } = await import('node:tty');
  const { Prompter } = await import('../io/prompter.js');
  let terminal: InstanceType<typeof ReadStream>;
  try {
    terminal = new ReadStream(openSync('/dev/tty', 'r'));
  } catch {
    throw new UsageError(
      'stdin was read to its end and svc cannot open the terminal to ask: pass --yes to confirm',
    );
  }
  try {
    return await new Prompter({ ...ctx.io, stdin: terminal }).confirm(question);
  } finally {
    terminal.destroy();
  }
}
