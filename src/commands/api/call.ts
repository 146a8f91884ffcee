import { operationForPath } from '../../catalogue/operations.js';
import type { AuthLevel } from '../../catalogue/types.js';
import type { Context } from '../../cli/context.js';
import { printedCommand } from '../../cli/printed-command.js';
import { printDryRun } from '../../cli/send.js';
import { ApiError, UsageError } from '../../errors/errors.js';
import { dataFlagName, parseJsonArg, readDataFlags } from '../../io/input.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { apiOptions } from './index.js';

type Options = HandlerOptions<typeof apiOptions>;

const levels: Record<NonNullable<Options['auth']>, AuthLevel> = {
  key: 'key',
  workspace: 'workspace',
  none: 'public',
};

/**
 * The escape hatch: any path, the given `data`, and the whole response body on stdout,
 * even for an error answer (whose status still decides the exit code).
 */
export async function run(ctx: Context, opts: Options, [rawPath]: string[]): Promise<void> {
  const path = rawPath?.startsWith('/') ? rawPath : `/${rawPath ?? ''}`;
  const flag = dataFlagName(opts);
  const data = await parseJsonArg((await readDataFlags(opts, ctx.io.stdin)) ?? '{}', flag);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError(`${flag} must be a JSON object (the request body's "data" member)`);
  }
  refuseWrapped(ctx, opts, path, flag, data);
  const op = operationForPath(path);
  const policy = {
    path,
    auth: opts.auth ? levels[opts.auth] : (op?.auth ?? 'key'),
    envelope: op?.envelope ?? 'standard',
    idempotent: op?.idempotent ?? false,
    slow: op?.slow ?? false,
  } as const;

  const client = await ctx.client();
  if (ctx.dryRun && !op?.readOnly) {
    printDryRun(ctx, client.describeRaw(policy, { data }));
    return;
  }
  try {
    const response = await client.raw(policy, { data });
    writeBody(ctx, response.body, response.text);
  } catch (err) {
    if (err instanceof ApiError && err.body) writeBody(ctx, err.body.json, err.body.text);
    throw err;
  }
}

/**
 * `{"data": {…}}` alone is the whole request body pasted from the docs: svc adds that wrapper
 * itself, and would send `{"data": {"data": …}}`, which no operation takes (those with a
 * `data` member need ids beside it). Refused before anything is sent, with the line that
 * sends what was meant.
 */
function refuseWrapped(
  ctx: Context,
  opts: Options,
  path: string,
  flag: string,
  data: object,
): void {
  const keys = Object.keys(data);
  if (keys.length !== 1 || keys[0] !== 'data') return;
  const inner = (data as { data: unknown }).data;
  const inline = opts.data !== undefined && !opts.data.startsWith('@') && opts.data !== '-';
  throw new UsageError(
    `${flag} is the request's "data" member, and svc adds the {"data": …} around it itself: this would send {"data": {"data": …}}`,
    {
      hint: inline
        ? `give what "data" holds: ${printedCommand(ctx, [
            'api',
            path,
            ...(opts.auth ? ['--auth', opts.auth] : []),
            '--data',
            JSON.stringify(inner),
          ])}`
        : 'give what "data" holds, without the wrapper',
    },
  );
}

function writeBody(ctx: Context, json: unknown, text: string): void {
  if (json === undefined) return ctx.out.text(text);
  ctx.out.jsonDocument(json);
}
