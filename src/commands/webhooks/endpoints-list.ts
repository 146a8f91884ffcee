import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { maskUrlPasswordsIn } from '../../text/url-passwords.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import type { endpointsListOptions } from './index.js';

type Options = HandlerOptions<typeof endpointsListOptions>;
type Page = ResponseOf<'webhooks.endpoints.list'>;

/** The most endpoints the service gives in one page. */
const MAX_PAGE = 250;

/**
 * One page, or with `--all`/`--limit` every page until done or N endpoints; then where the
 * next page starts, on stderr, as a command that works when pasted.
 */
export async function run(ctx: Context, opts: Options): Promise<void> {
  if (opts.all && opts.limit !== undefined) throw new UsageError('give --limit or --all, not both');
  const follow = opts.all === true || opts.limit !== undefined;
  const op = operation('webhooks.endpoints.list');
  const client = await ctx.client();
  const endpoints: Page['endpoints'] = [];
  let iterator = opts.iterator;
  let done = false;
  do {
    const want =
      opts.limit === undefined ? MAX_PAGE : Math.min(MAX_PAGE, opts.limit - endpoints.length);
    const result = await send<Page>(
      ctx,
      op,
      { ...(follow && { limit: want }), ...(iterator !== undefined && { iterator }) },
      { client },
    );
    if (!result) return;
    endpoints.push(...result.data.endpoints);
    done = result.data.done;
    iterator = result.data.iterator ?? undefined;
  } while (follow && !done && (opts.limit === undefined || endpoints.length < opts.limit));
  if (!ctx.out.json && endpoints.length === 0) ctx.out.nothingListed('No webhook endpoints.');
  // A receiver's Basic password in its URL is shown masked, as in every listing.
  await ctx.out.data(maskUrlPasswordsIn({ endpoints }), op.table);
  if (!done && iterator !== undefined) {
    ctx.out.info(`More endpoints: svc webhooks endpoints list --iterator ${iterator}`);
  }
}
