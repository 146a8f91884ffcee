import { EmulatorError } from '../errors.js';

const LOOPBACK = ['localhost', '127.0.0.1', '::1'];

/**
 * Where the emulator may send webhooks: loopback, and the hosts its starter allowed
 * (`--webhook-host`). An endpoint anyone with an API key can create must not make the
 * emulator a way to reach other machines, as the AI providers' URLs are fixed at start too.
 */
export class WebhookHosts {
  private readonly hosts: Set<string>;

  constructor(extra: readonly string[] = []) {
    this.hosts = new Set([
      ...LOOPBACK,
      ...extra.map((h) => h.toLowerCase().replace(/^\[|\]$/g, '')),
    ]);
  }

  allows(url: string): boolean {
    try {
      const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
      return this.hosts.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
    } catch {
      return false;
    }
  }

  /** Why a delivery to `url` was not attempted, in the attempt's words. */
  refusal(url: string): string {
    let host = url;
    try {
      host = new URL(url).host;
    } catch {
      // the URL as given
    }
    return `not sent: the emulator sends webhooks to loopback and --webhook-host hosts only, not ${host}`;
  }

  /**
   * INVALID_ARGUMENT when `url` would send webhooks to the emulator itself (`own`, its URL):
   * any loopback address at its port, or an `/_emulator/` path anywhere. Each delivery to it
   * would be one more request to the emulator, and its admin routes are no receiver.
   */
  static refuseSelf(url: string, own: string, field: string): void {
    let target: URL;
    let self: URL;
    try {
      target = new URL(url);
      self = new URL(own);
    } catch {
      return;
    }
    const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const port = target.port || (target.protocol === 'https:' ? '443' : '80');
    const local =
      LOOPBACK.includes(host) ||
      /^127\.\d+\.\d+\.\d+$/.test(host) ||
      host === '0.0.0.0' ||
      host === self.hostname.replace(/^\[|\]$/g, '');
    let path = target.pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      // a path that does not decode is compared as it is
    }
    if ((local && port === self.port) || path.toLowerCase().startsWith('/_emulator')) {
      throw new EmulatorError(
        'INVALID_ARGUMENT',
        `${field} must not point at the emulator itself (${self.host}) or at an /_emulator/ path: webhooks go to a receiver of yours.`,
      );
    }
  }

  /** INVALID_ARGUMENT for a host name that cannot be one. */
  static check(host: string): string {
    if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) {
      throw new EmulatorError('INVALID_ARGUMENT', `webhook host "${host}" is not a host name.`);
    }
    return host;
  }
}
