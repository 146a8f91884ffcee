import type { Context } from '../../cli/context.js';
import { TransientError } from '../../errors/errors.js';
import type { HandlerOptions } from '../../cli/declare/command.js';
import type { healthOptions } from './index.js';

type Options = HandlerOptions<typeof healthOptions>;

const DEFAULT_TIMEOUT_MS = 2_000;

/**
 * Asks an emulator's health route whether it answers: a probe for a container's HEALTHCHECK
 * or a CI step, where no curl may be at hand. Exit 0 when it does; a temporary failure (75)
 * when it does not, with the reason.
 */
export async function run(ctx: Context, opts: Options): Promise<void> {
  const url = new URL('/_emulator/health', opts.url);
  const timeout = opts.timeout ?? DEFAULT_TIMEOUT_MS;
  let reason: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeout) });
    const body = (await res.json().catch(() => undefined)) as { status?: unknown } | undefined;
    if (res.status === 200 && body?.status === 'ok') {
      ctx.out.info(`${url.origin} is healthy`);
      return;
    }
    reason = `its health route answered HTTP ${res.status}`;
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    reason =
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer within ${timeout} ms`
        : `cannot connect (${cause ?? (err instanceof Error ? err.message : String(err))})`;
  }
  throw new TransientError(`the emulator at ${url.origin} is not healthy: ${reason}`);
}
