import { createInterface } from 'node:readline';
import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { repeatedToken } from '../../cli/paged-command.js';
import { UsageError } from '../../errors/errors.js';
import { fileReason } from '../../io/file-reason.js';
import { count } from '../../io/plural.js';
import type { exportOptions } from './index.js';
const {
  closeSync,
  createReadStream,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} = process.getBuiltinModule('node:fs');
const { dirname } = process.getBuiltinModule('node:path');
const { randomUUID } = process.getBuiltinModule('node:crypto');

type Options = HandlerOptions<typeof exportOptions>;
type Lists = Record<string, unknown>;

/** A `--file`'s lines are written in pieces of about this size. */
const FLUSH_AT = 64 * 1024;

/** Where the export's lines go as pages arrive: `{"list": …, "item": …}`, one a line. */
interface LineSink {
  add(text: string): Promise<void> | void;
  /** Everything written is complete: flush, and put it in its place. */
  finish(): Promise<void> | void;
  /** Frees what the sink holds; a file not finished is removed. */
  close(): Promise<void>;
}

/**
 * A file written beside `path` and given its name once whole, so no half export is left.
 * The name is given by a hard link, which fails rather than replace a file that appeared
 * at `path` since it was checked (by a rename where the file system has no links).
 */
function fileSink(path: string): LineSink {
  const temporary = `${path}.${randomUUID()}.tmp`;
  let fd: number;
  try {
    fd = openSync(temporary, 'wx', 0o600);
  } catch (err) {
    throw new UsageError(`--file: cannot write in ${dirname(path)}: ${fileReason(err)}`);
  }
  let pending = '';
  let open = true;
  const flush = () => {
    if (pending !== '') writeSync(fd, pending);
    pending = '';
  };
  const closeAndRemove = () => {
    if (open) closeSync(fd);
    open = false;
    unlinkSync(temporary);
  };
  return {
    add(text) {
      // Written in pieces: not one system call a line.
      pending += text;
      if (pending.length >= FLUSH_AT) flush();
    },
    finish() {
      flush();
      fsyncSync(fd);
      let linked = true;
      try {
        linkSync(temporary, path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new UsageError(`--file: ${path} appeared meanwhile; svc will not replace it`);
        }
        linked = false;
      }
      if (linked) return closeAndRemove();
      // A file system without hard links (FAT): the name is given by a rename instead.
      closeSync(fd);
      open = false;
      renameSync(temporary, path);
    },
    async close() {
      if (open) closeAndRemove();
    },
  };
}

/** Standard output, a page at a time, minding backpressure (`--file -`). */
function stdoutSink(ctx: Context): LineSink {
  return {
    add: (text) =>
      new Promise<void>((resolve, reject) =>
        ctx.io.stdout.write(text, (err) => (err ? reject(err) : resolve())),
      ),
    finish: () => undefined,
    close: async () => undefined,
  };
}

/**
 * `--file PATH` is checked before anything is sent: a new file in a folder that exists.
 * An existing file is refused rather than replaced, since an export is personal data the
 * person may already have kept there.
 */
function checkTarget(path: string): void {
  let exists = true;
  try {
    lstatSync(path);
  } catch {
    exists = false;
  }
  if (exists) {
    throw new UsageError(`--file: ${path} exists; svc will not replace it`, {
      hint: 'name a new file, or remove that one first',
    });
  }
  const folder = dirname(path);
  let isFolder = false;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch (err) {
    throw new UsageError(`--file: cannot use folder ${folder}: ${fileReason(err)}`);
  }
  if (!isFolder) throw new UsageError(`--file: ${folder} is not a folder`);
}

/** The items of one list, read back from the spooled lines. */
async function* itemsOf(path: string, list: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) {
    const entry = JSON.parse(line) as { list: string; item: unknown };
    if (entry.list === list) yield entry.item;
  }
}

/**
 * The export as one JSON object of lists, the text `JSON.stringify` would give (indented on
 * a terminal), made from the spooled lines one list at a time so no list is held whole.
 */
async function printDocument(ctx: Context, path: string, lists: readonly string[]): Promise<void> {
  const out = await ctx.out.jsonTextSpool();
  try {
    const nl = out.pretty ? '\n' : '';
    const indent = (n: number) => (out.pretty ? ' '.repeat(n) : '');
    out.append('{');
    for (const [i, list] of lists.entries()) {
      out.append(
        `${i > 0 ? ',' : ''}${nl}${indent(2)}${JSON.stringify(list)}:${out.pretty ? ' ' : ''}[`,
      );
      let first = true;
      for await (const item of itemsOf(path, list)) {
        const text = out.pretty
          ? JSON.stringify(item, null, 2).replaceAll('\n', `\n${indent(4)}`)
          : JSON.stringify(item);
        out.append(`${first ? '' : ','}${nl}${indent(4)}${text}`);
        first = false;
      }
      out.append(first ? ']' : `${nl}${indent(2)}]`);
    }
    out.append(lists.length > 0 ? `${nl}}\n` : '}\n');
    await out.print();
  } finally {
    await out.discard();
  }
}

/** Nothing kept: the lists are only counted. */
const countOnly: LineSink = {
  add: () => undefined,
  finish: () => undefined,
  close: async () => undefined,
};

/** A spool for the JSON document: the lines in a private temporary file, read back by list. */
async function spoolSink(ctx: Context): Promise<LineSink & { path: () => string }> {
  const { TextSpool } = await import('../../io/text-spool.js');
  const spool = await TextSpool.open(ctx.io.stdout);
  let path = '';
  return {
    add: (text) => spool.append(text),
    finish: () => void (path = spool.written()),
    close: () => spool.discard(),
    path: () => path,
  };
}

/**
 * Reads every page of a user's export. Each page holds up to 100 items of every list; the
 * lists are whatever arrays the answer's `data` has, in the order first seen. With `--file`
 * the items go out as lines as they arrive; otherwise they are spooled, then printed as one
 * JSON document (`--json`) or counted.
 */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('users.export');
  const target = opts.file;
  if (target !== undefined && target !== '-') checkTarget(target);
  const client = await ctx.client();
  const sink: LineSink & { path?: () => string } =
    target === '-'
      ? stdoutSink(ctx)
      : target
        ? fileSink(target)
        : ctx.out.json
          ? await spoolSink(ctx)
          : countOnly;
  const counts = new Map<string, number>();
  try {
    let token: string | undefined;
    do {
      const page = await client.call<Lists | null>(op, {
        organizationId: opts.org,
        userId: opts.user,
        ...(token !== undefined && { pageToken: token }),
      });
      let text = '';
      for (const [list, items] of Object.entries(page.data ?? {})) {
        if (!Array.isArray(items)) continue;
        counts.set(list, (counts.get(list) ?? 0) + items.length);
        for (const item of items) text += `${JSON.stringify({ list, item })}\n`;
      }
      await sink.add(text);
      if (page.next !== undefined && page.next === token) throw repeatedToken(page.next);
      token = page.next;
    } while (token !== undefined);
    await sink.finish();
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    if (target !== undefined) {
      if (target !== '-') ctx.out.info(`wrote ${count(total, 'item')} to ${target}`);
      return;
    }
    if (ctx.out.json) return await printDocument(ctx, sink.path?.() ?? '', [...counts.keys()]);
    await ctx.out.rows(
      [...counts].map(([list, items]) => ({ list, items })),
      {
        rows: 'list',
        columns: [
          { header: 'LIST', path: 'list' },
          { header: 'ITEMS', path: 'items' },
        ],
      },
    );
    ctx.out.info('the items themselves: --json for one document, or --file PATH for JSON lines');
  } finally {
    await sink.close();
  }
}
