import type { ApiResult } from '../http/envelope.js';
import { shown, type Answer, type Runtime } from './runtime.js';
import type { ParsedArgs } from './input.js';
import {
  decodeCursor,
  encodeCursor,
  itemDigest,
  listChanged,
  PageBuilder,
  type Position,
} from './paging.js';
import { success } from './results.js';
import { DEFAULT_LIMIT, PAGE_BYTES, type Listing, type ToolSpec } from './tools.js';

/** Room left in a page's 64 KiB for what surrounds the items (message, cursor, flags). */
const ENVELOPE_BYTES = 1024;

/** A listing's items, and how to give the answer back its shape around a page of them. */
function partsOf(
  listing: Listing,
  data: unknown,
): { items: unknown[]; rebuild: (page: unknown[]) => unknown } {
  if (listing.kind === 'map') {
    const map = (data ?? {}) as Record<string, unknown>;
    return {
      items: Object.entries(map),
      rebuild: (page) => Object.fromEntries(page as [string, unknown][]),
    };
  }
  if (listing.at !== undefined) {
    const at = listing.at;
    const whole = (data ?? {}) as Record<string, unknown>;
    return {
      items: (whole[at] as unknown[] | undefined) ?? [],
      rebuild: (page) => ({ ...whole, [at]: page }),
    };
  }
  return { items: (data as unknown[] | null | undefined) ?? [], rebuild: (page) => page };
}

function pageAnswer(
  rt: Runtime,
  spec: ToolSpec,
  result: unknown,
  count: number,
  message: string | undefined,
  nextCursor: string | undefined,
): Answer {
  const more = nextCursor !== undefined;
  return {
    result: success(
      [
        `${spec.name}: ${count} item(s)${more ? '; more remain: call again with the same arguments and cursor set to nextCursor' : '; that is the end of the listing'}.`,
      ],
      {
        result: shown(rt, result),
        ...(message !== undefined && { message }),
        truncated: more,
        ...(more && { nextCursor }),
      },
    ),
    outcome: 'ok',
  };
}

/** A read whose whole answer comes in one response: the page is cut from it. */
async function wholeListPage(
  rt: Runtime,
  spec: ToolSpec,
  listing: Listing,
  args: ParsedArgs,
  builder: PageBuilder,
  signal: AbortSignal,
): Promise<Answer> {
  const answer: ApiResult = await (await rt.client()).call(spec.op, args.data, { signal });
  const { items, rebuild } = partsOf(listing, answer.data);
  const cursor = args.own.cursor as string | undefined;
  const from = cursor === undefined ? { offset: 0 } : decodeCursor(cursor, args.data, false);
  const offset = 'offset' in from ? from.offset : 0;
  if (offset > items.length) throw listChanged();
  if (from.last !== undefined && (offset === 0 || itemDigest(items[offset - 1]) !== from.last)) {
    throw listChanged();
  }
  for (let i = offset; i < items.length && builder.add(items[i]); i++);
  const end = offset + builder.items.length;
  const next =
    end < items.length
      ? encodeCursor(args.data, { offset: end, last: itemDigest(items[end - 1]) })
      : undefined;
  return pageAnswer(rt, spec, rebuild(builder.items), builder.items.length, answer.message, next);
}

/**
 * A read the service pages itself (notifications): its pages are followed until the limit
 * or the budget, and a page of the tool may end inside one of the service's, which the
 * cursor then re-reads from its start and skips into.
 */
async function servicePagedPage(
  rt: Runtime,
  spec: ToolSpec,
  args: ParsedArgs,
  builder: PageBuilder,
  signal: AbortSignal,
): Promise<Answer> {
  const cursor = args.own.cursor as string | undefined;
  const from: Position = cursor === undefined ? { skip: 0 } : decodeCursor(cursor, args.data, true);
  let token = 'pageToken' in from ? from.pageToken : undefined;
  let skip = 'skip' in from ? from.skip : 0;
  let message: string | undefined;
  let next: Position | undefined;
  for (let first = true; ; first = false) {
    const wanted = skip + builder.limit - builder.items.length;
    const answer: ApiResult = await (
      await rt.client()
    ).call(
      spec.op,
      {
        ...args.data,
        pageSize: Math.min(spec.op.paging?.maxPageSize ?? wanted, wanted),
        ...(token !== undefined && { pageToken: token }),
      },
      { signal },
    );
    message = answer.message;
    const items = (answer.data as unknown[] | null | undefined) ?? [];
    if (
      first &&
      from.last !== undefined &&
      (skip === 0 || itemDigest(items[skip - 1]) !== from.last)
    ) {
      throw listChanged();
    }
    let i = skip;
    for (; i < items.length && builder.add(items[i]); i++);
    const lastTaken = builder.items.at(-1);
    const digest = lastTaken === undefined ? undefined : itemDigest(lastTaken);
    if (i < items.length) {
      next = {
        ...(token !== undefined && { pageToken: token }),
        skip: i,
        ...(digest && { last: digest }),
      };
      break;
    }
    if (answer.next === undefined) break;
    token = answer.next;
    skip = 0;
    if (builder.full) {
      next = { pageToken: token, skip: 0 };
      break;
    }
  }
  const nextCursor = next === undefined ? undefined : encodeCursor(args.data, next);
  return pageAnswer(rt, spec, builder.items, builder.items.length, message, nextCursor);
}

/** One page of a listing tool's answer. */
export async function listPage(
  rt: Runtime,
  spec: ToolSpec,
  args: ParsedArgs,
  signal: AbortSignal,
): Promise<Answer> {
  const listing = spec.listing as Listing;
  const limit = (args.own.limit as number | undefined) ?? DEFAULT_LIMIT;
  const builder = new PageBuilder(limit, PAGE_BYTES - ENVELOPE_BYTES);
  return spec.servicePaged
    ? servicePagedPage(rt, spec, args, builder, signal)
    : wholeListPage(rt, spec, listing, args, builder, signal);
}
