import type { Context } from '../../cli/context.js';
import { checkBaseUrl } from '../../config/base-url.js';
import { TransientError, UsageError } from '../../errors/errors.js';
import { errorCode, isConnectCode } from '../../http/retry.js';

/** How a newcomer gets a service to create a workspace in. */
const START_ONE =
  'start a local one with `svc emulator start` and pass the URL it prints with --base-url (or set SVC_BASE_URL)';

/**
 * Refuses, before the first question, a service that is not set or does not answer: a
 * person should not answer five questions to learn that nothing could be created.
 */
export async function checkServiceFirst(
  ctx: Context,
  service: { baseUrl: string | undefined; source: string },
  probe: boolean,
): Promise<void> {
  if (!service.baseUrl) {
    throw new UsageError('no service URL is set', { hint: START_ONE });
  }
  checkBaseUrl(service.baseUrl, service.source);
  if (!probe) return;
  const url = new URL(service.baseUrl);
  // Through a proxy, only the HTTP client knows the way; it reports what fails there.
  const { ProxyRoutes } = await import('../../http/proxy.js');
  if (new ProxyRoutes(ctx.env).proxyFor(url)) return;
  const code = await connectFailure(url, ctx.timeoutMs());
  if (code === undefined) return;
  throw new TransientError(
    `could not connect to ${url.origin} (${code}), given by ${service.source}`,
    { hint: `check that the service runs there, or ${START_ONE}` },
  );
}

/** The connection error code, when no connection to `url` can be made; any answer will do. */
async function connectFailure(url: URL, timeoutMs: number): Promise<string | undefined> {
  try {
    const res = await fetch(url.origin, {
      method: 'HEAD',
      signal: AbortSignal.timeout(Math.min(timeoutMs, 10_000)),
    });
    await res.body?.cancel();
    return undefined;
  } catch (err) {
    const code = errorCode(err);
    return code !== undefined && isConnectCode(code) ? code : undefined;
  }
}
