import { url } from '../../catalogue/resource-schemas.js';
import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { loginLinkOptions } from './index.js';

type Options = HandlerOptions<typeof loginLinkOptions>;

/** The service's URL rule, said in terms of the flag before anything is sent. */
function checkContinueUrl(value: string): void {
  const checked = url().safeParse(value);
  if (!checked.success) {
    // JSON shows a control character as an escape, never as itself on the terminal.
    const reason = checked.error.issues[0]?.message.toLowerCase() ?? 'invalid';
    throw new UsageError(`--continue-url ${JSON.stringify(value)} is not accepted: ${reason}`, {
      hint: 'give a whole URL, e.g. --continue-url http://localhost:3000/welcome',
    });
  }
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  checkContinueUrl(opts.continueUrl);
  const result = await send(ctx, operation('workspace.loginLink'), {
    email: opts.email,
    continueUrl: opts.continueUrl,
  });
  if (!result) return;
  ctx.out.success(result.message || `Login link sent to ${opts.email}`);
}
