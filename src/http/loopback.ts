const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether `host` names this machine through loopback: a URL's hostname (IPv6 in brackets)
 * or a bind address (`::1`, `127.1`), in any form URL parsing makes canonical.
 */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  try {
    return LOOPBACK.test(new URL(`http://${bare.includes(':') ? `[${bare}]` : bare}`).hostname);
  } catch {
    return false;
  }
}
