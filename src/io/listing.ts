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
