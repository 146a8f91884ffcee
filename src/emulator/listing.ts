import { createHash } from 'node:crypto';
import type { Paging } from '../catalogue/types.js';
import { EmulatorError } from './errors.js';
import type { ListKey, ListOrder } from './store/keyset.js';
import type { Scope } from './store/scope.js';

/**
 * The paged reads (docs/api.md: operations 22, 111, 115, 134): page size, page token and
 * where the next page starts, the same for each, so a read handler says only which rows
 * it lists, in which order, and how to fetch those after a key.
 *
 * A page token is a keyset cursor: the key (the order columns' values) of the last row of
 * the page, with a digest of the query it belongs to. The next page starts strictly after
 * that key, so rows added or removed before or after it between two pages neither shift
 * nor repeat the rows that were there throughout; and each page is fetched alone, one row
 * more than asked to tell whether another follows, so reading a listing of any length
 * holds one page at a time.
 */

/** The kind of each value of a listing's key, in order. */
export type KeyKinds = readonly ('string' | 'number')[];

/** A key of those kinds. */
export type KeyOf<K extends KeyKinds> = {
  readonly [I in keyof K]: K[I] extends 'number' ? number : string;
};

/** What selects the rows; a list is a set, so its order and repeats make no other query. */
export type FilterValue = string | number | boolean | readonly string[] | undefined;

export interface Listing<Row, K extends KeyKinds> {
  /** The read: its name keeps its tokens from other reads, its paging sizes the page. */
  operation: { readonly name: string; readonly paging?: Paging | undefined };
  /** Whose rows they are: a token is good only for the same workspace and API key. */
  scope: Scope;
  /** Every request member that changes which rows are listed; absent members are left out. */
  filters: Readonly<Record<string, FilterValue>>;
  /** The direction, where the request chooses it; a token is good only for the same one. */
  order?: ListOrder;
  /** The kinds of the key's values: what a token must hold. */
  key: K;
  keyOf: (row: Row) => KeyOf<K>;
  /** Up to `limit` rows strictly after `after` (from the first without it), in order. */
  rows: (after: KeyOf<K> | undefined, limit: number) => Row[];
}

/** The paging members every paged request has. */
export interface PageRequest {
  pageSize?: number | undefined;
  pageToken?: string | undefined;
}

export interface Page<Row> {
  rows: Row[];
  /** The next page's token; absent on the last page. */
  next?: string;
}

interface Token {
  /** The digest of the query. */
  q: string;
  /** The order, for listings whose request chooses it. */
  o?: ListOrder;
  /** The key of the last row of the page before. */
  k: ListKey;
}

const TOKEN_VERSION = 1;

/** The filters given, by name, each list sorted and with no repeats: one text per query. */
function canonical(filters: Readonly<Record<string, FilterValue>>): [string, unknown][] {
  return Object.keys(filters)
    .sort()
    .flatMap((name): [string, unknown][] => {
      const value = filters[name];
      if (value === undefined) return [];
      return [[name, Array.isArray(value) ? [...new Set<string>(value)].sort() : value]];
    });
}

function queryDigest(listing: Listing<unknown, KeyKinds>): string {
  const { operation, scope, filters } = listing;
  const key = [operation.name, scope.workspaceId, scope.apiKeyId, canonical(filters)];
  return createHash('sha256').update(JSON.stringify(key)).digest('base64url').slice(0, 22);
}

function encode(token: Token): string {
  return Buffer.from(JSON.stringify({ v: TOKEN_VERSION, ...token })).toString('base64url');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A token's JSON, base64url-encoded; undefined when it is not that. */
function parsedToken(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The refusal of a token that no page of this read gave. */
function notGiven(paging: Paging): EmulatorError {
  return new EmulatorError(
    'INVALID_ARGUMENT',
    `Invalid pageToken: it is not one this read gave; send the ${paging.next} of the page before, unchanged.`,
  );
}

/** The token's members when it is one of this version holding a key of `kinds`. */
function decode(text: string, kinds: KeyKinds): Token | undefined {
  const parsed = parsedToken(text);
  if (!isObject(parsed) || parsed.v !== TOKEN_VERSION || typeof parsed.q !== 'string') {
    return undefined;
  }
  const { q, o, k } = parsed;
  if (o !== undefined && o !== 'asc' && o !== 'desc') return undefined;
  if (!Array.isArray(k) || k.length !== kinds.length) return undefined;
  const key = k as unknown[];
  if (!kinds.every((kind, i) => typeof key[i] === kind)) return undefined;
  return { q, ...(o !== undefined && { o }), k: key as ListKey };
}

/** Where the page starts: after the token's key, once the token is found to be this query's. */
function startAfter<K extends KeyKinds>(
  listing: Listing<unknown, K>,
  paging: Paging,
  text: string,
  query: string,
): KeyOf<K> {
  const token = decode(text, listing.key);
  if (!token || (token.o === undefined) !== (listing.order === undefined)) throw notGiven(paging);
  if (token.q !== query) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      'Invalid pageToken: it belongs to another query; send the same filters as the first page.',
    );
  }
  if (token.o !== undefined && token.o !== listing.order) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Invalid pageToken: it belongs to a listing in ${token.o} order, not ${listing.order}; send the same order as the first page.`,
    );
  }
  return token.k as KeyOf<K>;
}

/**
 * One page of the listing: `pageSize` rows (the operation's default when absent; the
 * request schema refuses more than its maximum, and so does this) after the token's key,
 * or from the first row without a token. An empty token is what an exhausted listing
 * answers: it starts the listing again.
 */
export function listPage<Row, const K extends KeyKinds>(
  listing: Listing<Row, K>,
  request: PageRequest,
): Page<Row> {
  const { paging } = listing.operation;
  if (!paging) throw new Error(`${listing.operation.name} is not a paged read`);
  const query = queryDigest(listing as Listing<unknown, KeyKinds>);
  const after = request.pageToken
    ? startAfter(listing as Listing<unknown, K>, paging, request.pageToken, query)
    : undefined;
  const size = Math.min(request.pageSize ?? paging.defaultPageSize, paging.maxPageSize);
  const found = listing.rows(after, size + 1);
  const rows = found.slice(0, size);
  const last = rows.at(-1);
  if (found.length <= size || last === undefined) return { rows };
  const token: Token = {
    q: query,
    ...(listing.order !== undefined && { o: listing.order }),
    k: listing.keyOf(last),
  };
  return { rows, next: encode(token) };
}

/*
 * A read whose answer holds several lists (the user-data export, 113) pages them all at
 * once, a page of each per answer, each list its own listing paged by listPage. Each of
 * those listings needs an operation name of its own (`<read>:<list>`), so that one list's
 * token is refused by another's. The read's token is a composite: base64url JSON holding a
 * version and, for each list with rows left, that list's own token. A list the token leaves
 * out has ended: it answers no rows rather than starting again, as its own empty token
 * would make it.
 */

/** One list of such a read: the page its own token asks for, `listPage(listing, { pageToken })`. */
export type ListOfPages<Row> = (pageToken: string | undefined) => Page<Row>;

export interface Pages<Rows> {
  rows: { [N in keyof Rows]: Rows[N][] };
  /** The next page's token; absent once every list has ended. */
  next?: string;
}

/** The composite's version; its `lists` tell it from a single list's token. */
const LISTS_VERSION = 1;

/** The token of each list a composite token continues, by name; undefined if it is none. */
function decodeLists(text: string): Map<string, string> | undefined {
  const parsed = parsedToken(text);
  if (!isObject(parsed) || parsed.v !== LISTS_VERSION || !isObject(parsed.lists)) return undefined;
  const lists = Object.entries(parsed.lists);
  // A token is given only while some list goes on, and each list's token is a page's `next`.
  if (lists.length === 0) return undefined;
  if (!lists.every(([, token]) => typeof token === 'string' && token !== '')) return undefined;
  return new Map(lists as [string, string][]);
}

/**
 * One page of each list: every list from its start without a token (or with an empty one,
 * as listPage starts over on it), else each list the token continues from where it was.
 * A token that is not one of this read's, or that names a list it does not have, is
 * INVALID_ARGUMENT; so is a list's token of another query (listPage checks each).
 */
export function listPages<Rows extends Record<string, unknown>>(
  operation: { readonly name: string; readonly paging?: Paging | undefined },
  lists: { readonly [N in keyof Rows]: ListOfPages<Rows[N]> },
  pageToken: string | undefined,
): Pages<Rows> {
  const { paging } = operation;
  if (!paging) throw new Error(`${operation.name} is not a paged read`);
  const names = Object.keys(lists) as (keyof Rows & string)[];
  const given = pageToken ? decodeLists(pageToken) : undefined;
  if (pageToken && !given) throw notGiven(paging);
  if ([...(given?.keys() ?? [])].some((name) => !Object.hasOwn(lists, name))) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Invalid pageToken: it names a list this read does not have; send the ${paging.next} of the page before, unchanged.`,
    );
  }
  const rows = {} as Pages<Rows>['rows'];
  const next: Record<string, string> = {};
  for (const name of names) {
    if (given && !given.has(name)) {
      rows[name] = [];
      continue;
    }
    const page = lists[name](given?.get(name));
    rows[name] = page.rows;
    if (page.next !== undefined) next[name] = page.next;
  }
  if (Object.keys(next).length === 0) return { rows };
  const token = JSON.stringify({ v: LISTS_VERSION, lists: next });
  return { rows, next: Buffer.from(token).toString('base64url') };
}
