import { count } from '../../io/plural.js';

/** How many ids a message names before it says how many more there are. */
const NAMED_IDS = 5;

/** "u1, u2, u3, u4, u5 and 2 more" */
export function someIds(ids: readonly string[]): string {
  const more = ids.length - NAMED_IDS;
  return `${ids.slice(0, NAMED_IDS).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** "delete all data of 7 users (u1, u2, u3, u4, u5 and 2 more) in organizations acme, beta" */
export function purgeAction(
  userIds: readonly string[],
  orgs: readonly string[] | undefined,
): string {
  const who = `${count(userIds.length, 'user')} (${someIds(userIds)})`;
  const where = orgs?.length
    ? `in ${orgs.length === 1 ? 'organization' : 'organizations'} ${orgs.join(', ')}`
    : 'in every organization where they have data';
  return `delete all data of ${who} ${where}`;
}
