import { changesOf, memberAt } from '../catalogue/destructive.js';
import { operation, type OperationName } from '../catalogue/operations.js';
import type { Operation } from '../catalogue/types.js';
import type { Runtime } from './runtime.js';

/** How many pages of a listing are read to find the item a call changes. */
const MOST_PAGES = 20;

/** What the person sees of a member's value now: read, or why it could not be. */
export type Current = { values: Record<string, unknown> } | { unread: string };

/**
 * The values a call would replace, as they are now, for the question put to the person:
 * read with the operation the catalogue names for it (`currentFrom`), the members the call
 * changes picked from its answer, secret ones masked. Undefined where the catalogue names no
 * such read or the call changes nothing it covers.
 */
export async function currentOf(
  rt: Runtime,
  op: Operation,
  data: Readonly<Record<string, unknown>>,
  signal: AbortSignal,
): Promise<Current | undefined> {
  const rule = op.overwritesWhen;
  if (rule === undefined || !('changes' in rule) || rule.currentFrom === undefined) return;
  const { set, off } = changesOf(rule, data);
  const paths = [...set, ...off];
  if (paths.length === 0) return undefined;
  try {
    const read = operation(rule.currentFrom as OperationName) as Operation;
    const client = await rt.client();
    const item = rule.currentItem;
    let now: Record<string, unknown> | undefined;
    let request: Record<string, unknown> = {};
    for (let page = 0; page < MOST_PAGES; page++) {
      const answer = (await client.call(read, request, { signal })).data as Record<string, unknown>;
      if (item === undefined) {
        now = answer;
        break;
      }
      const listed = answer?.[item.list];
      now = (Array.isArray(listed) ? (listed as Record<string, unknown>[]) : []).find(
        (entry) => entry?.[item.key] === data[item.matches],
      );
      const iterator = answer?.iterator;
      if (now !== undefined || answer?.done !== false || typeof iterator !== 'string') break;
      request = { iterator };
    }
    if (now === undefined && item !== undefined)
      return {
        unread: `none of the ${item.list} has ${item.key} ${JSON.stringify(data[item.matches])}`,
      };
    const values: Record<string, unknown> = {};
    for (const path of paths) {
      const name = path.split('.').at(-1) ?? path;
      // By its name, as every result is: an auth token stays masked.
      const masked = rt.redactor.json({ [name]: memberAt(now ?? {}, path) ?? null });
      values[path] = (masked as Record<string, unknown>)[name];
    }
    return { values };
  } catch (err) {
    return { unread: err instanceof Error ? err.message : 'the read failed' };
  }
}
