import type { Context } from '../../cli/context.js';
import { UsageError } from '../../errors/errors.js';

/**
 * A secret the service minted, written to stdout where a pipe or a file takes it, and at a
 * terminal only when asked by name (`--show`): a screen is seen, shared and recorded. The
 * redactor knows it, so no log or --debug line carries it.
 */
export function printSecret(ctx: Context, secret: string, what: string, show: boolean): void {
  ctx.redactor.add(secret);
  if (ctx.io.stdoutIsTTY && !show)
    throw new UsageError(`the ${what} is a secret: not printed at a terminal`, {
      hint: 'redirect stdout to a file or a command, or pass --show',
    });
  ctx.io.stdout.write(`${secret}\n`);
}
