import { NotFoundError } from '../errors/errors.js';

/**
 * Ids asked for by name that a read left out of its answer. The service's reads by id
 * (documents) return what exists and say nothing of the rest, so svc says it, as the
 * service does where it reports a missing id itself: NOT_FOUND, exit 4.
 */
export function requireEveryId(
  kind: { one: string; many: string },
  asked: readonly string[],
  found: Iterable<string>,
  where: string,
): void {
  const present = new Set(found);
  const missing = asked.filter((id) => !present.has(id));
  if (missing.length === 0) return;
  throw new NotFoundError(
    missing.length === 1
      ? `${kind.one} ${missing[0]} does not exist in ${where}.`
      : `${kind.many} ${missing.join(', ')} do not exist in ${where}.`,
  );
}

/**
 * What an empty listing says on a terminal. The service answers a read of an organization
 * that does not exist as one of an empty organization, so the note says both.
 */
export function emptyListingNote(what: string, organizationId: string): string {
  return `No ${what} in organization ${organizationId} (or no such organization: the service does not tell them apart).`;
}

/**
 * `--limit N` of a listing: at most N items are printed, whichever way (table, lines,
 * `--json`, `--jq`), and a notice says how many more there were. One count for the whole
 * command, so that a listing printed a page at a time stops at N too.
 */
export class ListingLimit {
  private seen = 0;

  constructor(readonly max: number) {}

  /** The items of `items` still within the limit, counting them all. */
  take<T>(items: readonly T[]): T[] {
    const room = Math.max(0, this.max - this.seen);
    this.seen += items.length;
    return items.length <= room ? [...items] : items.slice(0, room);
  }

  /** The first members of a map (a result keyed by id) still within the limit. */
  takeEntries<T>(map: Readonly<Record<string, T>>): Record<string, T> {
    return Object.fromEntries(this.take(Object.entries(map)));
  }

  /** Counts one item; true when it is within the limit and is to be printed. */
  admit(): boolean {
    this.seen += 1;
    return this.seen <= this.max;
  }

  /** What to tell on stderr once the listing is printed, when the limit left items out. */
  notice(): string | undefined {
    if (this.seen <= this.max) return undefined;
    return `showing ${this.max} of ${this.seen} items; --limit ${this.max} left out ${this.seen - this.max}`;
  }
}
