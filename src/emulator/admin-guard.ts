import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { isLoopback } from '../http/loopback.js';
import { EmulatorError } from './errors.js';

/** Where the emulator listens: what a `Host` header may name for the admin routes. */
export interface BoundAddress {
  /** The `--host` value as given (a name or an address). */
  host: string;
  /** The address the socket is bound to. */
  address: string;
  port: number;
}

/**
 * Body types a web page may send to any origin without a preflight. No client of the admin
 * routes needs the first two; `curl -d` sends the third, so it is refused only when a
 * browser says the request is cross-site (and then by the origin rule).
 */
const PAGE_SENDABLE_TYPES = ['text/plain', 'multipart/form-data'];

const WILDCARDS = new Set(['0.0.0.0', '::']);

function bare(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** Host and port of a `Host` header or an origin's authority; undefined when unparsable. */
function authorityOf(authority: string): { hostname: string; port: number } | undefined {
  try {
    const url = new URL(`http://${authority}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash)
      return undefined;
    return { hostname: bare(url.hostname), port: url.port === '' ? 80 : Number(url.port) };
  } catch {
    return undefined;
  }
}

/**
 * Whether `hostname` names the bound address. A DNS rebinding attack reaches the socket
 * under the attacker's own name, so names other than the one bound (and `localhost` for a
 * loopback or wildcard bind) are refused; an IP literal cannot be rebound, so a wildcard
 * bind accepts any.
 */
function namesBoundAddress(hostname: string, bound: BoundAddress): boolean {
  const names = new Set([bare(bound.host), bare(bound.address)]);
  const wildcard = WILDCARDS.has(bare(bound.address));
  if (wildcard || isLoopback(bound.address)) names.add('localhost');
  if (names.has(hostname)) return true;
  return wildcard && isIP(hostname) !== 0;
}

function refuse(message: string): EmulatorError {
  return new EmulatorError('PERMISSION_DENIED', message);
}

function checkHost(req: IncomingMessage, bound: BoundAddress, what: string): void {
  const header = req.headers.host;
  const authority = header === undefined ? undefined : authorityOf(header);
  if (
    !authority ||
    authority.port !== bound.port ||
    !namesBoundAddress(authority.hostname, bound)
  ) {
    throw refuse(
      `The emulator's ${what} answer only requests addressed to ${bound.host}:${bound.port}; ` +
        `this one was addressed to ${header === undefined ? 'no host' : JSON.stringify(header)}.`,
    );
  }
}

/** A foreign page announces itself by its `Origin` (or `Sec-Fetch-Site`) on every POST. */
function checkOrigin(req: IncomingMessage, bound: BoundAddress): void {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const authority = origin.startsWith('http://')
      ? authorityOf(origin.slice('http://'.length))
      : undefined;
    if (
      !authority ||
      authority.port !== bound.port ||
      !namesBoundAddress(authority.hostname, bound)
    ) {
      throw refuse(`The emulator's admin routes refuse calls from a web page (${origin}).`);
    }
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw refuse(`The emulator's admin routes refuse calls from a web page (${site}).`);
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (PAGE_SENDABLE_TYPES.includes(type)) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `The emulator's admin routes take JSON bodies, not ${type}: send content-type application/json.`,
      { httpStatus: 415 },
    );
  }
}

/**
 * Refuses an admin request that a web page could have made: one addressed by a name other
 * than the bound address (DNS rebinding), and a state-changing one from a foreign origin or
 * in a body type a page can send cross-site. The CLI, test clients and curl send none of these.
 */
export function checkAdminRequest(req: IncomingMessage, bound: BoundAddress): void {
  checkHost(req, bound, 'admin routes');
  if (req.method !== 'GET' && req.method !== 'HEAD') checkOrigin(req, bound);
}

/**
 * Refuses a request to the service routes (`/v1`, `/v2`) addressed by a name other than the
 * bound address: a page that rebinds its own name to this machine could otherwise create
 * workspaces and run unauthenticated calls (a login link, an email status) from the browser.
 */
export function checkServiceRequest(req: IncomingMessage, bound: BoundAddress): void {
  checkHost(req, bound, 'service routes');
}
