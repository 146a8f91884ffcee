import {
  batchBody,
  failedFirst,
  idItems,
  objectItems,
  runBulk,
  throwIfAnyFailed,
  type BulkInput,
  type ItemJson,
  type ItemResult,
  type ResultMap,
  type Progress,
  type Notices,
  type SourceSpec,
  parseItemJson,
  unknownOutcome,
} from '../bulk/index.js';
import * as z from 'zod';
import { isDestructive, overwriteReason } from '../catalogue/destructive.js';
import { operation } from '../catalogue/operations.js';
import type { Operation, TableLayout } from '../catalogue/types.js';
import type { BulkRow } from './declare/bulk.js';
import { keepHeapSmall } from './heap.js';
import type { OptionRecord } from './declare/options.js';
import { formatIssues } from '../http/validation.js';
import { OutcomeUnknownError, TimeoutError, UsageError } from '../errors/errors.js';
import { tsvLine } from '../io/format.js';
import type { JsonSpool } from '../io/json-spool.js';
import { count } from '../io/plural.js';
import { startSpinner, type Spinner } from '../io/spinner.js';
import type { TextSpool } from '../io/text-spool.js';
import { openRunProgress, withResumeAdvice } from './bulk-progress.js';
import type { BulkFlags } from './bulk-options.js';
import type { Context } from './context.js';
import { printBulkDryRun } from './bulk-dry-run.js';
import { verifier, type BulkVerify } from './bulk-verify.js';

export interface BulkCommand<Item> {
  op: Operation;
  /** Members of `data` besides the items (`organizationId`, `disabled`…). */
  base: Record<string, unknown>;
  items: BulkInput<Item>;
  /** The items the flags describe, used when there is no `--file`. */
  fromFlags: readonly unknown[] | undefined;
  /** The flags that describe one item, named when neither they nor `--file` are given. */
  itemFlags: string;
  /** The flag each wire field of `fromFlags` comes from, so that messages name the flag. */
  flagNames?: Readonly<Record<string, string>>;
  /**
   * For operations that answer once for the whole batch (`{success, message}`) rather than
   * per item: that answer, given to each item of the batch.
   */
  batchAnswer?: boolean;
  /** A batch that may be resent safely, though the operation in general may not be. */
  idempotent?: (items: readonly Item[]) => boolean;
  /** What the input names that the service must already have (bulk-verify.ts). */
  verify?: readonly BulkVerify[];
}

/**
 * Checks the members of `data` beside the items before any item is read, so that a bad
 * `--org` is named as the flag rather than as a field of the request.
 */
function checkBase(
  op: Operation,
  base: Record<string, unknown>,
  flagNames: Readonly<Record<string, string>> = {},
): void {
  const shape =
    op.request instanceof z.ZodObject ? (op.request.shape as Record<string, z.ZodType>) : {};
  for (const [field, value] of Object.entries(base)) {
    const checked = shape[field]?.safeParse(value);
    if (checked && !checked.success) {
      throw new UsageError(`${flagNames[field] ?? field}: ${formatIssues(checked.error.issues)}`);
    }
  }
}

function sourceOf(flags: BulkFlags, spec: BulkCommand<unknown>): SourceSpec {
  // `--doc ,` leaves an empty list: as good as no flag at all.
  const fromFlags = spec.fromFlags?.length ? spec.fromFlags : undefined;
  if (flags.file !== undefined && fromFlags) {
    throw new UsageError(`give either --file or ${spec.itemFlags}, not both`);
  }
  if (flags.file !== undefined) return flags.file;
  if (!fromFlags) throw new UsageError(`give ${spec.itemFlags}, or --file PATH`);
  return {
    values: fromFlags,
    label: 'the flags',
    ...(spec.flagNames && { flags: spec.flagNames }),
  };
}

/**
 * Runs one row of the bulk table: its scope flags and fixed fields become the members of
 * `data` beside the items, and its item flags describe one item when there is no `--file`.
 */
export async function runBulkRow(
  ctx: Context,
  opts: BulkFlags & Record<string, unknown>,
  row: BulkRow<OptionRecord>,
): Promise<void> {
  const op = operation(row.operation);
  const flagOf = (key: string) => row.options[key]?.build().long ?? key;
  const scope = Object.entries(row.scope ?? {});
  // A scope field may be a path into the request (`config.inbox`), as an item's may.
  const base = {
    ...nested(
      scope.filter(([, key]) => opts[key] !== undefined).map(([field, key]) => [field, opts[key]]),
    ),
    ...row.fixed,
  };
  const flagNames: Record<string, string> = Object.fromEntries(
    scope.map(([field, key]) => [field, flagOf(key)]),
  );
  let items: BulkInput<unknown>;
  let fromFlags: readonly unknown[] | undefined;
  if ('ids' in row.item) {
    const header = opts.header === undefined ? {} : { header: opts.header };
    items = idItems(op, row.item.column, header) as BulkInput<unknown>;
    fromFlags = opts[row.item.ids] as string[] | undefined;
    flagNames[row.item.column] = flagOf(row.item.ids);
  } else {
    items = objectItems(
      op,
      row.dependsOn ? { dependsOn: row.dependsOn } : {},
    ) as BulkInput<unknown>;
    const fields = Object.entries(row.item.fields);
    for (const [path, key] of fields) {
      flagNames[path] = flagOf(key);
      // A nested object missing as a whole is named by its first field's flag.
      const parent = path.split('.')[0] ?? path;
      flagNames[parent] ??= flagOf(key);
    }
    const given = fields.filter(([, key]) => opts[key] !== undefined);
    fromFlags =
      given.length > 0 ? [nested(given.map(([path, key]) => [path, opts[key]]))] : undefined;
  }
  await runBulkCommand(ctx, opts, {
    op,
    base,
    items,
    fromFlags,
    itemFlags: row.itemFlags,
    flagNames,
    ...(row.batchAnswer && { batchAnswer: true }),
    ...(row.idempotentWhen && {
      idempotent: row.idempotentWhen as (items: readonly unknown[]) => boolean,
    }),
    ...(row.verify && { verify: row.verify }),
  });
}

/** `[['actionUser.userId', 'u1']]` → `{actionUser: {userId: 'u1'}}`. */
function nested(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [path, value] of entries) {
    const keys = path.split('.');
    let at = object;
    for (const key of keys.slice(0, -1)) {
      at = (at[key] ??= {}) as Record<string, unknown>;
    }
    at[keys[keys.length - 1] ?? path] = value;
  }
  return object;
}

/**
 * One batch failing for good ends a run of hundreds, so batches are retried longer than a
 * single call: with a quarter of attempts failing (a service in trouble), a batch still
 * gets through all but once in a quarter of a million times. Only safe retries happen:
 * what the client retries at all is unchanged.
 */
const BULK_RETRIES = 8;

/** A whole-batch answer (`{success, message}`) as one item's result. */
function batchOutcome(data: unknown): ItemResult {
  const answer = (typeof data === 'object' && data !== null ? data : {}) as Partial<ItemResult>;
  return {
    success: answer.success === true,
    ...(typeof answer.message === 'string' && { message: answer.message }),
  };
}

function eachItemGets(result: ItemResult, keys: readonly string[]): ResultMap {
  return Object.fromEntries(keys.map((key) => [key, { ...result }]));
}

/**
 * A bulk command from end to end: validate every item, confirm destructive work with its
 * count, send in batches (or print them under --dry-run), and print the merged per-item
 * results, failed ones first; exit 5 when any item failed. Progress is journaled, so that a
 * run that stops says how to resume it, and `--resume` sends only what is left.
 */
export async function runBulkCommand<Item>(
  ctx: Context,
  flags: BulkFlags,
  spec: BulkCommand<Item>,
): Promise<void> {
  const { op } = spec;
  const itemsField = op.bulk?.itemsField;
  if (!itemsField) throw new Error(`${op.name} is not a bulk operation`);
  checkBase(op, spec.base, spec.flagNames);
  keepHeapSmall();
  const client = await ctx.client();
  const source = sourceOf(flags, spec as BulkCommand<unknown>);
  // What the journal has to say ends the spinner, as a confirmation does: a line written
  // under a spinning one would be garbled.
  const shown: { spinner?: Spinner } = {};
  const notices: Notices = {
    info: (line) => {
      shown.spinner?.stop();
      ctx.out.info(line);
    },
    warn: (line) => {
      shown.spinner?.stop();
      ctx.out.warn(line);
    },
  };
  // Read from the service once every item is valid: a mistake svc can see itself is named
  // before any request, read or write, is made.
  const verify =
    spec.verify && verifier(spec.verify, client, spec.base, spec.flagNames ?? {}, notices.info);
  const progress = await openRunProgress(ctx, flags, spec, client.baseUrl, notices);
  const common = {
    source,
    stdin: () => ctx.io.stdin,
    ...(verify && { verify: verify.check }),
    describe: spec.items,
    ...(flags.allowUnknownFields && { allowUnknownFields: true }),
    ...(flags.batchSize !== undefined && { batchSize: flags.batchSize }),
    ...(progress && { progress }),
  };
  const dataFor = (items: readonly Item[]) => ({ ...spec.base, [itemsField]: items });

  if (ctx.dryRun) {
    await printBulkDryRun(ctx, client, op, common, dataFor);
    return;
  }

  // --json spools the whole result map to disk, and a pipe every row, failures first, so
  // memory stays flat whatever the input's size, and a script reading the pipe loses no
  // row. A listing for people on a terminal keeps the failures and a bounded number of
  // successes.
  const successes = new SuccessList(LISTED_SUCCESSES);
  const layout = resultsLayout(op.table);
  const spinner = await startSpinner(ctx.io, ctx.out.progress, `${op.summary}…`);
  shown.spinner = spinner;
  let opened: JsonSpool | undefined;
  let piped: TextSpool | undefined;
  try {
    const spool = (opened = ctx.out.json ? await ctx.out.jsonSpool('object') : undefined);
    if (!spool && !ctx.io.stdoutIsTTY) {
      const { TextSpool } = await import('../io/text-spool.js');
      piped = await TextSpool.open(ctx.io.stdout);
    }
    const rows = piped;
    const bodyOf = batchBody(spec.base, itemsField);
    const parsed = (items: readonly ItemJson[]) => items.map((item) => parseItemJson<Item>(item));
    // Every request has the same members beside its items, and each item was validated as
    // it was read: what `call` would check of every request is checked once, on the first,
    // before any is sent. Batches are started together, so the first one's verdict is kept
    // for all.
    let checked: { error?: unknown } | undefined;
    const checkRequest = (items: readonly ItemJson[]) => {
      try {
        client.check(op, dataFor(parsed(items)));
        return {};
      } catch (error) {
        return { error };
      }
    };
    // Failures are kept for the listing's start; successes are listed as they come.
    const listSuccess = rows
      ? (key: string, result: ItemResult) => {
          if (result.success) rows.append(tsvLine({ ...result, key }, layout.columns));
        }
      : successes.add;
    const outcome = await runBulk({
      ...common,
      ...(flags.concurrency !== undefined && { concurrency: flags.concurrency }),
      keep: spool ? 'none' : 'failed',
      onResult: spool ? (key, result) => spool.add(result, key) : listSuccess,
      // The whole run is confirmed once, with its count, before its first batch.
      ...(isDestructive(op, spec.base) && {
        beforeSend: async (total: number, firstIds: readonly string[]) => {
          spinner.stop();
          await ctx.confirmation.confirm({ count: total, ids: firstIds });
        },
      }),
      // Before the batch is recorded: a request refused here leaves no journal behind.
      checkBatch: (items) => {
        checked ??= checkRequest(items);
        if (checked.error !== undefined) throw checked.error;
      },
      sendBatch: async (items, keys) => {
        const idempotent = spec.idempotent?.(parsed(items));
        const replaces = op.bulk
          ? overwriteReason(op, { ...spec.base, [op.bulk.itemsField]: parsed(items) })
          : undefined;
        let result;
        try {
          result = await client.callSerialized<unknown>(op, bodyOf(items), spec.base, {
            ...(idempotent !== undefined && { idempotent }),
            ...(replaces !== undefined && { replaces }),
            retries: BULK_RETRIES,
          });
        } catch (err) {
          // Neither safe to resend nor known to be done: said per item, and the run goes on.
          if (err instanceof OutcomeUnknownError || err instanceof TimeoutError) {
            return eachItemGets(unknownOutcome(err.message), keys);
          }
          throw err;
        }
        return spec.batchAnswer
          ? // An answer with no data (no-data envelope) is the batch's success.
            eachItemGets(
              batchOutcome(result.data ?? { success: true, message: result.message }),
              keys,
            )
          : ((result.data ?? {}) as ResultMap);
      },
      // Called for every batch merged: formatting numbers for no one costs a bulk run.
      ...(spinner.active && {
        onProgress: (p: Progress & { total: number }) =>
          spinner.update(
            `${op.summary}: ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')}`,
          ),
      }),
      deliver: (outcome) =>
        ctx.out.deliver(async () => {
          spinner.stop();
          if (spool) return spool.print();
          await ctx.out.rows(failedFirst({ ...outcome.results, ...successes.listed }), layout);
          await rows?.print();
          if (successes.unlisted > 0) {
            ctx.out.info(
              `${count(successes.unlisted, 'more item')} succeeded and ${successes.unlisted === 1 ? 'is' : 'are'} not listed; --json lists every item`,
            );
          }
        }),
    });
    throwIfAnyFailed(outcome);
  } catch (err) {
    spinner.stop();
    throw withResumeAdvice(ctx, err, progress?.summary(), source === '-');
  } finally {
    spinner.stop();
    await opened?.discard();
    await piped?.discard();
  }
}

/**
 * The per-item results as a table: each item's id first, then what the operation's own
 * layout shows (an operation answering once per request has no id column of its own).
 */
function resultsLayout(table: TableLayout): TableLayout {
  if (table.columns.some((c) => c.path === 'key')) return table;
  return { rows: 'map', columns: [{ header: 'ID', path: 'key' }, ...table.columns] };
}

/**
 * Past this many, succeeded items are counted rather than listed for people: a table of a
 * million rows helps nobody, and holding them would cost memory that grows with the input.
 */
const LISTED_SUCCESSES = 1_000;

/** The succeeded results a listing shows, up to a limit, and how many more there were. */
class SuccessList {
  readonly listed = Object.create(null) as ResultMap;
  private size = 0;
  unlisted = 0;

  constructor(private readonly limit: number) {}

  readonly add = (key: string, result: ItemResult): void => {
    if (!result.success) return;
    if (this.size < this.limit) {
      this.listed[key] = result;
      this.size++;
    } else {
      this.unlisted++;
    }
  };
}
