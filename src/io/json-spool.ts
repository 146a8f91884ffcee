import type { Writable } from 'node:stream';
import type { JqFilter } from './jq-filter.js';
import type { ListingLimit } from './listing.js';
import { type JsonKind, JsonStreamWriter } from './json-stream.js';
import { TextSpool } from './text-spool.js';

/**
 * A JSON array or object built member by member in a private temporary file and copied to
 * stdout only once it is complete (text-spool.ts). A million-item result costs disk rather
 * than memory, and stdout stays empty when the command fails before the end, as the
 * contract asks of `--json` errors.
 */
export class JsonSpool {
  private readonly writer: JsonStreamWriter;

  private constructor(
    kind: JsonKind,
    private readonly spool: TextSpool,
    pretty: boolean,
    private readonly filter: JqFilter | undefined,
    private readonly limit: ListingLimit | undefined,
  ) {
    this.writer = new JsonStreamWriter(kind, pretty && !filter, (text) => spool.append(text));
  }

  /**
   * A spool that `print()` copies to `out`; `pretty` as `JSON.stringify(v, null, 2)`. With
   * a `filter` (`--jq`), what is printed is its result for the whole document; with a
   * `limit` (`--limit`), only the members within it are kept.
   */
  static async open(
    kind: JsonKind,
    out: Writable,
    pretty: boolean,
    options: { filter?: JqFilter; limit?: ListingLimit } = {},
  ): Promise<JsonSpool> {
    return new JsonSpool(kind, await TextSpool.open(out), pretty, options.filter, options.limit);
  }

  /** Adds one member; `key` names it in an object. */
  add(value: unknown, key?: string): void {
    if (this.limit && !this.limit.admit()) return;
    this.writer.push(value, key);
  }

  /** Completes the document and copies it to the output, minding backpressure. */
  async print(): Promise<void> {
    this.writer.end();
    const filter = this.filter;
    // jq reads its whole input before it filters, as `svc … --json | jq` would: the
    // document is read back into memory here, and only the result is printed.
    await this.spool.print(filter && ((text) => filter.apply(text)));
  }

  /** Removes the file, whether or not it was copied; safe to call more than once. */
  async discard(): Promise<void> {
    await this.spool.discard();
  }
}
