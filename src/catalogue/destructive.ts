import type { Operation, OverwriteRule } from './types.js';

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

/**
 * Why a request with these members replaces existing content, in a notice's words; undefined
 * when it does not (or, with only a command's fixed fields, cannot be known to).
 */
export function overwriteReason(
  op: Pick<Operation, 'overwrites' | 'overwritesWhen' | 'bulk'>,
  members: Readonly<Record<string, unknown>> = {},
): string | undefined {
  if (op.overwrites !== true) return undefined;
  const rule = op.overwritesWhen;
  if (rule === undefined) return 'every request of it replaces the content it names';
  if ('unlessTrue' in rule) {
    return members[rule.unlessTrue] === true
      ? undefined
      : `without ${rule.unlessTrue}: true it replaces the whole value`;
  }
  if ('changes' in rule) {
    const { set, off } = changesOf(rule, members);
    const what = [...set, ...off.map((path) => `${path}: false`)];
    return what.length === 0
      ? undefined
      : `it changes where webhooks go or how they are protected (${what.join(', ')})`;
  }
  const items = op.bulk ? members[op.bulk.itemsField] : undefined;
  const carrying = Array.isArray(items)
    ? items.filter(
        (item: unknown) =>
          typeof item === 'object' &&
          item !== null &&
          (item as Record<string, unknown>)[rule.itemCarries] !== undefined,
      ).length
    : 0;
  return carrying === 0
    ? undefined
    : `${carrying} item(s) carry ${rule.itemCarries}: an existing one of that ${rule.itemCarries} is replaced`;
}

type ChangesRule = Extract<OverwriteRule, { changes: readonly string[] }>;

/** The members a request sets, and the switches it turns off, of a `changes` rule. */
export function changesOf(
  rule: ChangesRule,
  members: Readonly<Record<string, unknown>>,
): { set: string[]; off: string[] } {
  return {
    set: rule.changes.filter((path) => memberAt(members, path) !== undefined),
    off: (rule.switchesOff ?? []).filter((path) => memberAt(members, path) === false),
  };
}

/** The member at a dotted path of a request's `data`, if any. */
export function memberAt(members: Readonly<Record<string, unknown>>, path: string): unknown {
  let at: unknown = members;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** Which requests of the operation replace content, as a tool's description says it. */
export function overwriteRuleWords(
  op: Pick<Operation, 'overwrites' | 'overwritesWhen'>,
): string | undefined {
  if (op.overwrites !== true) return undefined;
  const rule = op.overwritesWhen;
  if (rule === undefined) return 'Every call replaces the content it names';
  if ('unlessTrue' in rule) {
    return `A call without ${rule.unlessTrue}: true replaces the whole value; with it, the call merges and acts at once`;
  }
  if ('changes' in rule) {
    const off = (rule.switchesOff ?? []).map((path) => `sets ${path} to false`);
    const set = rule.changes.length > 0 ? [`sets ${rule.changes.join(' or ')}`] : [];
    return `A call that ${[...set, ...off].join(' or ')} changes where webhooks go or how they are protected, and is confirmed as an overwrite; other calls act at once`;
  }
  return `A call where an item carries ${rule.itemCarries} replaces any existing item of that ${rule.itemCarries} (only the service knows whether one exists, so every such call counts); other calls act at once`;
}

/**
 * Whether some requests of the operation, given the fields a command fixes, remove, switch
 * off or replace data: what MCP serves only with `--allow-destructive`, hinted destructive.
 */
export function mayDestroy(
  op: Pick<Operation, 'destructive' | 'destructiveWhen' | 'overwrites' | 'overwritesWhen'>,
  fixed: Readonly<Record<string, unknown>> = {},
): boolean {
  if (isDestructive(op, fixed)) return true;
  if (op.overwrites !== true) return false;
  const rule = op.overwritesWhen;
  return !(rule !== undefined && 'unlessTrue' in rule && fixed[rule.unlessTrue] === true);
}

/** What a confirmation is about: how many items, and which, when the request names them. */
export interface ConfirmSubject {
  count?: number;
  /** The ids of the items, or of the first few of `count` (a long bulk input). */
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
