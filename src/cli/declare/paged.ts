import type { OperationName } from '../../catalogue/operations.js';
import type { CommandDeclaration } from './command.js';
import { opt, type OptionRecord } from './options.js';

/**
 * The flags of every paged listing. How they behave is one rule (docs/cli-contract.md,
 * "Paged listings"): one page unless `--all` or `--limit`, pages printed as they arrive, and a
 * listing that stops before its end says on stderr how to continue it.
 */
export const pagingOptions = {
  pageSize: opt.wholeNumber('--page-size <n>', 'items per request (default: the service’s)', {
    min: 1,
  }),
  pageToken: opt.text('--page-token <token>', 'continue where a listing that stopped said to'),
  limit: opt
    .wholeNumber('--limit <n>', 'stop after N items, fetching pages as needed', { min: 1 })
    .conflicts('all'),
  all: opt.switch('--all', 'fetch every page to the end'),
};

/** Request members filled from flags: a wire member, the flag (option key) that gives it. */
export type RequestFlags<O extends OptionRecord> = Readonly<Record<string, keyof O & string>>;

/**
 * A paged listing as one row of data: the operation, which flag gives which request member,
 * and what it lists. `pagedCommand` adds the paging flags; one runner (`runPagedRow`) runs
 * every row, so every paged command pages, prints and continues alike.
 */
export interface PagedRow<O extends OptionRecord> {
  name: string;
  summary: string;
  help?: string;
  examples: readonly string[];
  operation: OperationName;
  /** The command's own flags: the filters of the listing. */
  options: O;
  /** Request members by wire name, and the flag of each; repeated ids are sent once. */
  request: RequestFlags<O>;
  /** What is listed, in the plural, for messages: `users`. */
  items: string;
  /**
   * For a listing with computed columns (a time in ISO form): the module that makes an
   * item's row for the table and lines, loaded when the command runs. `--json` prints items
   * as the service sent them.
   */
  display?: () => Promise<(item: Record<string, unknown>) => Record<string, unknown>>;
}

type Declared<O extends OptionRecord> = CommandDeclaration<O & typeof pagingOptions>;

export function pagedCommand<const O extends OptionRecord>(row: PagedRow<O>): Declared<O> {
  return {
    name: row.name,
    summary: row.summary,
    ...(row.help && { help: row.help }),
    examples: row.examples,
    sends: [{ operation: row.operation }],
    options: { ...row.options, ...pagingOptions },
    run: async () => {
      const { runPagedRow } = await import('../paged-command.js');
      return {
        run: (ctx, opts) => runPagedRow(ctx, opts, row as unknown as PagedRow<OptionRecord>),
      };
    },
  };
}
