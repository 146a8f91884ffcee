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

/** The most organizations read to find the names of the users a purge names. */
const MOST_ORGANIZATIONS = 20;

type Row = Record<string, unknown>;
const rowsOf = (data: unknown): Row[] =>
  Array.isArray(data) ? data.filter((r): r is Row => typeof r === 'object' && r !== null) : [];

/**
 * The users a purge names, with the name and email the service knows for each: read from
 * the users of the organizations it covers, at most MOST_ORGANIZATIONS of them. A user
 * found nowhere is named by id alone.
 */
async function purgedUsers(
  rt: Runtime,
  data: Readonly<Record<string, unknown>>,
  signal: AbortSignal,
): Promise<Map<string, Row>> {
  const userIds = (data.userIds as string[] | undefined) ?? [];
  const found = new Map<string, Row>();
  const client = await rt.client();
  const given = data.organizationIds as string[] | undefined;
  const organizations =
    given ??
    rowsOf(
      (await client.call(operation('organizations.get') as Operation, {}, { signal })).data,
    ).map((o) => o.id as string);
  for (const organizationId of organizations.slice(0, MOST_ORGANIZATIONS)) {
    const missing = userIds.filter((id) => !found.has(id));
    if (missing.length === 0) break;
    const answer = await client.call(
      operation('users.get') as Operation,
      { organizationId, userIds: missing.slice(0, 30) },
      { signal },
    );
    for (const user of rowsOf(answer.data)) {
      if (typeof user.userId === 'string') found.set(user.userId, user);
    }
  }
  return found;
}

/**
 * What the person is told besides the preview, where the service can say more: the names
 * and emails of the users a purge deletes, the editor content a CRDT update replaces, the
 * activities of those ids an add replaces. Each line is svc's words with the service's data
 * as JSON (`show`); a read that fails is told, not hidden.
 */
export async function aboutOf(
  rt: Runtime,
  op: Operation,
  data: Readonly<Record<string, unknown>>,
  signal: AbortSignal,
  show: (value: unknown, max?: number) => string,
): Promise<string[]> {
  const lines: string[] = [];
  try {
    if (op.name === 'users.purge') {
      const given = data.organizationIds as string[] | undefined;
      lines.push(
        given === undefined
          ? 'It deletes all data of these users in every organization of the workspace.'
          : `It deletes all data of these users in the organizations ${show(given)}.`,
        'It cannot be undone. It runs as a job on the service, which goes on once started.',
      );
      const users = await purgedUsers(rt, data, signal);
      for (const id of (data.userIds as string[] | undefined) ?? []) {
        const user = users.get(id);
        lines.push(
          user === undefined
            ? `User ${show(id)}: not found in the organizations read`
            : `User ${show(id)}: name ${show(user.name ?? null)}, email ${show(user.email ?? null)}`,
        );
      }
    } else if (op.name === 'crdt.update') {
      const client = await rt.client();
      const read = {
        organizationId: data.organizationId,
        documentId: data.documentId,
        editorId: data.editorId,
      };
      const answer = await client.call(operation('crdt.get') as Operation, read, { signal });
      const now = rowsOf(answer.data).find((r) => r.id === data.editorId);
      lines.push(
        now === undefined
          ? 'The editor has no content yet.'
          : `Content now: ${show(rt.redactor.json(now.data ?? null), 400)}`,
        `Content then: ${show(data.data ?? null, 400)}`,
      );
    } else if (op.name === 'activities.add') {
      const ids = rowsOf(data.activities)
        .map((a) => a.id)
        .filter((id): id is string => typeof id === 'string');
      if (ids.length > 0) {
        const client = await rt.client();
        const read = { organizationId: data.organizationId, activityIds: ids.slice(0, 100) };
        const answer = await client.call(operation('activities.get') as Operation, read, {
          signal,
        });
        const now = rowsOf(answer.data);
        for (const id of ids) {
          const existing = now.find((a) => a.id === id);
          lines.push(
            existing === undefined
              ? `Activity ${show(id)}: none exists now, so nothing is replaced`
              : `Activity ${show(id)} now: ${show(rt.redactor.json(existing), 300)}`,
          );
        }
      }
    }
  } catch (err) {
    lines.push(
      `What the call acts on could not be read first: ${show(err instanceof Error ? err.message : 'the read failed')}`,
    );
  }
  return lines;
}
