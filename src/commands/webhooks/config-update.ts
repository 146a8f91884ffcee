import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { maskUrlPasswordsIn } from '../../text/url-passwords.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import { readAll } from '../../io/input.js';
import { publicKeyFromFile, triggerSwitches } from './fields.js';
import type { configUpdateOptions } from './index.js';

type Options = HandlerOptions<typeof configUpdateOptions>;

const BASIC_ONLY = [
  ['url', '--url'],
  ['processedUrl', '--processed-url'],
  ['authTokenStdin', '--auth-token-stdin'],
  ['trigger', '--trigger'],
] as const;

export async function run(ctx: Context, opts: Options): Promise<void> {
  if (opts.enable && opts.disable) throw new UsageError('give --enable or --disable, not both');
  const on = opts.enable ? true : opts.disable ? false : undefined;
  const publicKey =
    opts.publicKeyFile === undefined ? undefined : await publicKeyFromFile(opts.publicKeyFile);
  const shared = {
    ...(opts.encode !== undefined && { encodeData: opts.encode }),
    ...(opts.encrypt !== undefined && { encryptData: opts.encrypt }),
    ...(publicKey !== undefined && { publicKey }),
  };
  if (opts.advanced) {
    for (const [key, flag] of BASIC_ONLY) {
      if (opts[key] !== undefined)
        throw new UsageError(`${flag} is for the basic config: drop --advanced`);
    }
    const data = {
      ...(on !== undefined && { isEnabled: on }),
      ...shared,
      ...(opts.dataProtection !== undefined && { enableDataProtection: opts.dataProtection }),
    };
    if (Object.keys(data).length === 0) throw nothingGiven();
    const op = operation('webhooks.advancedConfig.update');
    const result = await send(ctx, op, data);
    if (result) await ctx.out.data(maskUrlPasswordsIn(result.data), op.table);
    return;
  }
  if (opts.dataProtection !== undefined) {
    throw new UsageError('--data-protection is for the advanced config: add --advanced');
  }
  let authToken: string | undefined;
  if (opts.authTokenStdin) {
    authToken = (await readAll(ctx.io.stdin)).trim();
    if (authToken === '') throw new UsageError('--auth-token-stdin read an empty token from stdin');
  }
  const config = {
    ...(opts.url !== undefined && { rawNotificationUrl: opts.url }),
    ...(opts.processedUrl !== undefined && { processedNotificationUrl: opts.processedUrl }),
    ...(authToken !== undefined && { authToken }),
    ...shared,
    ...(opts.trigger !== undefined && { triggers: triggerSwitches(opts.trigger) }),
  };
  const data = {
    ...(on !== undefined && { useWebhookService: on }),
    ...(Object.keys(config).length > 0 && { webhookServiceConfig: config }),
  };
  if (Object.keys(data).length === 0) throw nothingGiven();
  const op = operation('webhooks.config.update');
  const result = await send(ctx, op, data);
  if (result) await ctx.out.data(maskUrlPasswordsIn(result.data), op.table);
}

function nothingGiven(): UsageError {
  return new UsageError('nothing to change: give --enable, --disable or a setting', {
    hint: 'svc webhooks config update --help lists them',
  });
}
