import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { mask } from '../../http/redact.js';
import type { getOptions } from './index.js';

type Options = HandlerOptions<typeof getOptions>;

type Workspace = ResponseOf<'workspace.get'>;

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('workspace.get');
  const result = await send<Workspace>(ctx, op, {});
  if (!result) return;
  // The token opens the whole workspace: masked wherever it is printed, as `workspace
  // tokens` masks the keys' tokens, unless asked for in clear.
  const workspace = opts.showTokens
    ? result.data
    : { ...result.data, authToken: mask(result.data.authToken) };
  if (ctx.out.json) return ctx.out.jsonDocument(workspace);
  // The keys by id, every one: an id is what the other commands take.
  const apiKeys = Object.keys(workspace.apiKeyList ?? {});
  await ctx.out.data({ ...workspace, apiKeys }, op.table);
  if (!opts.showTokens && ctx.io.stdoutIsTTY) {
    ctx.out.info('the token is masked; --show-tokens prints it in clear');
  }
}
