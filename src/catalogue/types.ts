import type * as z from 'zod';

/** Which headers an operation needs (spec, "Authentication"). */
export type AuthLevel = 'public' | 'workspace' | 'key';

/**
 * How the success body is shaped (spec, "Common request and response shapes"):
 * - standard: `{result: {status, message, data}}`
 * - top-level: `{status, message, data, statusCode}` with HTTP 202 (user-data deletion)
 * - ai: `{result: {success, text | error}}`
 * - no-data: `{result: {status, message}}` (CRDT update)
 */
export type EnvelopeKind = 'standard' | 'top-level' | 'ai' | 'no-data';

/**
 * How a result is laid out as rows for the table and TSV output:
 * - list: `data` is an array, one row per element;
 * - map: `data` is an object keyed by id, one row per member (the key is the `key` column);
 * - record: `data` is one object, one row.
 */
export type RowShape = 'list' | 'map' | 'record';

export interface Column {
  header: string;
  /** Dotted path into a row; `key` is the member name for map-shaped results. */
  path: string;
}

export interface TableLayout {
  rows: RowShape;
  /** Dotted path inside `data` where the rows are, when they are not `data` itself. */
  at?: string;
  columns: readonly Column[];
}

/** A bulk operation: one array in `data` that the CLI may split into batches. */
export interface BulkSpec {
  /** The member of `data` that holds the items. */
  itemsField: string;
  /** The field of an item that keys the per-item result (absent when items are plain ids). */
  idField?: string;
  /** The largest batch the service accepts; the documented limit where there is one. */
  maxBatch: number;
}

/**
 * Which requests of an operation replace existing content:
 * - `unlessTrue`: all but those where this member is `true` (`merge: true` merges instead);
 * - `itemCarries`: those where an item of the bulk list carries this field (`id`). Whether an
 *   item of that id exists is known only to the service, so every such request counts.
 */
export type OverwriteRule = { unlessTrue: string } | { itemCarries: string };

export interface Operation<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** The spec's operation number; 28 is the deletion-status call of `docs/wire-notes.md`. */
  number: number;
  /** Stable dotted name, e.g. `workspace.create`. */
  name: string;
  summary: string;
  path: string;
  version: 'v1' | 'v2';
  auth: AuthLevel;
  envelope: EnvelopeKind;
  /** HTTP status of a success answer. */
  successStatus: 200 | 202;
  /** Schema of the request body's `data`. */
  request: Req;
  /** Schema of the decoded payload: `result.data`, the AI result, or `undefined` for no-data. */
  response: Res;
  /** Reads only; `--dry-run` applies to everything else. */
  readOnly: boolean;
  /** Resending it cannot change the outcome, so it may be retried after an unknown outcome. */
  idempotent: boolean;
  /** Removes or switches off data: confirmation required. */
  destructive: boolean;
  /**
   * Where only some requests remove or switch off data, the fields that make one do so:
   * `{disabled: true}` switches access off, while `{disabled: false}` only restores it.
   */
  destructiveWhen?: Readonly<Record<string, unknown>>;
  /**
   * Replaces content that may already exist, rather than adding to it: MCP confirms such a
   * request as a destructive one, and `--dry-run` and `--debug` say so. Absent means false.
   */
  overwrites?: boolean;
  /** Where only some requests replace content, the rule that says which. */
  overwritesWhen?: OverwriteRule;
  /** May take minutes to answer (user-data deletion): uses the long request timeout. */
  slow: boolean;
  /**
   * Reaches past the workspace's own data: sends an email to any address, or text to a
   * third-party AI provider. Absent means false.
   */
  openWorld?: boolean;
  bulk?: BulkSpec;
  table: TableLayout;
}
