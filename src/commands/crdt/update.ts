import { operation } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { UsageError } from '../../errors/errors.js';
import { dataFlagName, parseJsonArg, requireDataFlags, type DataFlags } from '../../io/input.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { crdtUpdateOptions } from './index.js';

type CrdtType = 'text' | 'map' | 'array' | 'xml';

type Options = HandlerOptions<typeof crdtUpdateOptions>;

/**
 * `--data` as the type needs it: text and markup are the content itself; maps and arrays
 * are JSON of the right shape, checked here so a mismatch is exit 2 with nothing sent.
 */
export async function contentOf(ctx: Context, type: CrdtType, flags: DataFlags): Promise<unknown> {
  const text = await requireDataFlags(flags, ctx.io.stdin);
  if (type === 'text' || type === 'xml') return text;
  const flag = dataFlagName(flags);
  const data = await parseJsonArg(text, flag);
  const isArray = Array.isArray(data);
  const isObject = typeof data === 'object' && data !== null && !isArray;
  if (type === 'map' && !isObject) {
    throw new UsageError(`${flag} must be a JSON object for --type map, e.g. '{"title": "Spec"}'`);
  }
  if (type === 'array' && !isArray) {
    throw new UsageError(`${flag} must be a JSON array for --type array, e.g. '[{"id": 1}]'`);
  }
  return data;
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const op = operation('crdt.update');
  const data = await contentOf(ctx, opts.type, opts);
  const result = await send(ctx, op, {
    organizationId: opts.org,
    documentId: opts.doc,
    editorId: opts.editor,
    type: opts.type,
    data,
    ...(opts.contentKey !== undefined && { contentKey: opts.contentKey }),
  });
  if (!result) return;
  ctx.out.success(result.message || `Updated editor ${opts.editor} of document ${opts.doc}`);
}
