import type { IncomingMessage } from 'node:http';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
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
  /**
   * Other names clients use for this emulator (`--allowed-host`): a container's service
   * name, `host.docker.internal`. A bare name is accepted on any port, since a container's
   * port is often published under another number; `name:port` only on that port.
   */
  allowedHosts?: readonly string[];
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

/** Whether a name the user allowed (`--allowed-host`) covers this host and port. */
function isAllowedHost(authority: { hostname: string; port: number }, bound: BoundAddress) {
  return (bound.allowedHosts ?? []).some((entry) => {
    const allowed = allowedHostOf(entry);
    return (
      allowed !== undefined &&
      allowed.hostname === authority.hostname &&
      (allowed.port === undefined || allowed.port === authority.port)
    );
  });
}

/** Whether a `Host` header's or an origin's authority addresses this emulator. */
function addressesEmulator(authority: { hostname: string; port: number }, bound: BoundAddress) {
  return (
    (authority.port === bound.port && namesBoundAddress(authority.hostname, bound)) ||
    isAllowedHost(authority, bound)
  );
}

/**
 * An `--allowed-host` value: a host name or IP literal, with an optional port
 * (`svc-emulator`, `svc-emulator:8080`, `[::1]:4510`); undefined when it is not one.
 */
export function allowedHostOf(entry: string): { hostname: string; port?: number } | undefined {
  if (entry === '' || /[/?#@\\\s]/.test(entry)) return undefined;
  try {
    const url = new URL(`http://${entry}`);
    const hostname = bare(url.hostname);
    if (hostname === '' || url.pathname !== '/') return undefined;
    const explicitPort = /:\d+$/.test(entry);
    return explicitPort
      ? { hostname, port: Number(url.port === '' ? 80 : url.port) }
      : { hostname };
  } catch {
    return undefined;
  }
}

function refuse(message: string): EmulatorError {
  return new EmulatorError('PERMISSION_DENIED', message);
}

function checkHost(req: IncomingMessage, bound: BoundAddress, what: string): void {
  const header = req.headers.host;
  const authority = header === undefined ? undefined : authorityOf(header);
  if (!authority || !addressesEmulator(authority, bound)) {
    throw refuse(
      `The emulator's ${what} answer only requests addressed to ${bound.host}:${bound.port}; ` +
        `this one was addressed to ${header === undefined ? 'no host' : JSON.stringify(header)}. ` +
        'Name the other hosts clients use with --allowed-host (SVC_EMULATOR_ALLOWED_HOSTS).',
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
    if (!authority || !addressesEmulator(authority, bound)) {
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
export function checkAdminRequest(
  req: IncomingMessage,
  bound: BoundAddress,
  adminToken?: AdminToken,
): void {
  checkHost(req, bound, 'admin routes');
  if (req.method !== 'GET' && req.method !== 'HEAD') checkOrigin(req, bound);
  adminToken?.check(req);
}

export const MIN_ADMIN_TOKEN_LENGTH = 16;

/** A token a person can set: long enough not to be guessed, and sendable in a header. */
export function isAdminToken(token: string): boolean {
  return (
    /^[\x21-\x7e]+$/.test(token) && token.length >= MIN_ADMIN_TOKEN_LENGTH && token.length <= 256
  );
}

/** A token for an emulator whose user set none: 32 random bytes. */
export function newAdminToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The header an admin call carries its token in: `Authorization: Bearer TOKEN`. */
const BEARER = /^Bearer ([\x21-\x7e]+)$/;

/**
 * The token an emulator others can reach asks of every admin call (but health), where the
 * Host and Origin rules alone would let anyone on the network reset or export it all.
 * Compared by digest, in constant time, so the answer's timing says nothing of it.
 */
export class AdminToken {
  private readonly digest: Buffer;

  constructor(token: string) {
    this.digest = sha256(token);
  }

  check(req: IncomingMessage): void {
    if (isOpenRoute(req)) return;
    const given = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(sha256(given), this.digest)) {
      throw new EmulatorError(
        'UNAUTHENTICATED',
        "The emulator's admin routes need its admin token: send Authorization: Bearer TOKEN, " +
          'with the token in SVC_EMULATOR_ADMIN_TOKEN where the emulator was started (svc emulator ' +
          'exec and start --detach hand it on; a start at a terminal prints it).',
      );
    }
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The admin routes that need no admin token: health says only that the emulator answers,
 * and its version (probes call it); verify is the link of an owner-email message, which
 * carries a secret of its own and is opened by a person in a browser; the web UI's pages
 * and assets hold no data (a browser cannot send a header when it opens a link), while
 * every call they make for data, `/_emulator/ui/api/…`, carries the token.
 */
const OPEN_ROUTES = new Set(['/_emulator/health', '/_emulator/verify']);
const UI_PAGES = '/_emulator/ui';
const UI_CALLS = '/_emulator/ui/api/';

function isOpenRoute(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '').split('?')[0] ?? '';
  if (OPEN_ROUTES.has(path)) return true;
  // Paths are matched as sent, never decoded or resolved, here and by the UI's routes.
  return (path === UI_PAGES || path.startsWith(`${UI_PAGES}/`)) && !path.startsWith(UI_CALLS);
}

/**
 * Refuses a request to the service routes (`/v1`, `/v2`) addressed by a name other than the
 * bound address: a page that rebinds its own name to this machine could otherwise create
 * workspaces and run unauthenticated calls (a login link, an email status) from the browser.
 */
export function checkServiceRequest(req: IncomingMessage, bound: BoundAddress): void {
  checkHost(req, bound, 'service routes');
}
