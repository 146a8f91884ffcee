import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { TableLayout } from '../../catalogue/types.js';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../errors/errors.js';
import { fillHeadline } from './headline.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { notificationsListOptions } from './index.js';

type Notification = ResponseOf<'notifications.get'>[number];

type Options = HandlerOptions<typeof notificationsListOptions>;

/** Where pages go as they arrive: a spooled JSON array, piped lines, or one table. */
interface Sink {
  page(items: readonly Notification[]): Promise<void>;
  end(): Promise<void>;
  /** Frees what the sink holds, whether or not it reached the end. */
  close(): Promise<void>;
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

async function sinkFor(ctx: Context, layout: TableLayout, empty: string): Promise<Sink> {
  if (ctx.out.json) {
    // Spooled to disk rather than streamed: a page failing after others have arrived must
    // leave stdout empty, and a long listing must not be held in memory either.
    const spool = await ctx.out.jsonSpool('array');
    return {
      async page(items) {
        for (const item of items) spool.add(item);
      },
      end: () => spool.print(),
      close: () => spool.discard(),
    };
  }
  const close = async () => undefined;
  // Piped lines go out page by page; a terminal table needs every row for its widths.
  if (!ctx.io.stdoutIsTTY) {
    return {
      page: (items) => ctx.out.rows(items.map(displayRow), layout),
      end: async () => undefined,
      close,
    };
  }
  const rows: Record<string, unknown>[] = [];
  return {
    async page(items) {
      rows.push(...items.map(displayRow));
    },
    end: async () => {
      if (rows.length === 0) ctx.out.nothingListed(empty);
      await ctx.out.rows(rows, layout);
    },
    close,
  };
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  if (opts.all && opts.limit !== undefined) throw new UsageError('give --limit or --all, not both');
  const { limit, pageSize } = opts;
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

  const sink = await sinkFor(ctx, op.table, 'No notifications match.');
  let token = opts.pageToken;
  try {
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
  } finally {
    await sink.close();
  }
  if (token !== undefined) ctx.out.info(`more notifications: continue with --page-token ${token}`);
}
