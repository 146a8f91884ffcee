import type { ConfirmSubject } from '../../catalogue/destructive.js';
import type { OperationName } from '../../catalogue/operations.js';
import { resumableBulkOptions } from '../bulk-options.js';
import type { BulkVerify } from '../bulk-verify.js';
import type { CommandDeclaration, HandlerOptions } from './command.js';
import type { OptionRecord } from './options.js';

/**
 * A bulk command as one row of data: the operation, where its items go, which flags
 * describe one item, and how the service answers. `bulkCommand` turns a row into a command
 * with the shared bulk flags; one runner (`runBulkRow`) runs every row.
 */
export interface BulkRow<O extends OptionRecord> {
  name: string;
  summary: string;
  help?: string;
  examples: readonly string[];
  operation: OperationName;
  /** Request members the command sets itself (`disabled: true`). */
  fixed?: Readonly<Record<string, unknown>>;
  /** The command's own flags: where the items go, and one item's fields. */
  options: O;
  /** Request members beside the items, by wire name, and the flag (option key) of each. */
  scope?: Readonly<Record<string, keyof O & string>>;
  /**
   * One item from flags: either the flag (option key) holding a list of ids and the name
   * of an id in a file's column, or the flag of each wire field (`actionUser.userId` for a
   * nested one).
   */
  item:
    | { ids: keyof O & string; column: string }
    | { fields: Readonly<Record<string, keyof O & string>> };
  /** The flags named when neither they nor `--file` describe any item. */
  itemFlags: string;
  /** The field naming an item's parent in the same input, sent after the parent. */
  dependsOn?: string;
  /** The service answers once per request (`{success, message}`), not per item. */
  batchAnswer?: boolean;
  /** A batch that may be resent safely, though the operation in general may not be. */
  idempotentWhen?: (items: readonly Record<string, unknown>[]) => boolean;
  confirm?: (opts: HandlerOptions<O>, subject: ConfirmSubject) => string;
  /** What the input names that the service must already have, read before sending. */
  verify?: readonly BulkVerify[];
}

/** Every bulk row's flags: its own, then the shared bulk flags. */
type BulkRowOptions<O extends OptionRecord> = O & typeof resumableBulkOptions;

type Declared<O extends OptionRecord> = CommandDeclaration<BulkRowOptions<O>>;

export function bulkCommand<const O extends OptionRecord>(row: BulkRow<O>): Declared<O> {
  return {
    name: row.name,
    summary: row.summary,
    ...(row.help && { help: row.help }),
    examples: row.examples,
    sends: [{ operation: row.operation, ...(row.fixed && { fixed: row.fixed }) }],
    options: { ...row.options, ...resumableBulkOptions },
    // A row's confirmation reads only the row's own flags, which every run has.
    ...(row.confirm && { confirm: row.confirm as Declared<O>['confirm'] }),
    run: async () => {
      const { runBulkRow } = await import('../bulk-command.js');
      return { run: (ctx, opts) => runBulkRow(ctx, opts, row as unknown as BulkRow<OptionRecord>) };
    },
  };
}

type Toggle = 'disable' | 'enable';

/**
 * A `disable` and `enable` pair: one operation, split by the state each sets. The rest of
 * the row is shared; only the words differ by verb.
 */
export interface AccessToggles<O extends OptionRecord> extends Omit<
  BulkRow<O>,
  'name' | 'summary' | 'examples' | 'fixed' | 'confirm'
> {
  summary: Readonly<Record<Toggle, string>>;
  examples: Readonly<Record<Toggle, readonly string[]>>;
  /** What switching off `n` items asks. */
  confirm: (opts: HandlerOptions<O>, n: number) => string;
}

export function accessToggles<const O extends OptionRecord>(spec: AccessToggles<O>) {
  const { summary, examples, confirm, ...row } = spec;
  const toggle = (verb: Toggle) => {
    const disabled = verb === 'disable';
    return bulkCommand<O>({
      ...row,
      name: verb,
      summary: summary[verb],
      examples: examples[verb],
      fixed: { disabled },
      // Enabling only restores access, so only switching it off is confirmed.
      ...(disabled && {
        confirm: (opts: HandlerOptions<O>, { count: n = 0 }: ConfirmSubject) => confirm(opts, n),
      }),
    });
  };
  return { disable: toggle('disable'), enable: toggle('enable') };
}
