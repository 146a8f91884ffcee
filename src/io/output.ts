import type { TableLayout } from '../catalogue/types.js';
import { Chalk, type ChalkInstance } from 'chalk';
import { cellText, getPath, toRows, tsvLine } from './format.js';
import type { JsonSpool } from './json-spool.js';
import type { JsonKind } from './json-stream.js';
import type { IOStreams } from './streams.js';

/**
 * The one place that writes results. Data goes to stdout: a table on a terminal,
 * tab-separated lines when piped, one JSON document with `--json`. Everything else goes
 * to stderr.
 */
export class Output {
  /** Styles for stdout and stderr: plain when the stream may not have colour, or under --json. */
  readonly style: { out: ChalkInstance; err: ChalkInstance };

  constructor(
    private readonly io: IOStreams,
    readonly json: boolean,
  ) {
    this.style = {
      out: new Chalk({ level: io.colorStdout && !json ? 1 : 0 }),
      err: new Chalk({ level: io.colorStderr && !json ? 1 : 0 }),
    };
  }

  /** Writes the result document (`--json`) or its rows. */
  async data(value: unknown, layout: TableLayout): Promise<void> {
    if (this.json) return this.jsonDocument(value);
    await this.rows(toRows(value, layout), layout);
  }

  jsonDocument(value: unknown): void {
    const text = this.io.stdoutIsTTY ? JSON.stringify(value, null, 2) : JSON.stringify(value);
    this.io.stdout.write(`${text ?? 'null'}\n`);
  }

  /**
   * One JSON array (a listing) or object (a bulk result map) added to member by member and
   * printed, as `jsonDocument` would print it, only by `print()`: a failure before then
   * leaves stdout empty. Call `discard()` in any case.
   */
  async jsonSpool(kind: JsonKind): Promise<JsonSpool> {
    const { JsonSpool } = await import('./json-spool.js');
    return JsonSpool.open(kind, this.io.stdout, this.io.stdoutIsTTY);
  }

  async rows(rows: readonly object[], layout: TableLayout): Promise<void> {
    const columns = layout.columns;
    if (columns.length === 0 || rows.length === 0) return;
    if (!this.io.stdoutIsTTY) {
      for (const row of rows) this.io.stdout.write(tsvLine(row, columns));
      return;
    }
    if (layout.rows === 'record' && rows.length === 1) {
      const width = Math.max(...columns.map((c) => c.header.length));
      for (const c of columns) {
        const label = this.bold(c.header.padEnd(width));
        this.io.stdout.write(`${label}  ${cellText(getPath(rows[0], c.path))}\n`);
      }
      return;
    }
    const { default: Table } = await import('cli-table3');
    const table = new Table({
      head: columns.map((c) => this.bold(c.header)),
      chars: borderless,
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2 },
      wordWrap: true,
    });
    for (const row of rows) table.push(columns.map((c) => cellText(getPath(row, c.path))));
    this.io.stdout.write(`${table.toString()}\n`);
  }

  /** A no-data success: `{"status":"success","message":…}` with `--json`, a line on stderr otherwise. */
  success(message: string): void {
    if (this.json) return this.jsonDocument({ status: 'success', message });
    this.info(message);
  }

  /** Progress, hints and confirmations: stderr, never stdout. */
  info(line: string): void {
    this.io.stderr.write(`${line}\n`);
  }

  warn(line: string): void {
    this.io.stderr.write(`${this.style.err.yellow('warning:')} ${line}\n`);
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
