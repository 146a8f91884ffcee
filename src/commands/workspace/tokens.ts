import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { CredentialsError } from '../../errors/errors.js';
import { mask } from '../../http/redact.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { tokensOptions } from './index.js';

type Options = HandlerOptions<typeof tokensOptions>;

type TokensData = ResponseOf<'workspace.authTokens'>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const session = await ctx.session();
  const apiKey = opts.apiKey ?? session.credentials.apiKey;
  if (!apiKey) {
    throw new CredentialsError('no API key is set', {
      hint: 'pass --api-key, set SVC_API_KEY, or use a profile created by `svc workspace create`',
    });
  }
  const op = operation('workspace.authTokens');
  const result = await send<TokensData>(ctx, op, { apiKey });
  if (!result) return;
  // Every token of the key, not only the one in use: masked wherever they are printed (a
  // table on a shared screen, a pipe into a log, --json), unless asked for in clear.
  const authTokens = opts.showTokens
    ? result.data.authTokens
    : result.data.authTokens.map((t) => ({ ...t, token: mask(t.token) }));
  await ctx.out.data({ apiKey: result.data.apiKey, authTokens }, op.table);
  if (!opts.showTokens && authTokens.length > 0 && ctx.io.stdoutIsTTY) {
    ctx.out.info('tokens are masked; --show-tokens prints them in clear');
  }
}
