import * as z from 'zod';
import { describeJsonExcess, findJsonExcess } from '../catalogue/limits.js';
import { MAX_BATCH_BYTES } from '../catalogue/operations.js';
import type { BulkSpec, Operation } from '../catalogue/types.js';
import { formatIssues } from '../http/validation.js';
import { fieldsOf, knownFieldsOnly, unknownField, type FieldTree } from './fields.js';

export type ParsedItem<Item> =
  | { ok: true; item: Item }
  | {
      ok: false;
      message: string;
      /** What fixes this kind of problem, said once. */ hint?: string;
    };

/**
 * What one bulk command's items are: how a row as read becomes a wire item, and what ties
 * items together. Build it from the catalogue with `objectItems` or `idItems`; a command
 * whose items need more (defaults from flags, renamed columns) can write its own.
 */
export interface BulkInput<Item> {
  /** The largest batch the service accepts (the catalogue's `maxBatch`). */
  maxBatch: number;
  /** The most a batch's items may take as JSON (the catalogue's `MAX_BATCH_BYTES`). */
  maxBatchBytes: number;
  /** Turns one row (a JSON value, or a CSV row of strings) into a wire item, or says why not. */
  parse(value: unknown): ParsedItem<Item>;
  /**
   * The item's id: the key of its result, unique within the input, and what dependencies
   * refer to. Items without one are keyed by where they came from (`line 7`).
   */
  idOf?: (item: Item) => string | undefined;
  /** The id's wire name, for messages (`folderId`). */
  idName?: string;
  /** The id of another item that must exist first (a folder's parent). */
  dependsOn?: (item: Item) => string | undefined;
  /** That reference's wire name, for messages (`parentFolderId`). */
  dependsOnName?: string;
  /** For lists of ids: the CSV column that holds them; without that header, one id a line. */
  idColumn?: string;
  /**
   * For a list of ids one a line: whether its first line is a header (`--header`) or an id
   * (`--no-header`); undefined refuses a first line that may be either (id-lines.ts).
   */
  idHeader?: boolean;
  /** The fields an item may have; any other is refused (see `checkingFields`). */
  fields?: FieldTree;
}

/** An object item as it goes on the wire. */
export type WireObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is WireObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function stringField(item: WireObject, field: string): string | undefined {
  const value = item[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The schema of one item: the element of the array at `data[itemsField]` in the
 * operation's request schema. The catalogue's request schemas are objects (a refinement in
 * zod 4 keeps the object), so this only fails for an operation that is not bulk.
 */
function itemSchema(op: Operation): { spec: BulkSpec; element: z.ZodType } {
  const spec = op.bulk;
  const member =
    spec && op.request instanceof z.ZodObject ? op.request.shape[spec.itemsField] : undefined;
  // Items that a request may leave out for another way of naming them (`deleteAll`).
  const field = member instanceof z.ZodOptional ? member.unwrap() : member;
  if (!spec || !(field instanceof z.ZodArray)) {
    throw new Error(`${op.name} has no array of items to read from a file`);
  }
  return { spec, element: field.element as z.ZodType };
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The issues as a message, a required field that is absent said to be `missing`. */
function describeIssues(issues: readonly z.core.$ZodIssue[], value: unknown): string {
  return formatIssues(
    issues.map((issue) =>
      issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined
        ? { ...issue, message: 'missing' }
        : issue,
    ),
  );
}

/** The levels above an item in the request body: the body, `data` and the items array. */
const ITEM_DEPTH = 3;

/**
 * Items that are objects (folders, documents, groups, activities): each row is validated
 * with the element schema, and the output is what is sent. A field the schema does not
 * name is refused by `checkingFields`.
 * `dependsOn` names the field that refers to another item's id (`parentFolderId`).
 */
export function objectItems(
  op: Operation,
  options: { dependsOn?: string } = {},
): BulkInput<WireObject> {
  const { spec, element } = itemSchema(op);
  const { idField } = spec;
  const dependsOnField = options.dependsOn;
  const fields = fieldsOf(element);
  return {
    maxBatch: spec.maxBatch,
    maxBatchBytes: MAX_BATCH_BYTES,
    ...(fields && { fields }),
    parse(value) {
      if (!isPlainObject(value)) {
        return { ok: false, message: `expected an object, found ${kindOf(value)}` };
      }
      // Here rather than when a batch is sent, so that nothing is sent when an item is past them.
      const excess = findJsonExcess(value, { depthAbove: ITEM_DEPTH });
      if (excess) return { ok: false, message: describeJsonExcess(excess) };
      const parsed = element.safeParse(value);
      if (!parsed.success)
        return { ok: false, message: describeIssues(parsed.error.issues, value) };
      return { ok: true, item: parsed.data as WireObject };
    },
    ...(idField !== undefined && {
      idOf: (item: WireObject) => stringField(item, idField),
      idName: idField,
    }),
    ...(dependsOnField !== undefined && {
      dependsOn: (item: WireObject) => stringField(item, dependsOnField),
      dependsOnName: dependsOnField,
    }),
  };
}

/**
 * Items that are plain ids (`documentIds`, `organizationIds`, `userIds`): a row is either
 * the id itself (a JSON string) or an object whose `column` holds it, so a CSV with a
 * `documentId` header works as well as `["d1","d2"]`. Other columns are refused, as extra
 * fields of object items are.
 */
export function idItems(
  op: Operation,
  column: string,
  options: { header?: boolean } = {},
): BulkInput<string> {
  const { spec, element } = itemSchema(op);
  const check = (value: unknown): ParsedItem<string> => {
    const parsed = element.safeParse(value);
    if (!parsed.success) {
      return { ok: false, message: `${column}: ${formatIssues(parsed.error.issues)}` };
    }
    return { ok: true, item: String(parsed.data) };
  };
  return {
    maxBatch: spec.maxBatch,
    maxBatchBytes: MAX_BATCH_BYTES,
    parse(value) {
      if (typeof value === 'string') return check(value);
      if (!isPlainObject(value)) {
        return {
          ok: false,
          message: `expected a ${column} or an object with ${column}, found ${kindOf(value)}`,
        };
      }
      if (value[column] === undefined) return { ok: false, message: `${column}: missing` };
      return check(value[column]);
    },
    idOf: (id) => id,
    idName: column,
    idColumn: column,
    ...(options.header !== undefined && { idHeader: options.header }),
    fields: new Map([[column, undefined]]),
  };
}

/**
 * `input` refusing items with a field it does not know, which would otherwise be dropped
 * or passed on unread (a `parentFolderID` column leaves a folder at the root), naming the
 * nearest known field. With `allowUnknown` (files exported from elsewhere), such fields are
 * left out of what is sent instead.
 */
export function checkingFields<Item>(
  input: BulkInput<Item>,
  allowUnknown: boolean,
): BulkInput<Item> {
  const { fields } = input;
  if (!fields) return input;
  return {
    ...input,
    parse(value) {
      if (!isPlainObject(value)) return input.parse(value);
      if (allowUnknown) return input.parse(knownFieldsOnly(value, fields));
      const unknown = unknownField(value, fields);
      if (unknown === undefined) return input.parse(value);
      return {
        ok: false,
        message: unknown,
        hint: '--allow-unknown-fields leaves out the fields the command does not know',
      };
    },
  };
}
