import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { CredentialsError } from '../../errors/errors.js';
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
  await ctx.out.data({ apiKey: result.data.apiKey, authTokens: result.data.authTokens }, op.table);
}
