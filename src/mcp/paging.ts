import { UsageError } from '../errors/errors.js';
import { canonicalJson, crypto } from './confirmation.js';

/**
 * Pages of a listing: at most `limit` items and at most a byte budget of JSON, cut between
 * items, with a cursor that continues exactly where the page ended. A cursor belongs to the
 * arguments it was made for, and it remembers a digest of the last item it passed: if the
 * list changed under it so that the next page would skip or repeat items, the next call
 * says so rather than returning a page that does not add up.
 */

/** Where the next page starts: an offset into the whole list, or a page of the service's. */
export type Position =
  { offset: number; last?: string } | { pageToken?: string; skip: number; last?: string };

interface CursorText {
  /** Digest of the arguments the listing was made with. */
  a: string;
  o?: number;
  t?: string;
  s?: number;
  l?: string;
}

function digest(value: unknown): string {
  return crypto()
    .createHash('sha256')
    .update(canonicalJson(value))
    .digest('base64url')
    .slice(0, 16);
}

/** A digest of one item: a cursor holds it, never the item, which may be a secret. */
export const itemDigest = digest;

export function encodeCursor(args: unknown, position: Position): string {
  const text: CursorText = { a: digest(args) };
  if ('offset' in position) text.o = position.offset;
  else {
    if (position.pageToken !== undefined) text.t = position.pageToken;
    text.s = position.skip;
  }
  if (position.last !== undefined) text.l = position.last;
  return Buffer.from(JSON.stringify(text)).toString('base64url');
}

function malformed(): UsageError {
  return new UsageError('cursor is not one this listing gave', {
    hint: 'pass nextCursor exactly as returned, with the same arguments; or leave cursor out to start again',
  });
}

export function decodeCursor(cursor: string, args: unknown, servicePaged: boolean): Position {
  let text: CursorText;
  try {
    text = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorText;
  } catch {
    throw malformed();
  }
  if (typeof text !== 'object' || text === null) throw malformed();
  if (text.a !== digest(args)) {
    throw new UsageError('cursor belongs to a listing with other arguments', {
      hint: 'give the same arguments as the call that returned it (limit aside), or leave cursor out',
    });
  }
  const last = typeof text.l === 'string' ? { last: text.l } : {};
  if (!servicePaged && Number.isSafeInteger(text.o) && (text.o as number) >= 0) {
    return { offset: text.o as number, ...last };
  }
  if (servicePaged && Number.isSafeInteger(text.s) && (text.s as number) >= 0) {
    return {
      ...(typeof text.t === 'string' && { pageToken: text.t }),
      skip: text.s as number,
      ...last,
    };
  }
  throw malformed();
}

export function listChanged(): UsageError {
  return new UsageError('the listing changed since this cursor was made', {
    hint: 'leave cursor out to list again from the start',
  });
}

/** Items taken one by one until the count or the byte budget of JSON is reached. */
export class PageBuilder {
  readonly items: unknown[] = [];
  private bytes = 2;

  constructor(
    readonly limit: number,
    private readonly budget: number,
  ) {}

  get full(): boolean {
    return this.items.length >= this.limit;
  }

  /** False when the item does not fit; a page always takes its first item, so it moves on. */
  add(item: unknown): boolean {
    if (this.full) return false;
    const size = Buffer.byteLength(JSON.stringify(item) ?? 'null') + 1;
    if (this.items.length > 0 && this.bytes + size > this.budget) return false;
    this.bytes += size;
    this.items.push(item);
    return true;
  }
}
