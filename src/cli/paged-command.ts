import { operation } from '../catalogue/operations.js';
import type { Operation, Paging, TableLayout } from '../catalogue/types.js';
import { ApiError, ForeignAnswerError, UsageError } from '../errors/errors.js';
import type { Context } from './context.js';
import type { HandlerOptions } from './declare/command.js';
import type { OptionRecord } from './declare/options.js';
import { type PagedRow, pagingOptions } from './declare/paged.js';
import { keepHeapSmall } from './heap.js';
import { commandWords, printedCommand } from './printed-command.js';

type Item = Record<string, unknown>;
type Options = HandlerOptions<OptionRecord & typeof pagingOptions>;

/** Where pages go as they arrive: a spooled JSON array, piped lines, or a table per page. */
interface Sink {
  page(items: readonly Item[]): Promise<void>;
  end(): Promise<void>;
  /** Frees what the sink holds, whether or not it reached the end. */
  close(): Promise<void>;
}

async function sinkFor(
  ctx: Context,
  layout: TableLayout,
  display: (item: Item) => Item,
): Promise<Sink> {
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
  // Lines and tables go out page by page: only one page is ever held.
  return {
    page: (items) => ctx.out.rows(items.map(display), layout),
    end: async () => undefined,
    close: async () => undefined,
  };
}

/** The request members the flags give; a list of ids is sent without repeats. */
function queryOf(opts: Options, request: PagedRow<OptionRecord>['request']): Item {
  const query: Item = {};
  for (const [member, flag] of Object.entries(request)) {
    const value: unknown = opts[flag];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    query[member] = Array.isArray(value) ? [...new Set(value)] : value;
  }
  return query;
}

/**
 * The query checked against the operation's schema before anything is sent, each problem
 * named by the flag that gave the member (`--user: Too big: …`), as a usage error.
 */
function checkQuery(op: Operation, query: Item, row: PagedRow<OptionRecord>): void {
  const checked = op.request.safeParse(query);
  if (checked.success) return;
  const flags = flagsOf(row);
  const problems = checked.error.issues.slice(0, 5).map((issue) => {
    const [member, ...rest] = issue.path;
    if (typeof member !== 'string') return issue.message;
    const where = rest.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    return `${flags[member] ?? member}${where}: ${issue.message}`;
  });
  throw new UsageError(problems.join('; '));
}

/** The flag that gives each request member: the row's own, and the paging flags. */
function flagsOf(row: PagedRow<OptionRecord>): Record<string, string> {
  const options: OptionRecord = { ...row.options, ...pagingOptions };
  const members = { ...row.request, pageSize: 'pageSize', pageToken: 'pageToken' };
  return Object.fromEntries(
    Object.entries(members).map(([member, key]) => [member, options[key]?.build().long ?? key]),
  );
}

/**
 * A refusal of the service that names a request member gets a hint naming the flag, so the
 * person knows which flag to correct; the service's own words stay as they are.
 */
function withFlagHint(error: unknown, row: PagedRow<OptionRecord>): unknown {
  if (!(error instanceof ApiError) || error.hint !== undefined) return error;
  const flags = flagsOf(row);
  const member = Object.keys(flags).find((name) => error.message.startsWith(`${name}:`));
  if (member !== undefined) error.hint = `${member} is what ${flags[member]} sends`;
  return error;
}

/** The page size a request asks for: `--page-size`, and no more than `--limit` still needs. */
function pageSizeOf(paging: Paging, opts: Options, fetched: number): number | undefined {
  const { pageSize, limit } = opts;
  if (pageSize !== undefined && pageSize > paging.maxPageSize) {
    throw new UsageError(
      `--page-size: at most ${paging.maxPageSize}, the largest page the service sends`,
    );
  }
  if (limit === undefined) return pageSize;
  // The last page asks for no more than is missing, so the token after it continues exactly
  // where the listing stopped.
  return Math.min(pageSize ?? paging.defaultPageSize, limit - fetched);
}

/** The command line that continues a listing from `token`: the same words, that token. */
function continuation(ctx: Context, token: string): string {
  const words: string[] = [];
  const typed = commandWords(ctx.argv);
  for (let i = 0; i < typed.length; i++) {
    const word = typed[i] ?? '';
    if (word === '--page-token') i++;
    else if (!word.startsWith('--page-token=')) words.push(word);
  }
  return printedCommand(ctx, [...words, '--page-token', token]);
}

/** A service that names the page it just sent as the next: read on, it would never end. */
export function repeatedToken(token: string): ForeignAnswerError {
  return new ForeignAnswerError(
    `the service answered the page token it was sent (${token}) as the next page's: stopped rather than read the same page again`,
  );
}

/**
 * Runs a paged listing: one page, or pages until `--limit` items or, with `--all`, the end;
 * each printed as it arrives. A listing that stops before the end says how to go on.
 */
export async function runPagedRow(
  ctx: Context,
  opts: Options,
  row: PagedRow<OptionRecord>,
): Promise<void> {
  const op = operation(row.operation) as Operation;
  const paging = op.paging;
  if (!paging) throw new Error(`${op.name} declares no paging`);
  const query = queryOf(opts, row.request);
  const follow = opts.all === true || opts.limit !== undefined;
  // Checked before anything is sent: a --page-size past the maximum is a usage error.
  pageSizeOf(paging, opts, 0);
  checkQuery(
    op,
    { ...query, ...(opts.pageToken !== undefined && { pageToken: opts.pageToken }) },
    row,
  );
  if (follow) keepHeapSmall();
  const display = row.display ? await row.display() : (item: Item) => item;
  const client = await ctx.client();
  const sink = await sinkFor(ctx, op.table, display);
  let token = opts.pageToken;
  let fetched = 0;
  try {
    do {
      const size = pageSizeOf(paging, opts, fetched);
      const page = await client.call<Item[] | null>(op, {
        ...query,
        ...(size !== undefined && { pageSize: size }),
        ...(token !== undefined && { pageToken: token }),
      });
      const items = page.data ?? [];
      await sink.page(items);
      fetched += items.length;
      // A service that names the page it just sent as the next would be read forever.
      if (page.next !== undefined && page.next === token) throw repeatedToken(page.next);
      token = page.next;
    } while (follow && token !== undefined && (opts.limit === undefined || fetched < opts.limit));
    await sink.end();
  } catch (error) {
    throw withFlagHint(error, row);
  } finally {
    await sink.close();
  }
  if (fetched === 0 && token === undefined) ctx.out.nothingListed(`No ${row.items} match.`);
  if (token !== undefined) {
    ctx.out.info(`more ${row.items} to list; continue with: ${continuation(ctx, token)}`);
  }
}
