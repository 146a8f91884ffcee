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
  /**
   * The value is free text (a message, a summary), which a narrow terminal may wrap at its
   * spaces. Any other value (an id, a name, an enum, a status, a time) is copied into the next
   * command or compared whole, so it is never wrapped or cut (docs/cli-contract.md, "Output").
   */
  wraps?: true;
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
 *   item of that id exists is known only to the service, so every such request counts;
 * - `changes`: those that set where webhooks go or how they are protected.
 */
export type OverwriteRule =
  | { unlessTrue: string }
  | { itemCarries: string }
  | {
      /**
       * Where the request sends what it carries: it replaces the receiver (or its
       * credential) when it sets any of `changes` (dotted paths into `data`), or switches
       * off any of `switchesOff` (sets it to false).
       */
      changes: readonly string[];
      switchesOff?: readonly string[];
      /**
       * The read whose answer to `{}` holds the current values at the same paths, for the
       * person asked to confirm to see the old value beside the new one.
       */
      currentFrom?: string;
      /**
       * When that read lists many (`list`: the member of its answer that holds them), the item
       * whose `key` equals the request's `matches` member: an endpoint by its id. The read is
       * followed page by page through its `iterator` until the item is found.
       */
      currentItem?: { list: string; key: string; matches: string };
    };

/**
 * A value of an example's `data` that a fresh emulator cannot know in advance: an id or key
 * that an earlier call made. `answer` is a dotted path into the `data` of the answer to the
 * example of `ExampleStep.after`; `credential` is one of the caller's own credentials.
 */
export type ExampleValue = { answer: string } | { credential: 'apiKey' };

/**
 * One request a user could send, as the OpenAPI document shows it: it works when sent with
 * the credentials of the first workspace of examples/fixtures/basic.json to
 * `svc emulator start --seed examples/fixtures/basic.json`, fresh, once the example it comes
 * `after` (if any, and that one's own, in turn) has been sent.
 */
export interface OperationExample {
  /** What it does, in a few words. */
  summary: string;
  /** The request body's `data`, valid against the operation's request schema. */
  data: Readonly<Record<string, unknown>>;
  /** The operation whose example must be sent first, on the same emulator. */
  after?: string;
  /**
   * Members of `data` that hold a stand-in, to be replaced by what this says; `data` shows a
   * readable stand-in such as `<migrationId from documentsMigrate>`.
   */
  fill?: Readonly<Record<string, ExampleValue>>;
  /**
   * Why a fresh emulator answers this example with `success: false` (a 200 that says what
   * is missing), as the service would; absent, every `success` in the answer is true.
   */
  unsuccessful?: string;
  /**
   * Lists of the answer that a fresh emulator answers empty, and why (the emulator keeps
   * none of their items); absent, every list of the answer has items.
   */
  emptyLists?: { names: readonly string[]; why: string };
}

/**
 * How the service pages a read: the request takes `pageSize` and `pageToken`, and the answer
 * names the next page beside `data` in `result`, under the member `next`. The catalogue adds
 * the two request members to the operation's schema; the HTTP core, the emulator's envelope,
 * OpenAPI, `svc schema`, the paged commands and the MCP cursors all read this.
 */
export interface Paging {
  /** The answer's member that holds the next page's token (absent or empty: the last page). */
  next: 'nextPageToken' | 'pageToken';
  /** The page size when the request gives none, as documented. */
  defaultPageSize: number;
  /** The largest `pageSize` accepted: the documented maximum, or svc's decision. */
  maxPageSize: number;
  /**
   * The request takes no `pageSize`: every page holds up to `defaultPageSize` items (of each
   * list, where `data` holds several). The user-data export (113) pages so.
   */
  fixedPageSize?: true;
}

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
  /**
   * A bulk write whose items do not all succeed is answered as an error, `INTERNAL` (HTTP
   * 500), whose `details` map each item to its result: the per-item answer, not a failure
   * to retry (operations 120, 121).
   */
  itemResultsOnFailure?: boolean;
  /** Reads a page at a time: how the service pages it. */
  paging?: Paging;
  table: TableLayout;
  /** A request a user could send to a fresh emulator, shown in the OpenAPI document. */
  example: OperationExample;
}
