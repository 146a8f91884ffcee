import type { AuthLevel } from '../catalogue/types.js';
import { UsageError } from '../errors/errors.js';
import { isLoopback } from './loopback.js';

/**
 * Credentials cross the network in headers; over plain http anyone on the path reads them.
 * Loopback (the emulator) is exempt only when the request goes direct: a proxy on the path
 * reads them as well. `--insecure` says the caller accepts the risk.
 */
export function checkCredentialTransport(
  url: URL,
  auth: AuthLevel,
  insecure: boolean,
  proxy?: string,
): void {
  if (auth === 'public' || insecure || url.protocol !== 'http:') return;
  if (!proxy && isLoopback(url.hostname)) return;
  const through = proxy ? ` through the proxy at ${proxyHost(proxy)}` : '';
  throw new UsageError(`refusing to send credentials over plain http to ${url.host}${through}`, {
    hint: 'use an https:// service URL, or pass --insecure if this network is trusted',
  });
}

/** The proxy's host only: its URL may carry a user and password. */
function proxyHost(proxy: string): string {
  try {
    return new URL(proxy).host;
  } catch {
    return 'the configured address';
  }
}
