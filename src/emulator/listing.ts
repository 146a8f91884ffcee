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

/** The token's members when it is one of this version holding a key of `kinds`. */
function decode(text: string, kinds: KeyKinds): Token | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
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
  if (!token || (token.o === undefined) !== (listing.order === undefined)) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `Invalid pageToken: it is not one this read gave; send the ${paging.next} of the page before, unchanged.`,
    );
  }
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
