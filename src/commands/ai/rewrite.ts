import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import { send } from '../../cli/send.js';
import { OperationFailedError, UsageError } from '../../errors/errors.js';
import { readAll } from '../../io/input.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { rewriteOptions } from './index.js';

type Options = HandlerOptions<typeof rewriteOptions>;

type Rewrite = ResponseOf<'ai.rewrite'>;

/**
 * `--text`, or stdin: piped, or typed at a terminal when svc may wait for a person. Stdin
 * loses the one line ending that `echo` or a final Enter puts after the text.
 */
async function textToRewrite(ctx: Context, opts: Options): Promise<string> {
  if (opts.text !== undefined) return opts.text;
  if (ctx.io.stdinIsTTY) {
    if (!ctx.io.canPrompt) throw new UsageError('give --text, or pipe the text on stdin');
    ctx.out.info('Type or paste the text, then press Ctrl-D:');
  }
  return (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '');
}

export async function run(ctx: Context, opts: Options): Promise<void> {
  const text = await textToRewrite(ctx, opts);
  // Each call costs the customer a model request: one for nothing is refused before sending.
  if (text === '') {
    throw new UsageError('the text to rewrite is empty: give --text, or pipe the text on stdin');
  }
  const op = operation('ai.rewrite');
  const result = await send<Rewrite>(ctx, op, { model: opts.model, prompt: opts.prompt, text });
  if (!result) return;
  const answer = result.data;
  if (answer.success) {
    if (ctx.out.json) ctx.out.jsonDocument({ success: true, text: answer.text ?? '' });
    else ctx.out.text(answer.text ?? '');
    return;
  }
  const error = answer.error ?? 'the model gave no answer';
  if (ctx.out.json) ctx.out.jsonDocument({ success: false, error });
  throw new OperationFailedError(`rewrite failed: ${error}`, answer);
}
