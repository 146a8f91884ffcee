import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import { mask } from '../../http/redact.js';
import { readAll } from '../../io/input.js';
import type { permissionProviderOptions } from './index.js';
import { nothingToChange, showAlone, switchedOn } from './service-flags.js';

type Options = HandlerOptions<typeof permissionProviderOptions>;
type Stored = ResponseOf<'workspace.permissionProviderGet'>;

const CHANGES = ['--enable', '--disable', '--url', '--clear-url', '--auth-token-stdin'];

/** What the request says of the provider itself: its URL and token, those given. */
async function providerSettings(ctx: Context, opts: Options) {
  if (opts.url !== undefined && opts.clearUrl) {
    throw new UsageError('give --url or --clear-url, not both');
  }
  let authToken: string | undefined;
  if (opts.authTokenStdin) {
    authToken = (await readAll(ctx.io.stdin)).trim();
    if (authToken === '') throw new UsageError('--auth-token-stdin read an empty token from stdin');
    ctx.redactor.add(authToken);
  }
  const url = opts.clearUrl ? '' : opts.url;
  return {
    ...(url !== undefined && { permissionProviderUrl: url }),
    ...(authToken !== undefined && { authToken }),
  };
}

/**
 * The configuration as shown: the token masked unless asked for in clear. The service may
 * answer it in clear, so it is masked here whatever it is, and kept from any trace.
 */
function shown(ctx: Context, stored: Stored, clear: boolean): Stored {
  const config = stored.permissionProviderConfig;
  ctx.redactor.add(config.authToken || undefined);
  if (clear) return stored;
  return { ...stored, permissionProviderConfig: { ...config, authToken: mask(config.authToken) } };
}

/** Operations 156 (--show) and 157: the permission provider's configuration. */
export async function run(ctx: Context, opts: Options): Promise<void> {
  if (opts.showToken && !opts.show) throw new UsageError('--show-token goes with --show');
  const on = switchedOn(opts);
  const changed = [on, opts.url, opts.clearUrl, opts.authTokenStdin].some((v) => v !== undefined);
  if (opts.show && changed) throw showAlone();
  if (opts.show) {
    const op = operation('workspace.permissionProviderGet');
    const result = await send<Stored>(ctx, op, {});
    if (result) await ctx.out.data(shown(ctx, result.data, opts.showToken === true), op.table);
    return;
  }
  if (!changed) throw nothingToChange('permission-provider', CHANGES);
  const config = await providerSettings(ctx, opts);
  const data = {
    ...(on !== undefined && { usePermissionProvider: on }),
    ...(Object.keys(config).length > 0 && { permissionProviderConfig: config }),
  };
  const op = operation('workspace.permissionProviderUpdate');
  const result = await send<Stored | undefined>(ctx, op, data);
  if (!result) return;
  // The documented answer has no data: then the request, its token masked, says what changed.
  const answer = result.data ?? data;
  const token = answer.permissionProviderConfig?.authToken;
  ctx.redactor.add(token || undefined);
  const masked =
    token === undefined
      ? answer
      : {
          ...answer,
          permissionProviderConfig: { ...answer.permissionProviderConfig, authToken: mask(token) },
        };
  await ctx.out.data(masked, op.table);
}
