import { overwriteReason } from '../catalogue/destructive.js';
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
  const client = options.client ?? (await ctx.client(undefined, op));
  if (ctx.dryRun && !op.readOnly) {
    printDryRun(
      ctx,
      client.describe(op, data, options),
      overwriteReason(op, data as Readonly<Record<string, unknown>>),
    );
    return undefined;
  }
  return client.call<T>(op, data, options);
}

type DescribedRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
};

/** `--dry-run`'s request, and why it would replace existing content, when it would. */
export function printDryRun(ctx: Context, request: DescribedRequest, replaces?: string): void {
  if (ctx.out.json) {
    ctx.out.jsonDocument({ dryRun: true, ...request, ...(replaces !== undefined && { replaces }) });
    return;
  }
  printRequest(ctx, request);
  if (replaces !== undefined)
    ctx.out.info(`dry run: this request would replace existing content: ${replaces}`);
  ctx.out.info('dry run: nothing was sent');
}

/** A request as a person reads it: the request line, the headers and the body. */
export function printRequest(ctx: Context, request: DescribedRequest): void {
  const lines = [
    `${request.method} ${request.url}`,
    ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`),
    '',
    JSON.stringify(request.body, null, 2),
  ];
  ctx.io.stdout.write(`${lines.join('\n')}\n`);
}
