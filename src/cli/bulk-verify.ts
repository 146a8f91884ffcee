import { operation, type OperationName } from '../catalogue/operations.js';
import type { Operation } from '../catalogue/types.js';
import { parseItemJson, type VerifiedItem } from '../bulk/index.js';
import { ApiError, UsageError } from '../errors/errors.js';
import type { HttpClient } from '../http/client.js';

/**
 * What a bulk command's input must name that only the service knows, read before anything
 * is sent, so that such a mistake is refused as bad input (exit 2) rather than sent:
 * - `folder`: the folder that `member` names, of the scope (`--to`) or of each item (a new
 *   parent), is the organization's (`root`, the top level, always is);
 * - `users`, `documents`: the users or documents the items name (their `column`) are the
 *   organization's.
 */
export type BulkVerify =
  { kind: 'folder'; member: string } | { kind: 'users' | 'documents'; column: string };

/** How the ids of a kind are read, 30 at a time, and what a missing one is called. */
const IDS_READ = {
  users: {
    operation: 'users.get',
    idsMember: 'userIds',
    more: { pageSize: 1000 },
    idField: 'userId',
    missing: (id: string, org: string) => `${id} is not a user of organization ${org}`,
    unreadable: 'reading users needs the advanced queries option',
  },
  documents: {
    operation: 'documents.get',
    idsMember: 'documentIds',
    more: {},
    idField: 'id',
    missing: (id: string, org: string) => `organization ${org} has no document ${id}`,
    unreadable: 'the service would not read them',
  },
} as const satisfies Record<
  string,
  {
    operation: OperationName;
    idsMember: string;
    more: object;
    idField: string;
    missing: (id: string, org: string) => string;
    /** Why the ids could not be read, when the service refuses the read as unavailable. */
    unreadable: string;
  }
>;

/** The checks of one run, given the request's members beside the items. */
interface Checks {
  /** What the members beside the items name; once a run. */
  scope(): Promise<void>;
  /** What the items name. */
  items(items: readonly VerifiedItem[]): Promise<void>;
}

/** The checks of one run, called with the items, a chunk at a time, once all are valid. */
export interface Verifier {
  check(items: readonly VerifiedItem[]): Promise<void>;
}

/** How many ids `users.get` and `documents.get` take at once (their documented maximum). */
const IDS_A_READ = 30;
/** How many problems a refusal names before it counts the rest. */
const NAMED = 5;

/** The value of `field` an item names: the item itself where items are ids. */
function fieldOf(item: VerifiedItem['item'], field: string): unknown {
  const parsed = parseItemJson<unknown>(item);
  return typeof parsed === 'string' ? parsed : (parsed as Record<string, unknown>)[field];
}

async function read<T>(client: HttpClient, name: OperationName, data: unknown): Promise<T> {
  return (await client.call<T>(operation(name) as Operation, data)).data as T;
}

function refusal(problems: readonly string[]): UsageError {
  const named = problems.slice(0, NAMED);
  const more = problems.length - named.length;
  return new UsageError(
    `${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}; nothing was sent`,
  );
}

/** What every check of a run is given. */
interface RunFacts {
  client: HttpClient;
  base: Readonly<Record<string, unknown>>;
  flagNames: Readonly<Record<string, string>>;
  info: (line: string) => void;
  organizationId: string;
}

export function verifier(
  rules: readonly BulkVerify[],
  client: HttpClient,
  base: Readonly<Record<string, unknown>>,
  flagNames: Readonly<Record<string, string>>,
  info: (line: string) => void,
): Verifier {
  const run = { client, base, flagNames, info, organizationId: String(base.organizationId) };
  const checks = rules.map((rule) =>
    rule.kind === 'folder' ? folderChecks(rule.member, run) : idChecks(rule.kind, rule.column, run),
  );
  let scoped: Promise<unknown> | undefined;
  return {
    async check(items) {
      await (scoped ??= Promise.all(checks.map((c) => c.scope())));
      for (const c of checks) await c.items(items);
    },
  };
}

/** The folder `member` names, of the scope or of each item, is the organization's. */
function folderChecks(member: string, run: RunFacts): Checks {
  const { client, base, flagNames, organizationId } = run;
  const checked = new Map<string, boolean>();
  /** Whether the organization has the folder, read once; `root`, the top level, it always has. */
  const has = async (folderId: string): Promise<boolean> => {
    if (folderId === 'root') return true;
    let known = checked.get(folderId);
    if (known === undefined) {
      try {
        await read(client, 'folders.get', { organizationId, folderId, maxDepth: 0 });
        known = true;
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 'NOT_FOUND') throw err;
        known = false;
      }
      checked.set(folderId, known);
    }
    return known;
  };
  const missing = (folderId: string) => `organization ${organizationId} has no folder ${folderId}`;
  return {
    async scope() {
      const folderId = base[member];
      if (typeof folderId !== 'string' || (await has(folderId))) return;
      throw refusal([`${flagNames[member] ?? member}: ${missing(folderId)}`]);
    },
    async items(items) {
      if (member in base) return;
      const problems: string[] = [];
      for (const { where, item } of items) {
        const folderId = fieldOf(item, member);
        if (typeof folderId === 'string' && !(await has(folderId))) {
          problems.push(`${where}: ${missing(folderId)}`);
        }
      }
      if (problems.length > 0) throw refusal(problems);
    },
  };
}

/** The users or documents the items name (their `column`) are the organization's. */
function idChecks(kind: keyof typeof IDS_READ, column: string, run: RunFacts): Checks {
  const { client, info, organizationId } = run;
  const reader = IDS_READ[kind];
  let checkable = true;
  return {
    scope: async () => undefined,
    async items(items) {
      const problems: string[] = [];
      for (let from = 0; checkable && from < items.length; from += IDS_A_READ) {
        const chunk = items.slice(from, from + IDS_A_READ).map((entry) => ({
          where: entry.where,
          id: String(fieldOf(entry.item, column)),
        }));
        const ids = [...new Set(chunk.map((entry) => entry.id))];
        let found: readonly Record<string, unknown>[];
        try {
          found = await read(client, reader.operation, {
            organizationId,
            [reader.idsMember]: ids,
            ...reader.more,
          });
        } catch (err) {
          // Reading users needs the workspace's advanced-queries option: without it, only the
          // service can tell, item by item, as it answers. Its words stay out of this line.
          if (!(err instanceof ApiError) || err.status !== 'FAILED_PRECONDITION') throw err;
          checkable = false;
          info(
            `could not check beforehand that the ${kind} are organization ${organizationId}'s (${reader.unreadable}): the service answers for each`,
          );
          break;
        }
        const known = new Set(found.map((entry) => entry[reader.idField]));
        for (const { where, id } of chunk) {
          if (!known.has(id)) problems.push(`${where}: ${reader.missing(id, organizationId)}`);
        }
      }
      if (problems.length > 0) throw refusal(problems);
    },
  };
}
