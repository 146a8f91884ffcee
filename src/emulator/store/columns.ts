import * as z from 'zod';
import type { SqlValue } from './state.js';

/**
 * How a table's rows map to the records the rest of the emulator works with. Each table
 * declares once, member by member, which column holds what; writing a record and reading a
 * row are both built from that one declaration, so the two directions cannot drift apart.
 * Values travel by position, in the order of the columns: binding an array and reading rows
 * as arrays is cheaper than going by name, which bulk writes and long listings feel.
 */

/** A member kept in its column as something else: how it goes in and how it comes back. */
export interface Coded<Value, Stored extends SqlValue> {
  readonly column: string;
  // Methods, not function members: a map holding a narrower codec must still type-check.
  toColumn(value: Value): Stored;
  fromColumn(stored: Stored): Value;
}

/** A member spread over several columns: an object whose own members each have one. */
export interface Nested<Value> {
  readonly nested: Columns<Value>;
}

/** Checks what a column gives back, as zod schemas do. */
export interface Parser<T> {
  parse(value: unknown): T;
}

/**
 * The member types a column gives back as they are: any string, any number, bytes or null.
 * A narrower type (an enum's strings, a boolean) needs a codec that checks or converts.
 */
type Plain<V> = V extends string
  ? string extends V
    ? V
    : never
  : V extends number
    ? number extends V
      ? V
      : never
    : V extends Buffer | null
      ? V
      : never;

type MemberColumns<V> = ([V] extends [Plain<V>] ? string : never) | Coded<V, SqlValue> | Nested<V>;

/** Where each member of `R` is kept: a column name, a coded column, or nested columns. */
export type ColumnMap<R> = { readonly [K in keyof R]-?: MemberColumns<R[K]> };

/** One member, compiled: the loops below call these instead of inspecting the map each row. */
interface Member {
  key: string;
  columns: readonly string[];
  append(value: unknown, values: SqlValue[]): void;
  /** The member's value in a row whose first column is at `base`. */
  read(values: readonly SqlValue[], base: number): unknown;
}

function compile(
  key: string,
  spec: string | Coded<unknown, SqlValue> | Nested<unknown>,
  at: number,
): Member {
  if (typeof spec === 'string') {
    return {
      key,
      columns: [spec],
      append: (value, values) => values.push(value as SqlValue),
      read: (values, base) => values[base + at],
    };
  }
  if ('nested' in spec) {
    const inner = spec.nested;
    return {
      key,
      columns: inner.names,
      append: (value, values) => inner.append(value, values),
      read: (values, base) => inner.readAt(values, base + at),
    };
  }
  return {
    key,
    columns: [spec.column],
    append: (value, values) => values.push(spec.toColumn(value)),
    read: (values, base) => spec.fromColumn(values[base + at] as SqlValue),
  };
}

/** The two directions of one column map. */
export class Columns<R> {
  /** Every column the map fills, in the order of the members. */
  readonly names: readonly string[];
  private readonly members: Member[] = [];

  constructor(map: ColumnMap<R>) {
    const specs = map as Record<string, string | Coded<unknown, SqlValue> | Nested<unknown>>;
    let at = 0;
    for (const [key, spec] of Object.entries(specs)) {
      const member = compile(key, spec, at);
      this.members.push(member);
      at += member.columns.length;
    }
    this.names = this.members.flatMap((member) => member.columns);
  }

  /** Appends the record's column values to `values`, in the order of `names`. */
  append(record: R, values: SqlValue[]): SqlValue[] {
    const fields = record as Record<string, unknown>;
    for (const member of this.members) member.append(fields[member.key], values);
    return values;
  }

  /** The record held by a row's values from `base` on; members come in the map's order. */
  readAt(values: readonly SqlValue[], base: number): R {
    const record: Record<string, unknown> = {};
    for (const member of this.members) record[member.key] = member.read(values, base);
    return record as R;
  }

  /** The record a row holds, its values in the order of `names`. */
  readonly fromValues = (values: readonly SqlValue[]): R => this.readAt(values, 0);
}

/** The columns of records `R`, from a map with an entry for each member, in the record's order. */
export function tableColumns<R>(map: ColumnMap<R>): Columns<R> {
  return new Columns(map);
}

/** A member kept in its column by the given conversions. */
export function coded<Value, Stored extends SqlValue>(
  column: string,
  toColumn: (value: Value) => Stored,
  fromColumn: (stored: Stored) => Value,
): Coded<Value, Stored> {
  return { column, toColumn, fromColumn };
}

/** A boolean, kept as 0 or 1. */
export const flag = (column: string) =>
  coded(
    column,
    (value: boolean): number => (value ? 1 : 0),
    (stored: number) => stored === 1,
  );

/** A value kept as itself, whose column may hold any value of its kind: read through `parser`. */
export const checked = <Value extends SqlValue>(column: string, parser: Parser<Value>) =>
  coded(
    column,
    (value: Value): SqlValue => value,
    (stored: SqlValue) => parser.parse(stored),
  );

/** A value kept as JSON text; `read` gives back the parsed value its type. */
export const json = <Value>(column: string, read: (parsed: unknown) => Value) =>
  coded(
    column,
    (value: Value) => JSON.stringify(value),
    (stored: string) => read(JSON.parse(stored)),
  );

const listOfStrings = z.array(z.string());

/** A list of strings, kept as JSON text (a key's domains, a folder's ancestors). */
export const stringList = (column: string) => json(column, (parsed) => listOfStrings.parse(parsed));

/** Bytes, kept as a BLOB: the column's Buffer shares the bytes rather than copying them. */
export const bytes = (column: string) =>
  coded(
    column,
    (value: Uint8Array) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
    (stored: Buffer): Uint8Array => stored,
  );

/** A member whose object is spread over several columns, mapped by its own column map. */
export const nested = <Value>(columns: Columns<Value>): Nested<Value> => ({ nested: columns });

/** An INSERT of the columns, their values bound by position in the same order. */
export function insertSql(table: string, columns: readonly string[]): string {
  const values = columns.map(() => '?');
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${values.join(', ')})`;
}
