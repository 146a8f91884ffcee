import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { TableLayout } from '../../catalogue/types.js';
import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { wholeNumberFlag } from '../../cli/whole-number.js';
import { UsageError } from '../../errors/errors.js';
import { fillHeadline } from './headline.js';

type Notification = ResponseOf<'notifications.get'>[number];

interface Options extends GlobalOptions {
  org: string;
  doc?: string;
  location?: string;
  user?: string;
  id?: string[];
  order?: 'asc' | 'desc';
  pageSize?: string;
  pageToken?: string;
  limit?: string;
  all?: boolean;
}

/** Where pages go as they arrive: a streamed JSON array, piped lines, or one table. */
interface Sink {
  page(items: readonly Notification[]): Promise<void>;
  end(): Promise<void>;
}

/** A notification with what the table shows: its time and its filled-in headline. */
function displayRow(n: Notification): Record<string, unknown> {
  return {
    ...n,
    time: new Date(n.timestamp).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    headline: fillHeadline(
      n.displayHeadlineMessageTemplate ?? '',
      n.displayHeadlineMessageTemplateData,
      n.actionUser,
    ),
  };
}

function sinkFor(ctx: Context, layout: TableLayout): Sink {
  if (ctx.out.json) {
    const array = ctx.out.jsonArrayStream();
    return {
      async page(items) {
        for (const item of items) array.push(item);
        await array.drained();
      },
      end: async () => array.end(),
    };
  }
  // Piped lines go out page by page; a terminal table needs every row for its widths.
  if (!ctx.io.stdoutIsTTY) {
    return {
      page: (items) => ctx.out.rows(items.map(displayRow), layout),
      end: async () => undefined,
    };
  }
  const rows: Record<string, unknown>[] = [];
  return {
    async page(items) {
      rows.push(...items.map(displayRow));
    },
    end: () => ctx.out.rows(rows, layout),
  };
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  if (opts.all && opts.limit !== undefined) throw new UsageError('give --limit or --all, not both');
  const limit = wholeNumberFlag(opts.limit, '--limit', 1);
  const pageSize = wholeNumberFlag(opts.pageSize, '--page-size', 1);
  const follow = opts.all === true || limit !== undefined;
  const op = operation('notifications.get');
  const client = await ctx.client();
  const query = {
    organizationId: opts.org,
    ...(opts.doc !== undefined && { documentId: opts.doc }),
    ...(opts.location !== undefined && { locationId: opts.location }),
    ...(opts.user !== undefined && { userId: opts.user }),
    ...(opts.id?.length && { notificationIds: [...new Set(opts.id)] }),
    ...(opts.order !== undefined && { order: opts.order }),
  };

  const sink = sinkFor(ctx, op.table);
  let token = opts.pageToken;
  let fetched = 0;
  do {
    // Under --limit the last page asks for no more than is missing, so the token after it
    // continues exactly where the listing stopped.
    const size = limit === undefined ? pageSize : Math.min(pageSize ?? limit, limit - fetched);
    const page = await client.call<Notification[]>(op, {
      ...query,
      ...(size !== undefined && { pageSize: size }),
      ...(token !== undefined && { pageToken: token }),
    });
    const items = page.data ?? [];
    await sink.page(items);
    fetched += items.length;
    token = page.pageToken || undefined;
  } while (follow && token !== undefined && (limit === undefined || fetched < limit));
  await sink.end();
  if (token !== undefined) ctx.out.info(`more notifications: continue with --page-token ${token}`);
}
