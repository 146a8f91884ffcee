import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import { send } from '../../cli/send.js';
import { visibleLine } from '../../text/visible.js';
import type { crdtGetOptions } from './index.js';

type Options = HandlerOptions<typeof crdtGetOptions>;

type Editor = ResponseOf<'crdt.get'>[number];

/** An editor's content as text: text and markup as they are, a map or an array as JSON. */
export function contentText(data: unknown): string {
  if (typeof data === 'string') return data;
  return JSON.stringify(data ?? null, null, 2);
}

/**
 * What is printed for the editors: one editor's content alone, so that it can be redirected
 * to a file as it is; several, each after a `==> id <==` line and apart by an empty line, as
 * `head` prints several files. The id is one line whatever it holds, so that no id can pass
 * for a heading of its own.
 */
export function editorsText(editors: readonly Editor[]): string {
  const ended = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
  if (editors.length === 1 && editors[0]) return ended(contentText(editors[0].data));
  return editors
    .map((editor) => `==> ${visibleLine(editor.id)} <==\n${ended(contentText(editor.data))}`)
    .join('\n');
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('crdt.get');
  const result = await send<Editor[] | null>(ctx, op, {
    organizationId: opts.org,
    documentId: opts.doc,
    ...(opts.editor !== undefined && { editorId: opts.editor }),
  });
  if (!result) return;
  const editors = result.data ?? [];
  if (ctx.out.json) return ctx.out.jsonDocument(editors);
  if (editors.length === 0) {
    ctx.out.nothingListed(
      opts.editor === undefined
        ? `Document ${opts.doc} has no editor content.`
        : `Document ${opts.doc} has no editor ${opts.editor}.`,
    );
    return;
  }
  // The content is the service's: on a terminal its control characters are shown, not obeyed.
  ctx.out.text(editorsText(editors));
}
