import type { Operation } from './types.js';

/**
 * Whether a request with these members removes or switches off data. `members` may be a
 * whole request's `data` or only the fields a command fixes (`docs enable` fixes
 * `disabled: false`), so the same answer serves the send-time check and the command tree.
 */
export function isDestructive(
  op: Pick<Operation, 'destructive' | 'destructiveWhen'>,
  members: Readonly<Record<string, unknown>> = {},
): boolean {
  if (!op.destructive) return false;
  if (!op.destructiveWhen) return true;
  return Object.entries(op.destructiveWhen).every(([field, value]) => members[field] === value);
}

/** What a confirmation is about: how many items, and which, when the request names them. */
export interface ConfirmSubject {
  count?: number;
  ids?: readonly string[];
}

/** The items one request of a bulk operation carries, as a confirmation counts them. */
export function subjectOf(op: Pick<Operation, 'bulk'>, data: unknown): ConfirmSubject {
  const items =
    op.bulk && typeof data === 'object' && data !== null
      ? (data as Record<string, unknown>)[op.bulk.itemsField]
      : undefined;
  if (!Array.isArray(items)) return {};
  const idField = op.bulk?.idField;
  const ids = items
    .map((item: unknown) =>
      idField && typeof item === 'object' && item !== null
        ? (item as Record<string, unknown>)[idField]
        : item,
    )
    .filter((id): id is string => typeof id === 'string');
  return { count: items.length, ids };
}
