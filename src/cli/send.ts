import type { Operation } from '../catalogue/types.js';
import type { CallOptions, HttpClient } from '../http/client.js';
import type { ApiResult } from '../http/envelope.js';
import type { Context } from './context.js';

/**
 * Sends one operation for a command, or under `--dry-run` prints what a write would send
 * and returns undefined. Reads run normally under `--dry-run`.
 */
export async function send<T = unknown>(
  ctx: Context,
  op: Operation,
  data: unknown,
  options: CallOptions & { client?: HttpClient } = {},
): Promise<ApiResult<T> | undefined> {
  const client = options.client ?? (await ctx.client());
  if (ctx.dryRun && !op.readOnly) {
    printDryRun(ctx, client.describe(op, data, options));
    return undefined;
  }
  return client.call<T>(op, data, options);
}

export function printDryRun(
  ctx: Context,
  request: { method: string; url: string; headers: Record<string, string>; body: unknown },
): void {
  if (ctx.out.json) {
    ctx.out.jsonDocument({ dryRun: true, ...request });
    return;
  }
  const lines = [
    `${request.method} ${request.url}`,
    ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`),
    '',
    JSON.stringify(request.body, null, 2),
  ];
  ctx.io.stdout.write(`${lines.join('\n')}\n`);
  ctx.out.info('dry run: nothing was sent');
}
