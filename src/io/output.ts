import type { Column, TableLayout } from '../catalogue/types.js';
import { COLUMN_GAP } from './fit-columns.js';
import { fitTable } from './table-fit.js';
import { recordLines, type Field } from './record-block.js';
import { UsageError } from '../errors/errors.js';
import { cellText, getPath, toRows, tsvLine } from './format.js';
import type { JqFilter } from './jq-filter.js';
import { ListingLimit } from './listing.js';
import type { JsonSpool } from './json-spool.js';
import type { JsonKind } from './json-stream.js';
import { outputError } from './output-failure.js';
import type { PagerSettings } from './pager.js';
import type { IOStreams } from './streams.js';
import { plainStyle, styleFor, type Style } from './style.js';
import { visibleText } from '../text/visible.js';
import { wrapWords } from '../text/wrap.js';

/**
 * The one place that writes results. Data goes to stdout: a table on a terminal,
 * tab-separated lines when piped, one JSON document with `--json`. Everything else goes
 * to stderr.
 */
export class Output {
  /**
   * Styles for stdout and stderr: plain when the stream may not have colour, or under --json,
   * and until `loadStyles` has loaded the coloured ones.
   */
  style: { out: Style; err: Style } = { out: plainStyle, err: plainStyle };

  /** The first write to stdout that failed (a full disk, an I/O error). */
  private failure: Error | undefined;

  /** `--jq`: what every JSON document goes through on its way to stdout. */
  private filter: JqFilter | undefined;

  /** `--quiet`: stderr carries errors only, no notice, warning or progress. */
  readonly quiet: boolean;

  /** `--limit N` of a listing. */
  private readonly limit: ListingLimit | undefined;

  /** The pager for a result longer than the terminal; undefined for none (`--no-pager`). */
  private readonly pager: PagerSettings | undefined;

  constructor(
    private readonly io: IOStreams,
    readonly json: boolean,
    options: { quiet?: boolean; limit?: number; pager?: PagerSettings } = {},
  ) {
    this.quiet = options.quiet === true;
    this.pager = options.pager;
    this.limit = options.limit === undefined ? undefined : new ListingLimit(options.limit);
    // Kept to be reported by `settled`: unheard, the event would end the process with a
    // stack trace.
    io.stdout.on('error', (err: Error) => {
      this.failure ??= err;
    });
  }

  /** Loads the coloured styles for the streams that may have colour (not under --json). */
  async loadStyles(): Promise<void> {
    const [out, err] = await Promise.all([
      styleFor(this.io.colorStdout && !this.json),
      styleFor(this.io.colorStderr && !this.json),
    ]);
    this.style = { out, err };
  }

  /** Progress for people (spinners, a retry's status line) may be shown on stderr. */
  get progress(): boolean {
    return !this.json && !this.quiet;
  }

  /** From now on, JSON documents are printed as `filter` transforms them (`--jq`). */
  filterWith(filter: JqFilter): void {
    this.filter = filter;
  }

  /**
   * Resolves once everything written to stdout so far has been taken by it; rejects with an
   * OutputError if any of it could not be written. A command's result is not delivered
   * before then.
   */
  settled(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(outputError(this.failure));
      this.io.stdout.write('', (err) => {
        const failure = this.failure ?? err;
        if (failure) reject(outputError(failure));
        else resolve();
      });
    });
  }

  /**
   * Runs `write`, which prints a result, and waits until stdout has taken it. A failure of
   * stdout on the way is an OutputError, whatever part of `write` met it.
   */
  async deliver(write: () => Promise<void> | void): Promise<void> {
    try {
      await write();
    } catch (err) {
      if (this.failure && err === this.failure) throw outputError(this.failure);
      throw err;
    }
    await this.settled();
    const cut = this.limit?.notice();
    if (cut) this.info(cut);
  }

  /** Writes the result document (`--json`) or its rows. */
  async data(value: unknown, layout: TableLayout): Promise<void> {
    if (this.json) return this.writeJson(this.limitedList(value, layout));
    await this.rows(toRows(value, layout), layout);
  }

  /**
   * A map keyed by id (`permissions get` by user) cut to its first `--limit` members; as it
   * is without a limit.
   */
  limitedMap<T>(map: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
    return this.limit ? this.limit.takeEntries(map) : map;
  }

  /**
   * The document with its list cut to --limit: the document itself, or the member that
   * `layout.at` names (`workspace tokens`: `authTokens`), the rest of it as it is.
   */
  private limitedList(value: unknown, layout: TableLayout): unknown {
    if (!this.limit || layout.rows !== 'list') return value;
    if (Array.isArray(value)) return this.limit.take(value);
    const at = layout.at;
    if (at === undefined || value === null || typeof value !== 'object') return value;
    const list: unknown = (value as Record<string, unknown>)[at];
    return Array.isArray(list) ? { ...value, [at]: this.limit.take(list) } : value;
  }

  /** Prints one JSON document; a listing's array is cut to `--limit`. */
  jsonDocument(value: unknown): Promise<void> {
    return this.writeJson(this.limit && Array.isArray(value) ? this.limit.take(value) : value);
  }

  private async writeJson(value: unknown): Promise<void> {
    if (this.filter) return this.show(this.filter.apply(JSON.stringify(value) ?? 'null'));
    const text = this.io.stdoutIsTTY ? JSON.stringify(value, null, 2) : JSON.stringify(value);
    return this.show(`${text ?? 'null'}\n`);
  }

  /**
   * Writes a whole result to stdout: through the pager when stdout is a terminal and the
   * text is taller than it (as `less -F` would), else as it is. Only results are paged, once
   * every question has been asked; notices and errors stay on stderr, unpaged.
   */
  private async show(text: string): Promise<void> {
    const rows = this.io.rows;
    if (!this.pager || !this.io.stdoutIsTTY || !rows || lineCount(text) < rows) {
      this.io.stdout.write(text);
      return;
    }
    const { page } = await import('./pager.js');
    await page(this.pager, text, this.io.stdout);
  }

  /**
   * One JSON array (a listing) or object (a bulk result map) added to member by member and
   * printed, as `jsonDocument` would print it, only by `print()`: a failure before then
   * leaves stdout empty. Call `discard()` in any case.
   */
  async jsonSpool(kind: JsonKind): Promise<JsonSpool> {
    const { JsonSpool } = await import('./json-spool.js');
    return JsonSpool.open(kind, this.io.stdout, this.io.stdoutIsTTY, {
      ...(this.filter && { filter: this.filter }),
      ...(kind === 'array' && this.limit && { limit: this.limit }),
    });
  }

  /**
   * A JSON document written as text piece by piece (nested lists that `jsonSpool` cannot
   * build member by member) and printed, through `--jq` if given, only by `print()`.
   * `pretty` says whether the text should be indented, as `jsonDocument` would print it.
   */
  async jsonTextSpool(): Promise<{
    pretty: boolean;
    append: (text: string) => void;
    print: () => Promise<void>;
    discard: () => Promise<void>;
  }> {
    const { TextSpool } = await import('./text-spool.js');
    const spool = await TextSpool.open(this.io.stdout);
    const filter = this.filter;
    return {
      pretty: this.io.stdoutIsTTY && !filter,
      append: (text) => spool.append(text),
      print: () => spool.print(filter && ((text) => filter.apply(text))),
      discard: () => spool.discard(),
    };
  }

  /** Prints rows as a table on a terminal, else as lines; at most `--limit` of them. */
  async rows(all: readonly object[], layout: TableLayout): Promise<void> {
    const rows = this.limit ? this.limit.take(all) : all;
    const columns = layout.columns;
    if (columns.length === 0 || rows.length === 0) return;
    if (!this.io.stdoutIsTTY) {
      for (const row of rows) this.io.stdout.write(tsvLine(row, columns));
      return;
    }
    const cells = rows.map((row) => columns.map((c) => cellText(getPath(row, c.path))));
    const width = this.io.columns;
    if (layout.rows === 'record' && rows.length === 1) {
      const fields = columns.map((c, i) => field(c, c.header, cells[0]?.[i]));
      this.io.stdout.write(`${recordLines(fields, width, (l) => this.bold(l)).join('\n')}\n`);
      return;
    }
    const fit = fitTable(columns, cells, width);
    if (fit.blocks) {
      // Side by side the values would be cut or broken: one record per block keeps each whole.
      // A block leaves out what its record lacks, and the alignment a table gave a value (a
      // folder's indentation in the tree) has nothing to line up with there.
      const blocks = cells.map((row) =>
        recordLines(
          fit.shown
            .filter((i) => row[i])
            .map((i) => field(columns[i], `${columns[i]?.header ?? ''}:`, row[i]?.trimStart())),
          width,
          (l) => this.bold(l),
        ).join('\n'),
      );
      return this.show(`${blocks.join('\n\n')}\n`);
    }
    const { default: Table } = await import('cli-table3');
    const table = new Table({
      head: fit.shown.map((i) => this.bold(columns[i]?.header ?? '')),
      chars: borderless,
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': COLUMN_GAP },
      wordWrap: true,
      // Only free text is given a width to wrap within; cli-table3 sizes every other column
      // to its longest value, so none is cut.
      ...(fit.widths && {
        colWidths: fit.widths.map((w, at) => (columns[fit.shown[at] ?? -1]?.wraps ? w : null)),
      }),
    });
    for (const row of cells) table.push(fit.shown.map((i) => row[i] ?? ''));
    await this.show(`${table.toString()}\n`);
  }

  /** A no-data success: `{"status":"success","message":…}` with `--json`, a line on stderr otherwise. */
  success(message: string): Promise<void> | void {
    if (this.json) return this.jsonDocument({ status: 'success', message });
    this.info(message);
  }

  /**
   * A result that is text, not records (`ai rewrite`, `svc api`): as received when piped,
   * with control characters shown rather than obeyed on a terminal.
   */
  text(text: string): void {
    if (this.filter) throw new UsageError('--jq: the result is not JSON, so jq cannot read it');
    const shown = this.io.stdoutIsTTY ? visibleText(text) : text;
    this.io.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`);
  }

  /**
   * Says that a listing found nothing, where a person would otherwise see an empty screen;
   * a pipe and `--json` already have their empty answer.
   */
  nothingListed(line: string): void {
    if (!this.json && this.io.stdoutIsTTY) this.info(line);
  }

  /**
   * A notice for a person on stderr (progress, hints, confirmations); under --json, one
   * JSON line, as every stderr line is. Nothing under --quiet.
   */
  info(line: string): void {
    if (this.quiet) return;
    if (this.json) return this.jsonNotice('info', line);
    this.io.stderr.write(`${this.fitted(visibleText(line))}\n`);
  }

  /**
   * A line svc composed and styled itself, so its colour codes must pass: whatever came from
   * outside in it has been through `visibleText` already.
   */
  styledInfo(line: string): void {
    if (this.quiet) return;
    this.io.stderr.write(`${line}\n`);
  }

  /** A warning on stderr; like every notice, nothing under --quiet. */
  warn(line: string): void {
    if (this.quiet) return;
    if (this.json) return this.jsonNotice('warning', line);
    const label = 'warning:';
    const text = this.fitted(`${label} ${visibleText(line)}`, ' '.repeat(label.length + 1));
    this.io.stderr.write(`${this.style.err.yellow(label)}${text.slice(label.length)}\n`);
  }

  /**
   * A notice broken between words to fit the terminal stderr writes to, rather than where
   * the terminal's edge falls (`toke`/`ns`); `indent` starts each line it adds.
   */
  private fitted(text: string, indent = ''): string {
    return wrapWords(text, this.io.stderrColumns, indent, { commands: true });
  }

  private jsonNotice(kind: 'info' | 'warning', line: string): void {
    this.io.stderr.write(`${JSON.stringify({ [kind]: { message: line } })}\n`);
  }

  private bold(text: string): string {
    return this.style.out.bold(text);
  }
}

const borderless = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '',
};

/** One value of a record under `label`: free text wraps only where its column says so. */
function field(column: Column | undefined, label: string, value: string | undefined): Field {
  return { label, value: value ?? '', wraps: column?.wraps === true };
}

/** How many lines `text` takes, not counting the line feed that ends it. */
function lineCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return text.endsWith('\n') ? count : count + 1;
}
