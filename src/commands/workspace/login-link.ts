import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { send } from '../../cli/send.js';

interface Options extends GlobalOptions {
  email: string;
  continueUrl: string;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const result = await send(ctx, operation('workspace.loginLink'), {
    email: opts.email,
    continueUrl: opts.continueUrl,
  });
  if (!result) return;
  ctx.out.success(result.message || `Login link sent to ${opts.email}`);
}
