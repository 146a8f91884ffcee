import type { AuthLevel } from '../catalogue/types.js';
import { UsageError } from '../errors/errors.js';
import { isLoopback } from './loopback.js';

/**
 * Over plain http anyone on the path reads and changes what crosses it: credentials in the
 * headers, and the answers of calls that carry none (a new workspace's tokens, an owner's
 * email status). So every call obeys one rule: plain http only to loopback (the emulator),
 * and only when the request goes direct, since a proxy on the path reads it as well.
 * `--insecure` says the caller accepts the risk.
 */
export function checkTransport(url: URL, auth: AuthLevel, insecure: boolean, proxy?: string): void {
  if (insecure || url.protocol !== 'http:') return;
  if (!proxy && isLoopback(url.hostname)) return;
  const through = proxy ? ` through the proxy at ${proxyHost(proxy)}` : '';
  const what =
    auth === 'public' ? 'a request whose answer holds credentials or personal data' : 'credentials';
  throw new UsageError(`refusing to send ${what} over plain http to ${url.host}${through}`, {
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
