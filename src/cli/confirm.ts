import { UsageError } from '../errors/errors.js';
import type { Context } from './context.js';

/**
 * Asks before a destructive command sends anything. `--yes` (and `--dry-run`, which sends
 * nothing) skip the question; where svc may not prompt, it refuses. The refusal names
 * `--yes` in its message, since under `--json` the message is all a script sees.
 */
export async function confirmDestructive(
  ctx: Pick<Context, 'yes' | 'dryRun' | 'prompter'>,
  action: string,
): Promise<void> {
  if (ctx.yes || ctx.dryRun) return;
  if (!ctx.prompter.enabled) {
    throw new UsageError(`refusing to ${action} without confirmation: pass --yes to confirm`, {
      hint: 'svc cannot prompt here (no terminal, --no-input or CI)',
    });
  }
  const ok = await ctx.prompter.confirm(`${action[0]?.toUpperCase() ?? ''}${action.slice(1)}?`);
  if (!ok) throw new UsageError('not confirmed: nothing was sent');
}
