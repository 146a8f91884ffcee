import type { AuthLevel } from '../catalogue/types.js';
import { UsageError } from '../errors/errors.js';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Credentials cross the network in headers; over plain http anyone on the path reads them.
 * Loopback (the emulator) is exempt, and `--insecure` says the caller accepts the risk.
 */
export function checkCredentialTransport(url: URL, auth: AuthLevel, insecure: boolean): void {
  if (auth === 'public' || insecure || url.protocol !== 'http:' || LOOPBACK.test(url.hostname)) {
    return;
  }
  throw new UsageError(`refusing to send credentials over plain http to ${url.host}`, {
    hint: 'use an https:// service URL, or pass --insecure if this network is trusted',
  });
}
