import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { parseJsonArg, readTextArg } from '../../io/input.js';
import type { signatureOptions } from './index.js';
import { printSecret } from './secret-output.js';

type Options = HandlerOptions<typeof signatureOptions>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const text = await readTextArg(opts.permissions, ctx.io.stdin, '--permissions');
  const permissions = await parseJsonArg(text, '--permissions');
  const result = await send<{ signature: string }>(ctx, operation('auth.signature'), {
    permissions,
  });
  if (result) printSecret(ctx, result.data.signature, 'signature', opts.show === true);
}
